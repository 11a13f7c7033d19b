// SPDX-License-Identifier: MIT
/*
 * util/elf.c and the module checks of kernel/module/main.c: one case per invariant
 * of umod_elf_parse() and per module-level check. Each broken image must
 * be refused with its own errno and message, leave no module and no
 * mapping behind, and leave the host able to load a good module.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "arch/arch.h"
#include "elfsynth.h"
#include "helpers.h"
#include "kernel/module/internal.h"

struct fixture {
	struct capture cap;
	struct umod_host *host;
	unsigned char *img;
	size_t len;
	int maps;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct synth *s = synth_module("synth");

	f->host = test_host_new(&f->cap);
	f->img = synth_image(s, &f->len);
	synth_free(s);
	/* the module area is reserved at the first load: let it exist first */
	if (f->host && !umod_module_insert_image(f->host, f->img, f->len, NULL, 0, NULL))
		umod_module_remove(f->host, "synth", 0);
	f->maps = count_mappings();
	*state = f;
	return f->host ? 0 : -1;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	umod_host_unref(f->host);
	free(f->img);
	free(f);
	return 0;
}

static Elf64_Ehdr *ehdr(struct fixture *f)
{
	return (Elf64_Ehdr *)f->img;
}

/* refused with @err and exactly @msg; nothing stays; the host still works */
static void expect_refused(struct fixture *f, int err, const char *msg)
{
	struct umod_module *mod = NULL;
	struct synth *s;
	unsigned char *good;
	size_t len;

	assert_int_equal(umod_module_insert_image(f->host, f->img, f->len, NULL, 0, &mod), err);
	assert_null(mod);
	assert_string_equal(capture_last(&f->cap), msg);
	assert_int_equal(umod_module_find(f->host, "synth", &mod), -ENOENT);
	assert_int_equal(count_mappings(), f->maps);

	s = synth_module("good");
	good = synth_image(s, &len);
	assert_int_equal(umod_module_insert_image(f->host, good, len, NULL, 0, NULL), 0);
	assert_int_equal(umod_module_remove(f->host, "good", 0), 0);
	synth_free(s);
	free(good);
}

static void valid_module_loads(void **state)
{
	struct fixture *f = *state;
	struct umod_module *mod;

	assert_int_equal(umod_module_insert_image(f->host, f->img, f->len, NULL, 0, &mod), 0);
	assert_string_equal(umod_module_get_name(mod), "synth");
	assert_int_equal(umod_module_get_state(mod), UMOD_MODULE_LIVE);
	assert_int_equal(umod_module_remove(f->host, "synth", 0), 0);
	assert_int_equal(umod_module_get_state(mod), UMOD_MODULE_GONE);
	umod_module_unref(mod);
	assert_int_equal(count_mappings(), f->maps);
}

static void truncated_header(void **state)
{
	struct fixture *f = *state;

	f->len = 10;
	expect_refused(f, -ENOEXEC, "Invalid ELF header len 10");
}

static void empty_image(void **state)
{
	struct fixture *f = *state;

	f->len = 0;
	expect_refused(f, -ENOEXEC, "Invalid ELF header len 0");
}

static void bad_magic(void **state)
{
	struct fixture *f = *state;

	f->img[1] = 'X';
	expect_refused(f, -ENOEXEC, "Invalid ELF header magic: != \177ELF");
}

static void wrong_class(void **state)
{
	struct fixture *f = *state;

	f->img[EI_CLASS] = ELFCLASS32;
	expect_refused(f, -ENOEXEC, "Invalid ELF header class: 1 != 2");
}

static void wrong_data_encoding(void **state)
{
	struct fixture *f = *state;

	f->img[EI_DATA] = ELFDATA2MSB;
	expect_refused(f, -ENOEXEC, "Invalid ELF header data encoding: 2 != 1");
}

static void wrong_type(void **state)
{
	struct fixture *f = *state;

	ehdr(f)->e_type = ET_DYN;
	expect_refused(f, -ENOEXEC, "Invalid ELF header type: 3 != 1");
}

