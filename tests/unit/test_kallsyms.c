// SPDX-License-Identifier: MIT
/*
 * kernel/module/kallsyms.c: a loaded module's addresses named as the kernel's %pS
 * names them, from its copied symbol table: closest symbol below, size up
 * to the next one (or the end of the text run), the first of several
 * symbols at one address; init code named while init runs; nothing once
 * the module is gone.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
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
static struct umod_host *where_host;
static char where_text[128];

/* called from the module's init: names its own return address */
static int where(void)
{
	umod_host_sprint_symbol(where_host, __builtin_return_address(0), where_text,
				sizeof(where_text));
	return 0;
}

/*
 * .text: alpha at 0 (and its global alias init_alias), beta at 0x20,
 * then an unnamed tail (exit is alpha, a ret); .data: var at 8;
 * .init.text: k_init, which does "sub $8,%rsp; call where; add $8,%rsp;
 * ret" while the init region exists (the sub keeps the ABI's 16-byte
 * stack alignment at the call: where()'s lookup may use aligned stores).
 */
static struct synth *kallsyms_module(void)
{
	static const unsigned char text[64] = { 0xc3 }, init[14] = {
		0x48, 0x83, 0xec, 0x08, 0xe8, 0, 0, 0, 0, 0x48, 0x83, 0xc4, 0x08, 0xc3
	};
	struct synth *s = synth_new();
	struct module m = { .name = "k" };
	char info[256];
	unsigned int t, d, it, mod, isym, fn, tsym;
	int n;

