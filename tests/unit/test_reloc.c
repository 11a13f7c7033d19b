// SPDX-License-Identifier: MIT
/*
 * arch/x86/kernel/module.c and kernel/module/reloc.c: every relocation type, first as the
 * arch's arithmetic on a buffer, then through a whole load of a synthetic
 * object whose code calls a host function and reads a host variable that
 * lie more than 2 GiB away (this test program's own text and data).
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
#include "kernel/module/internal.h"
#include "kernel/printk/internal.h"

#include "elfsynth.h"
#include "helpers.h"

static struct capture cap;

/* ---- the arithmetic ------------------------------------------------------- */

static int apply(unsigned int type, void *where, uint64_t s, int64_t a, void *got, void *plt)
{
	struct umod_reloc r = { type, where, s, a, got, plt, "sym" };

	return umod_arch_apply(NULL, "t", &r);
}

static void abs64(void **state)
{
	uint64_t buf = 0;

	assert_int_equal(apply(R_X86_64_64, &buf, 0x1122334455667788ull, 8, NULL, NULL), 0);
	assert_true(buf == 0x1122334455667790ull);
}

static void pc64(void **state)
{
	uint64_t buf = 0;
	uint64_t p = (uint64_t)(uintptr_t)&buf;

	assert_int_equal(apply(R_X86_64_PC64, &buf, p + 0x100000000ull, -4, NULL, NULL), 0);
	assert_true(buf == 0x100000000ull - 4);
}

static void pc32_in_range_and_overflow(void **state)
{
	int32_t buf = 0;
	uint64_t p = (uint64_t)(uintptr_t)&buf;

	assert_int_equal(apply(R_X86_64_PC32, &buf, p + 0x1000, -4, NULL, NULL), 0);
	assert_int_equal(buf, 0x1000 - 4);
	buf = 0;
	assert_int_equal(apply(R_X86_64_PC32, &buf, p + 0x80000004ull, 0, NULL, NULL), -ENOEXEC);
	assert_int_equal(buf, 0);
}

static void abs32_and_32s(void **state)
{
	uint32_t buf = 0;

	assert_int_equal(apply(R_X86_64_32, &buf, 0xfffffff0u, 0xf, NULL, NULL), 0);
	assert_true(buf == 0xffffffffu);
	buf = 0;
	assert_int_equal(apply(R_X86_64_32, &buf, 0x100000000ull, 0, NULL, NULL), -ENOEXEC);
	buf = 0;
	assert_int_equal(apply(R_X86_64_32S, &buf, (uint64_t)-5, 0, NULL, NULL), 0);
	assert_int_equal((int32_t)buf, -5);
	buf = 0;
	assert_int_equal(apply(R_X86_64_32S, &buf, 0x80000000ull, 0, NULL, NULL), -ENOEXEC);
}

static void plt32_direct_when_near(void **state)
{
	int32_t buf = 0;
	unsigned char stub[UMOD_ARCH_PLT_SIZE];
	uint64_t p = (uint64_t)(uintptr_t)&buf;

	assert_int_equal(apply(R_X86_64_PLT32, &buf, p + 0x40, -4, NULL, stub), 0);
	assert_int_equal(buf, 0x40 - 4);
}

static void plt32_through_stub_when_far(void **state)
{
	/* buf and stub sit side by side; the target is 16 GiB away */
	struct { int32_t buf; unsigned char stub[UMOD_ARCH_PLT_SIZE]; } m = { 0 };
	uint64_t p = (uint64_t)(uintptr_t)&m.buf, target = p + (16ull << 30);
	uint64_t dest;

	umod_arch_write_plt(m.stub, target);
	assert_int_equal(apply(R_X86_64_PLT32, &m.buf, target, -4, NULL, m.stub), 0);
	assert_ptr_equal((unsigned char *)&m.buf + 4 + m.buf, m.stub);
	assert_int_equal(m.stub[0], 0xff);	/* jmp *0(%rip) */
	assert_int_equal(m.stub[1], 0x25);
	memcpy(&dest, m.stub + 6, 8);
	assert_true(dest == target);
	/* without a stub the far call is an overflow, not a silent truncation */
	m.buf = 0;
	assert_int_equal(apply(R_X86_64_PLT32, &m.buf, target, -4, NULL, NULL), -ENOEXEC);
}