static void wrong_machine(void **state)
{
	struct fixture *f = *state;

	/* the other port's machine: x86-64 (62) refuses arm64 (183) and the reverse */
	bool arm = UMOD_ARCH_ELF_MACHINE == EM_AARCH64;

	ehdr(f)->e_machine = arm ? EM_X86_64 : EM_AARCH64;
	expect_refused(f, -ENOEXEC, arm ? "Invalid architecture in ELF header: 62" :
					  "Invalid architecture in ELF header: 183");
}

static void wrong_shentsize(void **state)
{
	struct fixture *f = *state;

	ehdr(f)->e_shentsize = 40;
	expect_refused(f, -ENOEXEC, "Invalid ELF section header size");
}

static void section_headers_past_end(void **state)
{
	struct fixture *f = *state;

	ehdr(f)->e_shoff = f->len - 8;
	expect_refused(f, -ENOEXEC, "Invalid ELF section header overflow");
}

static void section_count_past_end(void **state)
{
	struct fixture *f = *state;

	ehdr(f)->e_shnum = 0xffff;
	expect_refused(f, -ENOEXEC, "Invalid ELF section header overflow");
}

static void shstrndx_out_of_range(void **state)
{
	struct fixture *f = *state;
	char msg[128];

	snprintf(msg, sizeof(msg), "Invalid ELF section name index: 99 || e_shstrndx (99) >= e_shnum (%d)",
		 ehdr(f)->e_shnum);
	ehdr(f)->e_shstrndx = 99;
	expect_refused(f, -ENOEXEC, msg);
}

static void section_offset_past_end(void **state)
{
	struct fixture *f = *state;
	unsigned int text = synth_find(f->img, ".text");

	synth_shdr(f->img, text)->sh_offset = f->len;
	expect_refused(f, -ENOEXEC, "Invalid ELF section in module (section 1 type 1)");
}

static void section_size_overflows(void **state)
{
	struct fixture *f = *state;
	unsigned int text = synth_find(f->img, ".text");

	synth_shdr(f->img, text)->sh_size = ~0ull - 8;
	expect_refused(f, -ENOEXEC, "Invalid ELF section in module (section 1 type 1)");
}

static void section_names_unterminated(void **state)
{
	struct fixture *f = *state;
	Elf64_Shdr *shs = synth_shdr(f->img, ehdr(f)->e_shstrndx);

	f->img[shs->sh_offset + shs->sh_size - 1] = 'x';
	expect_refused(f, -ENOEXEC, "ELF Spec violation: section name table isn't null terminated");
}

static void section_name_past_table(void **state)
{
	struct fixture *f = *state;
	unsigned int text = synth_find(f->img, ".text");

	synth_shdr(f->img, text)->sh_name = 0x7fffffff;
	expect_refused(f, -ENOEXEC, "Invalid ELF section name in module (section 1 type 1)");
}

/* found by fuzz_elf: name searches read every section's name */
static void null_section_name_past_table(void **state)
{
	struct fixture *f = *state;
	unsigned int text = synth_find(f->img, ".text");

	synth_shdr(f->img, text)->sh_type = SHT_NULL;
	synth_shdr(f->img, text)->sh_name = 0x7fffffff;
	expect_refused(f, -ENOEXEC, "Invalid ELF section name in module (section 1 type 0)");
}

/* found by fuzz_elf: an SHT_NULL ".modinfo" was read from past the image */
static void null_section_past_end(void **state)
{
	struct fixture *f = *state;
	unsigned int info = synth_find(f->img, ".modinfo");

	synth_shdr(f->img, info)->sh_type = SHT_NULL;
	synth_shdr(f->img, info)->sh_offset = f->len + 4096;
	expect_refused(f, -ENOEXEC, "Invalid ELF section in module (section 2 type 0)");
}

static void section_zero_not_null(void **state)
{
	struct fixture *f = *state;

	synth_shdr(f->img, 0)->sh_type = SHT_PROGBITS;
	expect_refused(f, -ENOEXEC, "ELF Spec violation: section 0 type(1)!=SH_NULL or non-zero len or addr");
}

