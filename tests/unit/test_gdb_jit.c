// SPDX-License-Identifier: MIT
/*
 * kernel/module/gdb_jit.c: what gdb reads through its JIT interface. A
 * loaded module is one entry of __jit_debug_descriptor, registered before
 * its init runs: a copy of its image with each loaded section's address in
 * sh_addr and the others no longer SHF_ALLOC. Once init is done the entry
 * is registered again without the init sections (their symbols
 * undefined); unload, or a failed init, unregisters it. A load from a
 * file registers the buffer kallsyms keeps, not a copy, and the edits
 * change nothing kallsyms reports. gdb's breakpoint
 * function is replaced here (the library's is weak) to record each call.
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

struct jit_code_entry {
	struct jit_code_entry *next_entry;
	struct jit_code_entry *prev_entry;
	const char *symfile_addr;
	uint64_t symfile_size;
};

struct jit_descriptor {
	uint32_t version;
	uint32_t action_flag;
	struct jit_code_entry *relevant_entry;
	struct jit_code_entry *first_entry;
};

extern struct jit_descriptor __jit_debug_descriptor;
void __jit_debug_register_code(void);

static struct capture cap;
static uint32_t actions[16];
static unsigned int num_actions;

/* what gdb would see at each call: the action, and the entry still linked */
void __jit_debug_register_code(void)
{
	if (num_actions < 16)
		actions[num_actions++] = __jit_debug_descriptor.action_flag;
}

static unsigned int num_entries(void)
{
	unsigned int n = 0;

	for (struct jit_code_entry *e = __jit_debug_descriptor.first_entry; e; e = e->next_entry)
		n++;
	return n;
}

static void parse_entry(struct umod_elf *elf)
{
	struct jit_code_entry *e = __jit_debug_descriptor.first_entry;

	assert_non_null(e);
	assert_int_equal(umod_elf_parse(elf, e->symfile_addr, e->symfile_size, NULL, NULL), 0);
}

static const Elf64_Shdr *shdr(const struct umod_elf *elf, const char *name)
{
	int idx = umod_elf_find_section(elf, name);

	assert_true(idx > 0);
	return &elf->sechdrs[idx];
}

static const Elf64_Sym *sym(const struct umod_elf *elf, const char *name)
{
	for (unsigned int i = 1; i < elf->num_syms; i++)
		if (!strcmp(umod_elf_symname(elf, &elf->syms[i]), name))
			return &elf->syms[i];
	fail_msg("no symbol %s", name);
	return NULL;
}

/* during init: the registered object places .init.text where it runs */
static uint64_t init_text_seen;
static int init_symbol_defined;

static int probe(void)
{
	struct umod_elf elf;

	parse_entry(&elf);
	init_text_seen = shdr(&elf, ".init.text")->sh_addr;
	init_symbol_defined = sym(&elf, "k_init")->st_shndx != SHN_UNDEF;
	return 0;
}

/*
 * .text: alpha, also the exit; .init.text: k_init ("call probe; ret", or "mov $-22, %eax;
 * ret" when @fail); .modinfo is not loaded.
 */
static unsigned char *jit_module(bool fail, size_t *len)
{
	static const unsigned char text[16] = { 0xc3 };
	static const unsigned char init_ok[6] = { 0xe8, 0, 0, 0, 0, 0xc3 };
	static const unsigned char init_fail[6] = { 0xb8, 0xea, 0xff, 0xff, 0xff, 0xc3 };
	struct synth *s = synth_new();
	struct module m = { .name = "k" };
	unsigned char *img;
	char info[256];
	unsigned int t, it, mod, isym, tsym;
	int n;

	n = snprintf(info, sizeof(info), "license=GPL%cname=k%cvermagic=%s", 0, 0, umod_vermagic);
	t = synth_section(s, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 16, text, sizeof(text));
	it = synth_section(s, ".init.text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 16,
			   fail ? init_fail : init_ok, 6);
	synth_section(s, ".modinfo", SHT_PROGBITS, SHF_ALLOC, 1, info, (size_t)n + 1);
	mod = synth_section(s, ".gnu.linkonce.this_module", SHT_PROGBITS,
			    SHF_ALLOC | SHF_WRITE, 64, &m, sizeof(m));
	synth_modversions(s);
	tsym = synth_symbol(s, "alpha", t, 0, STB_LOCAL, STT_FUNC);
	isym = synth_symbol(s, "k_init", it, 0, STB_LOCAL, STT_FUNC);
	if (!fail)
		synth_rela(s, it, 1, R_X86_64_PLT32,
			   synth_symbol(s, "probe", SHN_UNDEF, 0, STB_GLOBAL, STT_NOTYPE), -4);
	synth_rela(s, mod, offsetof(struct module, init), R_X86_64_64, isym, 0);
	/* an exit (alpha, a ret): the module can be unloaded */
	synth_rela(s, mod, offsetof(struct module, exit), R_X86_64_64, tsym, 0);
	img = synth_image(s, len);
	synth_free(s);
	return img;
}