static void gotpcrel_family(void **state)
{
	static const unsigned int types[] = {
		R_X86_64_GOTPCREL, R_X86_64_GOTPCRELX, R_X86_64_REX_GOTPCRELX
	};

	for (size_t i = 0; i < 3; i++) {
		struct { int32_t buf; uint64_t got; } m = { 0, 0xdeadbeefull };
		uint64_t p = (uint64_t)(uintptr_t)&m.buf;

		assert_int_equal(apply(types[i], &m.buf, 0xdeadbeefull, -4, &m.got, NULL), 0);
		assert_true(p + 4 + (uint64_t)(int64_t)m.buf == (uint64_t)(uintptr_t)&m.got);
	}
}

/* a RELA target must still be zero: anything else means a double apply */
static void nonzero_target_refused(void **state)
{
	struct umod_reloc r;
	uint64_t buf = 1, seq = 0;
	struct umod_log *log;
	char line[256];

	assert_int_equal(umod_log_new(&log, 0), 0);
	r = (struct umod_reloc){ R_X86_64_64, &buf, 5, 0, NULL, NULL, "sym" };
	assert_int_equal(umod_arch_apply(log, "t", &r), -ENOEXEC);
	assert_true(buf == 1);
	assert_true(umod_log_read_record(log, &seq, NULL, NULL, line, sizeof(line)) > 0);
	assert_string_equal(line, "t: invalid relocation target, existing value is nonzero for type 1, symbol sym");
	umod_log_free(log);
}

static void unknown_type(void **state)
{
	unsigned int width;
	uint64_t buf = 0;

	assert_int_equal(umod_arch_reloc_needs(R_X86_64_TPOFF32, &width), -ENOEXEC);
	assert_int_equal(apply(R_X86_64_TPOFF32, &buf, 0, 0, NULL, NULL), -ENOEXEC);
}

/* ---- a whole load ------------------------------------------------------------ */

static int far_called;
int far_var;

static void far_fn(void)
{
	far_called++;
}

/*
 * init:	sub $8,%rsp; call far_fn; mov far_var@GOTPCREL(%rip),%rax;
 *		mov (%rax),%eax; add $8,%rsp; ret
 * so init() returns far_var, read through the GOT, after a far call.
 */
static const unsigned char init_code[] = {
	0x48, 0x83, 0xec, 0x08,
	0xe8, 0, 0, 0, 0,
	0x48, 0x8b, 0x05, 0, 0, 0, 0,
	0x8b, 0x00,
	0x48, 0x83, 0xc4, 0x08,
	0xc3,
};

static struct synth *far_module(void)
{
	struct synth *s = synth_new();
	struct module m = { .name = "reloc" };
	static const unsigned char ret = 0xc3;
	unsigned int text, data, mod, textsym, fn, var, abs1, abs2, exit_text, exitsym;
	char info[256];
	int n;