static void bad_alignment(void **state)
{
	struct fixture *f = *state;
	unsigned int text = synth_find(f->img, ".text");

	synth_shdr(f->img, text)->sh_addralign = 24;
	expect_refused(f, -ENOEXEC, "Invalid ELF section alignment in module (section 1: 24)");
}

/* a module with one symbol whose fields the case then breaks */
static void with_symbol(struct fixture *f, const char *name)
{
	struct synth *s = synth_module("synth");

	synth_symbol(s, name, 1, 0, STB_GLOBAL, STT_FUNC);
	free(f->img);
	f->img = synth_image(s, &f->len);
	synth_free(s);
}

static Elf64_Sym *symbol(struct fixture *f, unsigned int idx)
{
	Elf64_Shdr *st = synth_shdr(f->img, synth_find(f->img, ".symtab"));

	return (Elf64_Sym *)(f->img + st->sh_offset) + idx;
}

static void symbol_name_past_strtab(void **state)
{
	struct fixture *f = *state;

	with_symbol(f, "fn");
	symbol(f, 1)->st_name = 0x10000;
	expect_refused(f, -ENOEXEC, "Invalid ELF symbol 1: name offset 65536 past the string table");
}

static void symbol_section_out_of_range(void **state)
{
	struct fixture *f = *state;

	with_symbol(f, "fn");
	symbol(f, 1)->st_shndx = 0x1234;
	expect_refused(f, -ENOEXEC, "Invalid ELF symbol 1 (fn): section index 4660");
}

static void symbol_value_past_section(void **state)
{
	struct fixture *f = *state;

	with_symbol(f, "fn");
	symbol(f, 1)->st_value = 0x1000;
	expect_refused(f, -ENOEXEC, "Invalid ELF symbol 1 (fn): value 0x1000 past its section");
}

static void no_symbol_table(void **state)
{
	struct fixture *f = *state;

	synth_shdr(f->img, synth_find(f->img, ".symtab"))->sh_type = SHT_PROGBITS;
	expect_refused(f, -ENOEXEC, "synth: module has no symbols (stripped?)");
}

/* a module whose .text has one relocation the case then breaks */
static void with_reloc(struct fixture *f, uint32_t type, int64_t addend)
{
	struct synth *s = synth_module("synth");
	unsigned int sym = synth_symbol(s, "", 1, 0, STB_LOCAL, STT_SECTION);

	synth_rela(s, 1, 4, type, sym, addend);
	free(f->img);
	f->img = synth_image(s, &f->len);
	synth_free(s);
}

static Elf64_Rela *rela(struct fixture *f)
{
	Elf64_Shdr *r = synth_shdr(f->img, synth_find(f->img, ".rela.text"));

	return (Elf64_Rela *)(f->img + r->sh_offset);
}

static void reloc_symbol_out_of_range(void **state)
{
	struct fixture *f = *state;

	with_reloc(f, R_X86_64_64, 0);
	rela(f)->r_info = ELF64_R_INFO(500, R_X86_64_64);
	expect_refused(f, -ENOEXEC, "synth: relocation 0 of .rela.text: symbol index out of range");
}

static void reloc_target_section_bad(void **state)
{
	struct fixture *f = *state;
	unsigned int r;

	with_reloc(f, R_X86_64_64, 0);
	r = synth_find(f->img, ".rela.text");
	synth_shdr(f->img, r)->sh_info = 200;
	char msg[128];
	snprintf(msg, sizeof(msg), "Invalid ELF relocation section %u (entsize 24, target section 200)", r);
	expect_refused(f, -ENOEXEC, msg);
}

static void reloc_offset_past_section(void **state)
{
	struct fixture *f = *state;

	with_reloc(f, R_X86_64_64, 0);
	rela(f)->r_offset = 12;		/* 8 bytes from 12 pass the 16-byte .text */
	expect_refused(f, -ENOEXEC, "synth: relocation 0 of .rela.text: offset outside its section");
}

static void reloc_unknown_type(void **state)
{
	struct fixture *f = *state;

	char want[128];

	/* in the port's words: x86-64's "Unknown rela relocation", arm64's "unsupported" */
	snprintf(want, sizeof(want), UMOD_ARCH_RELOC_UNKNOWN, "synth", 99u);
	want[strcspn(want, "\n")] = 0;
	with_reloc(f, 99, 0);
	expect_refused(f, -ENOEXEC, want);
}