	n = snprintf(info, sizeof(info), "license=GPL%cname=k%cvermagic=%s", 0, 0, umod_vermagic);
	t = synth_section(s, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 16, text, sizeof(text));
	d = synth_section(s, ".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 8, NULL, 32);
	it = synth_section(s, ".init.text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 16,
			   init, sizeof(init));
	synth_section(s, ".modinfo", SHT_PROGBITS, SHF_ALLOC, 1, info, (size_t)n + 1);
	mod = synth_section(s, ".gnu.linkonce.this_module", SHT_PROGBITS,
			    SHF_ALLOC | SHF_WRITE, 64, &m, sizeof(m));
	synth_modversions(s);
	synth_symbol(s, "k.c", SHN_ABS, 0, STB_LOCAL, STT_FILE);
	tsym = synth_symbol(s, "", t, 0, STB_LOCAL, STT_SECTION);
	synth_symbol(s, "alpha", t, 0, STB_LOCAL, STT_FUNC);
	synth_symbol(s, "beta", t, 0x20, STB_LOCAL, STT_FUNC);
	synth_symbol(s, ".Lhidden", t, 0x10, STB_LOCAL, STT_NOTYPE);
	synth_symbol(s, "var", d, 8, STB_LOCAL, STT_OBJECT);
	isym = synth_symbol(s, "k_init", it, 0, STB_LOCAL, STT_FUNC);
	synth_symbol(s, "init_alias", t, 0, STB_GLOBAL, STT_FUNC);
	fn = synth_symbol(s, "where", SHN_UNDEF, 0, STB_GLOBAL, STT_NOTYPE);
	synth_rela(s, it, 5, R_X86_64_PLT32, fn, -4);
	synth_rela(s, mod, offsetof(struct module, init), R_X86_64_64, isym, 0);
	synth_rela(s, mod, offsetof(struct module, exit), R_X86_64_64, tsym, 0);
	return s;
}

static const char *name_of(struct umod_host *host, uint64_t addr)
{
	static char buf[128];

	umod_host_sprint_symbol(host, (const void *)(uintptr_t)addr, buf, sizeof(buf));
	return buf;
}

/*
 * Loads the module from a caller's buffer (the table is built at load)
 * or from a file (the read buffer is kept, the table built on the first
 * lookup: here, where() in init).
 */
static void insert_k(struct umod_host *host, bool from_file, struct umod_module **mod)
{
	struct synth *s = kallsyms_module();
	char path[] = "/tmp/umod-test-kallsyms-XXXXXX";
	unsigned char *img;
	size_t len;
	int fd;

	img = synth_image(s, &len);
	if (!from_file) {
		assert_int_equal(umod_module_insert_image(host, img, len, NULL, 0, mod), 0);
	} else {
		fd = mkstemp(path);
		assert_true(fd >= 0);
		assert_int_equal(write(fd, img, len), (ssize_t)len);
		close(fd);
		assert_int_equal(umod_module_insert_file(host, path, NULL, 0, mod), 0);
		unlink(path);
	}
	free(img);
	synth_free(s);
}

static void names_addresses_from(bool from_file)
{
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *mod;
	uint64_t text, data, text_end;
	char name[16], modname[16], expect[64];
	unsigned long off, size;

	where_host = host;
	where_text[0] = 0;
	assert_int_equal(umod_host_export(host, "where", where, 0), 0);
	insert_k(host, from_file, &mod);
	/* during init: the return address after the call (4 + 5 bytes in) */
	assert_true(!strncmp(where_text, "k_init+0x9/0x", 13));
	assert_non_null(strstr(where_text, " [k]"));

	text = (uint64_t)(uintptr_t)umod_module_find_section(mod, ".text")->addr;
	data = (uint64_t)(uintptr_t)umod_module_find_section(mod, ".data")->addr;
	text_end = (uint64_t)(uintptr_t)mod->core.base + mod->core.text_size;
	assert_string_equal(name_of(host, text), "alpha+0x0/0x20 [k]");
	/* .Lhidden at 0x10 is no symbol: still alpha */
	assert_string_equal(name_of(host, text + 0x12), "alpha+0x12/0x20 [k]");
	snprintf(expect, sizeof(expect), "beta+0x5/0x%llx [k]",
		 (unsigned long long)(text_end - text - 0x20));
	assert_string_equal(name_of(host, text + 0x25), expect);
	assert_int_equal(umod_host_lookup_address(host, (void *)(uintptr_t)(data + 9), name,
						  sizeof(name), modname, sizeof(modname), &off,
						  &size), 0);
	assert_string_equal(name, "var");
	assert_string_equal(modname, "k");
	assert_int_equal(off, 1);
	/* before the first symbol of its run: in the module, but unnamed */
	assert_int_equal(umod_host_lookup_address(host, (void *)(uintptr_t)data, NULL, 0,
						  NULL, 0, NULL, NULL), -ENOENT);
	/* outside every module: the raw address, as %pS prints it */
	assert_int_equal(umod_host_sprint_symbol(host, (void *)0x1234, name, sizeof(name)),
			 -ENOENT);
	assert_string_equal(name, "0x1234");

	assert_int_equal(umod_module_remove(host, "k", 0), 0);
	assert_int_equal(umod_host_lookup_address(host, (void *)(uintptr_t)text, NULL, 0, NULL, 0,
						  NULL, NULL), -ENOENT);
	umod_module_unref(mod);
	umod_host_unref(host);
}

static void names_addresses(void **state)
{
	names_addresses_from(false);
}

/* the same names from the table built on the first lookup */
static void names_addresses_lazy(void **state)
{
	names_addresses_from(true);
}

/* from a file, with no lookup during init: a listing builds the table */
static int count_sym(void *data, const char *name, char type, const void *addr)
{
	if (!strcmp(name, "beta") && type == 't')
		++*(int *)data;
	return 0;
}

static void listing_builds_table(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *mod;
	int found = 0;

	where_host = NULL;	/* where() names nothing: no lookup before the listing */
	assert_int_equal(umod_host_export(host, "where", where, 0), 0);
	insert_k(host, true, &mod);
	assert_int_equal(umod_module_for_each_symbol(mod, count_sym, &found), 0);
	assert_int_equal(found, 1);
	assert_int_equal(umod_module_remove(host, "k", 0), 0);
	umod_module_unref(mod);
	umod_host_unref(host);
}

/* truncation never overflows, and the length says what was needed */
static void small_buffers(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *mod;
	struct synth *s = kallsyms_module();
	unsigned char *img;
	char buf[8];
	size_t len;

	where_host = host;
	umod_host_export(host, "where", where, 0);
	img = synth_image(s, &len);
	assert_int_equal(umod_module_insert_image(host, img, len, NULL, 0, &mod), 0);
	free(img);
	synth_free(s);
	assert_int_equal(umod_host_sprint_symbol(host, umod_module_find_section(mod, ".text")->addr,
						 buf, sizeof(buf)),
			 (int)strlen("alpha+0x0/0x20 [k]"));
	assert_string_equal(buf, "alpha+0");
	assert_int_equal(umod_host_sprint_symbol(NULL, buf, buf, sizeof(buf)), -EINVAL);
	umod_module_unref(mod);
	umod_host_unref(host);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_addresses),
		cmocka_unit_test(names_addresses_lazy),
		cmocka_unit_test(listing_builds_table),
		cmocka_unit_test(small_buffers),
	};

	return cmocka_run_group_tests_name("kallsyms", tests, NULL, NULL);
}