	n = snprintf(info, sizeof(info), "name=reloc%cvermagic=%s", 0, umod_vermagic);
	text = synth_section(s, ".init.text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 16,
			     init_code, sizeof(init_code));
	data = synth_section(s, ".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 8, NULL, 64);
	synth_section(s, ".modinfo", SHT_PROGBITS, SHF_ALLOC, 1, info, (size_t)n + 1);
	mod = synth_section(s, ".gnu.linkonce.this_module", SHT_PROGBITS,
			    SHF_ALLOC | SHF_WRITE, 64, &m, sizeof(m));
	synth_modversions(s);
	exit_text = synth_section(s, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 16, &ret, 1);
	textsym = synth_symbol(s, "", text, 0, STB_LOCAL, STT_SECTION);
	exitsym = synth_symbol(s, "", exit_text, 0, STB_LOCAL, STT_SECTION);
	fn = synth_symbol(s, "far_fn", SHN_UNDEF, 0, STB_GLOBAL, STT_NOTYPE);
	var = synth_symbol(s, "far_var", SHN_UNDEF, 0, STB_GLOBAL, STT_NOTYPE);
	abs1 = synth_symbol(s, "abs_small", SHN_ABS, 0x12345678, STB_GLOBAL, STT_NOTYPE);
	abs2 = synth_symbol(s, "abs_neg", SHN_ABS, (uint64_t)-5, STB_GLOBAL, STT_NOTYPE);

	synth_rela(s, text, 5, R_X86_64_PLT32, fn, -4);
	synth_rela(s, text, 12, R_X86_64_REX_GOTPCRELX, var, -4);
	synth_rela(s, mod, offsetof(struct module, init), R_X86_64_64, textsym, 0);
	synth_rela(s, mod, offsetof(struct module, exit), R_X86_64_64, exitsym, 0);

	synth_rela(s, data, 0, R_X86_64_64, var, 8);
	synth_rela(s, data, 8, R_X86_64_PC64, textsym, 0);
	synth_rela(s, data, 16, R_X86_64_PC32, textsym, 0x10);
	synth_rela(s, data, 20, R_X86_64_32, abs1, 0);
	synth_rela(s, data, 24, R_X86_64_32S, abs2, 0);
	synth_rela(s, data, 28, R_X86_64_GOTPCREL, var, 0);
	synth_rela(s, data, 32, R_X86_64_PLT32, textsym, 0);
	synth_rela(s, data, 36, R_X86_64_GOTPCRELX, fn, 0);
	return s;
}

static int far_setup(void **state)
{
	struct umod_host *host = test_host_new(&cap);

	if (!host || umod_host_export(host, "far_fn", (void *)far_fn, 0) ||
	    umod_host_export(host, "far_var", &far_var, 0))
		return -1;
	*state = host;
	return 0;
}

static int far_teardown(void **state)
{
	umod_host_unref(*state);
	return 0;
}

static void load(struct umod_host *host, struct synth *s, int expect, struct umod_module **modp)
{
	size_t len;
	unsigned char *img = synth_image(s, &len);

	assert_int_equal(umod_module_insert_image(host, img, len, NULL, 0, modp), expect);
	free(img);
}

static void far_call_and_got_through_a_load(void **state)
{
	struct umod_host *host = *state;
	struct synth *s = far_module();
	struct umod_module *mod;
	const struct umod_section *data;
	unsigned char *d;
	uint64_t p, slot;
	int32_t v32;
	int64_t v64;

	/* init's return value is far_var read through the GOT */
	far_var = -ENODEV;
	far_called = 0;
	load(host, s, -ENODEV, NULL);
	assert_int_equal(far_called, 1);

	far_var = 0;
	load(host, s, 0, &mod);
	assert_int_equal(far_called, 2);

	data = umod_module_find_section(mod, ".data");
	assert_non_null(data);
	d = data->addr;
	p = (uint64_t)(uintptr_t)d;
	/* the module really is out of a rel32's reach from the host */
	v64 = (int64_t)((uint64_t)(uintptr_t)far_fn - p);
	assert_true(v64 > INT32_MAX || v64 < INT32_MIN);

	memcpy(&slot, d, 8);
	assert_true(slot == (uint64_t)(uintptr_t)&far_var + 8);
	memcpy(&v64, d + 8, 8);
	assert_true(p + 8 + (uint64_t)v64 == (uint64_t)(uintptr_t)umod_module_find_section(mod, ".init.text")->addr);
	memcpy(&v32, d + 20, 4);
	assert_int_equal(v32, 0x12345678);
	memcpy(&v32, d + 24, 4);
	assert_int_equal(v32, -5);
	memcpy(&v32, d + 28, 4);
	memcpy(&slot, d + 28 + v32, 8);
	assert_true(slot == (uint64_t)(uintptr_t)&far_var);
	memcpy(&v32, d + 36, 4);
	memcpy(&slot, d + 36 + v32, 8);
	assert_true(slot == (uint64_t)(uintptr_t)far_fn);

	assert_int_equal(umod_module_remove(host, "reloc", 0), 0);
	umod_module_unref(mod);
	synth_free(s);
}

/* W^X after relocation; the init region gone once init has returned */
static void memory_is_wx_and_init_is_unmapped(void **state)
{
	struct umod_host *host = *state;
	struct synth *s = far_module();
	struct umod_module *mod;
	char perms[5];
	const struct umod_section *sec;
	int32_t v32;

	far_var = 0;
	load(host, s, 0, &mod);
	assert_string_equal(mapping_perms(umod_module_find_section(mod, ".text")->addr, perms), "r-xp");
	assert_string_equal(mapping_perms(umod_module_find_section(mod, ".data")->addr, perms), "rw-p");
	assert_string_equal(mapping_perms(mod->kmod, perms), "rw-p");
	assert_null(umod_module_find_section(mod, ".modinfo"));	/* read in place, never loaded */
	/* the GOT: the slot a GOTPCREL in .data points at is read-only */
	sec = umod_module_find_section(mod, ".data");
	memcpy(&v32, (char *)sec->addr + 28, 4);
	assert_string_equal(mapping_perms((char *)sec->addr + 28 + v32, perms), "r--p");
	assert_string_equal(mapping_perms(umod_module_find_section(mod, ".init.text")->addr, perms), "---p");
	assert_int_equal(umod_module_get_init_size(mod), 0);
	assert_int_equal(umod_module_remove(host, "reloc", 0), 0);
	umod_module_unref(mod);
	synth_free(s);
}

static void far_abs32_is_overflow(void **state)
{
	struct umod_host *host = *state;
	struct synth *s = far_module();
	unsigned int var = synth_symbol(s, "far_var", SHN_UNDEF, 0, STB_GLOBAL, STT_NOTYPE);

	synth_rela(s, 2, 40, R_X86_64_32, var, 0);
	far_var = 0;
	load(host, s, -ENOEXEC, NULL);
	assert_true(strstr(capture_last(&cap), "reloc: overflow in relocation type 10"));
	synth_free(s);
}

static void far_pc32_is_overflow(void **state)
{
	struct umod_host *host = *state;
	struct synth *s = far_module();
	unsigned int fn = synth_symbol(s, "far_fn", SHN_UNDEF, 0, STB_GLOBAL, STT_NOTYPE);

	synth_rela(s, 2, 40, R_X86_64_PC32, fn, -4);
	load(host, s, -ENOEXEC, NULL);
	assert_true(strstr(capture_last(&cap), "reloc: overflow in relocation type 2"));
	assert_true(strstr(capture_last(&cap), "(symbol far_fn)"));
	synth_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(abs64),
		cmocka_unit_test(pc64),
		cmocka_unit_test(pc32_in_range_and_overflow),
		cmocka_unit_test(abs32_and_32s),
		cmocka_unit_test(plt32_direct_when_near),
		cmocka_unit_test(plt32_through_stub_when_far),
		cmocka_unit_test(gotpcrel_family),
		cmocka_unit_test(nonzero_target_refused),
		cmocka_unit_test(unknown_type),
		cmocka_unit_test_setup_teardown(far_call_and_got_through_a_load, far_setup, far_teardown),
		cmocka_unit_test_setup_teardown(memory_is_wx_and_init_is_unmapped, far_setup, far_teardown),
		cmocka_unit_test_setup_teardown(far_abs32_is_overflow, far_setup, far_teardown),
		cmocka_unit_test_setup_teardown(far_pc32_is_overflow, far_setup, far_teardown),
	};

	return cmocka_run_group_tests_name("reloc", tests, NULL, NULL);
}
