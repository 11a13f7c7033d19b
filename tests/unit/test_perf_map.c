// SPDX-License-Identifier: MIT
/*
 * kernel/module/perf_map.c: with umod_perf_map_enable(1) a load appends
 * one "START SIZE name [module]" line per sized function (hex, no 0x) to
 * /tmp/perf-PID.map, not module_init()'s alias; nothing when disabled; a
 * symlink planted at the file's path is not followed (the load goes on,
 * the log says why).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "elfsynth.h"
#include "helpers.h"
#include "kernel/module/internal.h"

static struct capture cap;
static char map_path[64];

/* .text: alpha (8 bytes), beta (no size: not listed); init_module aliases alpha */
static unsigned char *perf_module(size_t *len)
{
	static const unsigned char text[16] = { 0xc3 };
	struct synth *s = synth_new();
	struct module m = { .name = "k" };
	unsigned char *img;
	Elf64_Sym *syms;
	char info[256];
	unsigned int t, mod, alpha;
	int n;

	n = snprintf(info, sizeof(info), "license=GPL%cname=k%cvermagic=%s", 0, 0, umod_vermagic);
	t = synth_section(s, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 16, text, sizeof(text));
	synth_section(s, ".modinfo", SHT_PROGBITS, SHF_ALLOC, 1, info, (size_t)n + 1);
	mod = synth_section(s, ".gnu.linkonce.this_module", SHT_PROGBITS,
			    SHF_ALLOC | SHF_WRITE, 64, &m, sizeof(m));
	synth_modversions(s);
	alpha = synth_symbol(s, "alpha", t, 0, STB_LOCAL, STT_FUNC);
	synth_symbol(s, "beta", t, 8, STB_LOCAL, STT_FUNC);
	synth_symbol(s, "init_module", t, 0, STB_GLOBAL, STT_FUNC);
	synth_rela(s, mod, offsetof(struct module, exit), R_X86_64_64, alpha, 0);
	img = synth_image(s, len);
	synth_free(s);
	/* the sizes elfsynth leaves at 0 */
	syms = (Elf64_Sym *)(img + synth_shdr(img, synth_find(img, ".symtab"))->sh_offset);
	syms[alpha].st_size = 8;
	syms[alpha + 2].st_size = 8;
	return img;
}

static struct umod_module *load(struct umod_host *host)
{
	struct umod_module *mod;
	unsigned char *img;
	size_t len;

	img = perf_module(&len);
	if (umod_module_insert_image(host, img, len, NULL, 0, &mod))
		fail_msg("%s", capture_last(&cap));
	free(img);
	return mod;
}

static char *read_map(void)
{
	static char buf[4096];
	FILE *f = fopen(map_path, "r");
	size_t n = 0;

	if (f) {
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	return buf;
}

static int setup(void **state)
{
	snprintf(map_path, sizeof(map_path), "/tmp/perf-%d.map", (int)getpid());
	unlink(map_path);
	return 0;
}

static int teardown(void **state)
{
	umod_perf_map_enable(0);
	unlink(map_path);
	return 0;
}

static void lists_functions(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *mod;
	char expect[128];

	umod_perf_map_enable(1);
	mod = load(host);
	snprintf(expect, sizeof(expect), "%llx 8 alpha [k]\n",
		 (unsigned long long)(uintptr_t)umod_module_find_section(mod, ".text")->addr);
	assert_string_equal(read_map(), expect);
	assert_int_equal(umod_module_remove(host, "k", 0), 0);
	umod_module_unref(mod);
	/* a second load appends: perf takes the latest line */
	mod = load(host);
	assert_int_equal(strlen(read_map()), 2 * strlen(expect));
	umod_module_remove(host, "k", 0);
	umod_module_unref(mod);
	umod_host_unref(host);
}

static void off_by_default(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *mod = load(host);

	assert_int_equal(access(map_path, F_OK), -1);
	umod_module_remove(host, "k", 0);
	umod_module_unref(mod);
	umod_host_unref(host);
}

static void symlink_not_followed(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *mod;
	char target[96], expect[128];

	snprintf(target, sizeof(target), "%s.target", map_path);
	unlink(target);
	assert_int_equal(symlink(target, map_path), 0);
	umod_perf_map_enable(1);
	mod = load(host);
	assert_int_equal(access(target, F_OK), -1);
	snprintf(expect, sizeof(expect), "k: cannot write %s (err %d)", map_path, -ELOOP);
	assert_true(capture_has(&cap, expect));
	umod_module_remove(host, "k", 0);
	umod_module_unref(mod);
	umod_host_unref(host);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(lists_functions, setup, teardown),
		cmocka_unit_test_setup_teardown(off_by_default, setup, teardown),
		cmocka_unit_test_setup_teardown(symlink_not_followed, setup, teardown),
	};

	return cmocka_run_group_tests_name("perf_map", tests, NULL, NULL);
}