static void reloc_against_unloaded_section(void **state)
{
	struct fixture *f = *state;
	struct synth *s = synth_module("synth");
	unsigned int dbg = synth_section(s, ".debug_x", SHT_PROGBITS, 0, 1, "xx", 2);
	unsigned int sym = synth_symbol(s, "", dbg, 0, STB_LOCAL, STT_SECTION);

	synth_rela(s, 1, 0, R_X86_64_64, sym, 0);
	free(f->img);
	f->img = synth_image(s, &f->len);
	synth_free(s);
	expect_refused(f, -ENOEXEC, "synth: relocation 0 of .rela.text: symbol in a section that is not loaded");
}

static void rel_not_rela(void **state)
{
	struct fixture *f = *state;

	with_reloc(f, R_X86_64_64, 0);
	synth_shdr(f->img, synth_find(f->img, ".rela.text"))->sh_type = SHT_REL;
	expect_refused(f, -ENOEXEC, "synth: REL relocation unsupported (section .rela.text)");
}

static void no_this_module(void **state)
{
	struct fixture *f = *state;
	Elf64_Shdr *shs = synth_shdr(f->img, ehdr(f)->e_shstrndx);
	unsigned int mod = synth_find(f->img, ".gnu.linkonce.this_module");

	f->img[shs->sh_offset + synth_shdr(f->img, mod)->sh_name + 1] = 'G';
	expect_refused(f, -ENOEXEC, "module synth: Only one .gnu.linkonce.this_module section must exist.");
}

static void this_module_wrong_size(void **state)
{
	struct fixture *f = *state;

	synth_shdr(f->img, synth_find(f->img, ".gnu.linkonce.this_module"))->sh_size -= 8;
	expect_refused(f, -ENOEXEC,
		       "module synth: .gnu.linkonce.this_module section size must match the kernel's built struct module size at run time");
}

static void this_module_not_allocated(void **state)
{
	struct fixture *f = *state;

	synth_shdr(f->img, synth_find(f->img, ".gnu.linkonce.this_module"))->sh_flags = 0;
	expect_refused(f, -ENOEXEC,
		       "module synth: .gnu.linkonce.this_module must occupy memory during process execution");
}

/* found by fuzz_elf: the loader writes a struct module through this section */
static void this_module_misaligned(void **state)
{
	struct fixture *f = *state;

	synth_shdr(f->img, synth_find(f->img, ".gnu.linkonce.this_module"))->sh_addralign = 1;
	expect_refused(f, -ENOEXEC,
		       "module synth: .gnu.linkonce.this_module section is not aligned for struct module");
}

/* names sysfs, lsmod and the log cannot carry, refused with them escaped */
static void module_name_not_a_sysfs_name(void **state)
{
	static const struct { const char *name, *shown; } bad[] = {
		{ "a/b", "a\\x2fb" },
		{ ".", "." },
		{ "..", ".." },
		{ "line\nforged", "line\\x0aforged" },
		{ "esc\x1b[1m", "esc\\x1b[1m" },
		{ "caf\xc3\xa9", "caf\\xc3\\xa9" },
		{ "two words", "two\\x20words" },
	};
	struct fixture *f = *state;
	char msg[128];

	for (size_t i = 0; i < UMOD_ARRAY_SIZE(bad); i++) {
		struct synth *s = synth_module(bad[i].name);

		free(f->img);
		f->img = synth_image(s, &f->len);
		synth_free(s);
		snprintf(msg, sizeof(msg), "module name '%s' cannot name a sysfs directory",
			 bad[i].shown);
		expect_refused(f, -ENOEXEC, msg);
	}
}

static void vermagic_mismatch(void **state)
{
	struct fixture *f = *state;
	Elf64_Shdr *mi = synth_shdr(f->img, synth_find(f->img, ".modinfo"));
	char *magic = memmem(f->img + mi->sh_offset, mi->sh_size, "vermagic=", 9);
	char msg[256];

	/* past the release, which modversions leaves uncompared */
	magic[9 + strcspn(magic + 9, " ") + 1] = 'X';
	snprintf(msg, sizeof(msg), "synth: version magic '%s' should be '%s'", magic + 9, umod_vermagic);
	expect_refused(f, -ENOEXEC, msg);
}