static void registered_while_loaded(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *mod;
	struct umod_elf elf;
	unsigned char *img;
	size_t len;

	num_actions = 0;
	assert_int_equal(umod_host_export(host, "probe", probe, 0), 0);
	img = jit_module(false, &len);
	if (umod_module_insert_image(host, img, len, NULL, 0, &mod))
		fail_msg("%s", capture_last(&cap));
	free(img);
	/* init saw itself placed, named by its own symbol */
	assert_true(init_text_seen != 0);
	assert_true(init_symbol_defined);

	assert_int_equal(num_entries(), 1);
	parse_entry(&elf);
	assert_int_equal(shdr(&elf, ".text")->sh_addr,
			 (uint64_t)(uintptr_t)umod_module_find_section(mod, ".text")->addr);
	assert_true(shdr(&elf, ".text")->sh_flags & SHF_ALLOC);
	assert_int_equal(sym(&elf, "alpha")->st_shndx, umod_elf_find_section(&elf, ".text"));
	/* not loaded: no place, not allocated */
	assert_false(shdr(&elf, ".modinfo")->sh_flags & SHF_ALLOC);
	/* init freed: its section unplaced, its symbol gone */
	assert_int_equal(shdr(&elf, ".init.text")->sh_addr, 0);
	assert_false(shdr(&elf, ".init.text")->sh_flags & SHF_ALLOC);
	assert_int_equal(sym(&elf, "k_init")->st_shndx, SHN_UNDEF);
	assert_int_equal(__jit_debug_descriptor.action_flag, 0);

	assert_int_equal(umod_module_remove(host, "k", 0), 0);
	assert_int_equal(num_entries(), 0);
	/* load, init freed (out and in again), unload */
	assert_int_equal(num_actions, 4);
	assert_int_equal(actions[0], 1);
	assert_int_equal(actions[1], 2);
	assert_int_equal(actions[2], 1);
	assert_int_equal(actions[3], 2);
	umod_module_unref(mod);
	umod_host_unref(host);
}

static int list_symbol(void *data, const char *name, char type, const void *addr)
{
	char *out = data;
	size_t n = strlen(out);

	snprintf(out + n, 64 - n, "%c %s %p\n", type, name, addr);
	return 0;
}

static void file_load_shares_kallsyms_image(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	char path[] = "/tmp/umod-test-gdb-jit-XXXXXX", name[16], modname[16], list[64] = "";
	char expect[64];
	struct umod_module *mod;
	struct umod_elf elf;
	unsigned char *img;
	void *text;
	unsigned long off, size;
	size_t len;
	int fd;

	assert_int_equal(umod_host_export(host, "probe", probe, 0), 0);
	img = jit_module(false, &len);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, img, len), (ssize_t)len);
	close(fd);
	if (umod_module_insert_file(host, path, NULL, 0, &mod))
		fail_msg("%s", capture_last(&cap));
	unlink(path);
	free(img);
	assert_true(init_symbol_defined);

	/* one buffer: the object gdb reads is the image kallsyms keeps */
	assert_int_equal(num_entries(), 1);
	assert_non_null(umod_kallsyms_image(mod));
	assert_ptr_equal(__jit_debug_descriptor.first_entry->symfile_addr,
			 umod_kallsyms_image(mod));
	parse_entry(&elf);
	assert_int_equal(sym(&elf, "k_init")->st_shndx, SHN_UNDEF);

	/* kallsyms, built now from the edited buffer, names the text as before */
	text = umod_module_find_section(mod, ".text")->addr;
	assert_int_equal(umod_host_lookup_address(host, text, name, sizeof(name), modname,
						  sizeof(modname), &off, &size), 0);
	assert_string_equal(name, "alpha");
	assert_string_equal(modname, "k");
	assert_int_equal(off, 0);
	assert_int_equal(umod_module_for_each_symbol(mod, list_symbol, list), 0);
	snprintf(expect, sizeof(expect), "t alpha %p\n", text);
	assert_string_equal(list, expect);

	assert_int_equal(umod_module_remove(host, "k", 0), 0);
	assert_int_equal(num_entries(), 0);
	umod_module_unref(mod);
	umod_host_unref(host);
}

static void failed_init_unregisters(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	unsigned char *img;
	size_t len;

	num_actions = 0;
	img = jit_module(true, &len);
	assert_int_equal(umod_module_insert_image(host, img, len, NULL, 0, NULL), -EINVAL);
	free(img);
	assert_int_equal(num_entries(), 0);
	assert_int_equal(num_actions, 2);
	assert_int_equal(actions[0], 1);
	assert_int_equal(actions[1], 2);
	umod_host_unref(host);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(registered_while_loaded),
		cmocka_unit_test(failed_init_unregisters),
		cmocka_unit_test(file_load_shares_kallsyms_image),
	};

	return cmocka_run_group_tests_name("gdb_jit", tests, NULL, NULL);
}