static void unknown_symbol(void **state)
{
	struct fixture *f = *state;
	struct synth *s = synth_module("synth");

	synth_symbol(s, "no_such_symbol", SHN_UNDEF, 0, STB_GLOBAL, STT_NOTYPE);
	synth_symbol(s, "nor_this", SHN_UNDEF, 0, STB_GLOBAL, STT_NOTYPE);
	free(f->img);
	f->img = synth_image(s, &f->len);
	synth_free(s);
	expect_refused(f, -ENOENT, "synth: Unknown symbol nor_this (err -2)");
	assert_true(capture_has(&f->cap, "synth: Unknown symbol no_such_symbol (err -2)"));
}

static void weak_undefined_is_null(void **state)
{
	struct fixture *f = *state;
	struct synth *s = synth_module("synth");

	synth_symbol(s, "maybe_there", SHN_UNDEF, 0, STB_WEAK, STT_NOTYPE);
	free(f->img);
	f->img = synth_image(s, &f->len);
	synth_free(s);
	assert_int_equal(umod_module_insert_image(f->host, f->img, f->len, NULL, 0, NULL), 0);
	assert_int_equal(umod_module_remove(f->host, "synth", 0), 0);
}

static void common_symbol_refused(void **state)
{
	struct fixture *f = *state;
	struct synth *s = synth_module("synth");

	synth_symbol(s, "counter", SHN_COMMON, 4, STB_GLOBAL, STT_OBJECT);
	free(f->img);
	f->img = synth_image(s, &f->len);
	synth_free(s);
	expect_refused(f, -ENOEXEC, "counter: please compile with -fno-common");
}

static void duplicate_name_refused(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(umod_module_insert_image(f->host, f->img, f->len, NULL, 0, NULL), 0);
	assert_int_equal(umod_module_insert_image(f->host, f->img, f->len, NULL, 0, NULL), -EEXIST);
	assert_int_equal(umod_module_remove(f->host, "synth", 0), 0);
}

static void misaligned_image_is_copied(void **state)
{
	struct fixture *f = *state;
	unsigned char *odd = malloc(f->len + 1);

	memcpy(odd + 1, f->img, f->len);
	assert_int_equal(umod_module_insert_image(f->host, odd + 1, f->len, NULL, 0, NULL), 0);
	assert_int_equal(umod_module_remove(f->host, "synth", 0), 0);
	free(odd);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(valid_module_loads),
		T(truncated_header),
		T(empty_image),
		T(bad_magic),
		T(wrong_class),
		T(wrong_data_encoding),
		T(wrong_type),
		T(wrong_machine),
		T(wrong_shentsize),
		T(section_headers_past_end),
		T(section_count_past_end),
		T(shstrndx_out_of_range),
		T(section_offset_past_end),
		T(section_size_overflows),
		T(section_names_unterminated),
		T(section_name_past_table),
		T(null_section_name_past_table),
		T(null_section_past_end),
		T(section_zero_not_null),
		T(bad_alignment),
		T(symbol_name_past_strtab),
		T(symbol_section_out_of_range),
		T(symbol_value_past_section),
		T(no_symbol_table),
		T(reloc_symbol_out_of_range),
		T(reloc_target_section_bad),
		T(reloc_offset_past_section),
		T(reloc_unknown_type),
		T(reloc_against_unloaded_section),
		T(rel_not_rela),
		T(no_this_module),
		T(this_module_wrong_size),
		T(this_module_not_allocated),
		T(this_module_misaligned),
		T(module_name_not_a_sysfs_name),
		T(vermagic_mismatch),
		T(unknown_symbol),
		T(weak_undefined_is_null),
		T(common_symbol_refused),
		T(duplicate_name_refused),
		T(misaligned_image_is_copied),
	};

	return cmocka_run_group_tests_name("elf", tests, NULL, NULL);
}
