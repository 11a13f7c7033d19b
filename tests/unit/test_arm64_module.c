// SPDX-License-Identifier: MIT
/*
 * arch/arm64/kernel/module.c on any host: every AArch64 relocation type
 * applied to instructions in a buffer, the fields decoded again, and each
 * overflow check at both ends of its range (the last value that fits,
 * the first that does not). The file is compiled into this test under
 * other names, so that it runs beside the host's own port.
 */
#include <elf.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#define umod_arch_reloc_needs	arm64_reloc_needs
#define umod_arch_write_plt	arm64_write_plt
#define umod_arch_apply		arm64_apply
#include "arch/arm64/kernel/module.c"

static struct umod_log *log_;
static char last[512];

static void sink(void *data, uint64_t seq, int level, uint64_t ts, const char *text, size_t len)
{
	snprintf(last, sizeof(last), "%s", text);
}

/* a page-aligned code buffer; P is at offset 0x800 inside it */
static uint32_t code[2048] __attribute__((aligned(4096)));
#define P	((uint64_t)(uintptr_t)&code[512])
#define PAGE(x)	((x) & ~0xfffull)

static int apply_at(uint32_t *where, unsigned int type, uint32_t insn, uint64_t s,
		    int64_t a, void *got, void *plt)
{
	struct umod_reloc r = { type, where, s, a, got, plt, "sym" };

	*where = insn;
	last[0] = 0;
	return arm64_apply(log_, "t", &r);
}

static int apply(unsigned int type, uint32_t insn, uint64_t s)
{
	return apply_at(&code[512], type, insn, s, 0, NULL, NULL);
}

static uint32_t insn(void)
{
	return code[512];
}

/* the immediate fields, decoded back, sign-extended where the instruction is signed */
static int64_t sext(uint64_t v, unsigned int bits)
{
	return (int64_t)(v << (64 - bits)) >> (64 - bits);
}

static int64_t imm26(void) { return sext(insn() & 0x3ffffff, 26) * 4; }
static int64_t imm19(void) { return sext((insn() >> 5) & 0x7ffff, 19) * 4; }
static int64_t imm14(void) { return sext((insn() >> 5) & 0x3fff, 14) * 4; }
static uint32_t imm12(void) { return (insn() >> 10) & 0xfff; }
static uint32_t imm16(void) { return (insn() >> 5) & 0xffff; }
static int64_t immadr(void)
{
	return sext(((insn() >> 5) & 0x7ffff) << 2 | ((insn() >> 29) & 3), 21);
}

#define BL	0x94000000u
#define B	0x14000000u
#define BCOND	0x54000000u
#define LDRLIT	0x58000000u
#define TBZ	0x36000000u
#define ADR	0x10000000u
#define ADRP	0x90000000u
#define ADDI	0x91000000u
#define LDRX	0xf9400000u
#define MOVZ	0xd2800000u
#define MOVK	0xf2800000u
#define MOVN	0x92800000u

static int setup_log(void **state)
{
	if (umod_log_new(&log_, 1 << 14))
		return -1;
	umod_log_set_sink(log_, sink, NULL);
	return 0;
}

static int teardown_log(void **state)
{
	umod_log_free(log_);
	return 0;
}

static void data_abs(void **state)
{
	uint64_t d64 = 0;
	uint32_t d32 = 0;
	uint16_t d16 = 0;
	struct umod_reloc r = { R_AARCH64_ABS64, &d64, 0x1122334455667788ull, 8, NULL, NULL, "s" };

	assert_int_equal(arm64_apply(log_, "t", &r), 0);
	assert_true(d64 == 0x1122334455667790ull);
	r = (struct umod_reloc){ R_AARCH64_ABS32, &d32, 0xffffffffu, 0, NULL, NULL, "s" };
	assert_int_equal(arm64_apply(log_, "t", &r), 0);
	assert_true(d32 == 0xffffffffu);
	r.sym = 0x100000000ull;
	assert_int_equal(arm64_apply(log_, "t", &r), -ENOEXEC);
	assert_string_equal(last, "module t: overflow in relocation type 258 val 100000000");
	r.sym = (uint64_t)-1;	/* ABS is unsigned, as Linux reads it */
	assert_int_equal(arm64_apply(log_, "t", &r), -ENOEXEC);
	r = (struct umod_reloc){ R_AARCH64_ABS16, &d16, 0xfff0, 0xf, NULL, NULL, "s" };
	assert_int_equal(arm64_apply(log_, "t", &r), 0);
	assert_int_equal(d16, 0xffff);
	r.addend = 0x10;
	assert_int_equal(arm64_apply(log_, "t", &r), -ENOEXEC);
}

static void data_prel(void **state)
{
	static int64_t d64;
	static int32_t d32;
	static int16_t d16;
	uint64_t p32 = (uint64_t)(uintptr_t)&d32, p16 = (uint64_t)(uintptr_t)&d16;
	struct umod_reloc r = { R_AARCH64_PREL64, &d64, (uint64_t)(uintptr_t)&d64 - 0x123456789ull,
				0, NULL, NULL, "s" };

	assert_int_equal(arm64_apply(log_, "t", &r), 0);
	assert_true(d64 == -0x123456789ll);
	r = (struct umod_reloc){ R_AARCH64_PREL32, &d32, p32 + 0x7fffffff, 0, NULL, NULL, "s" };
	assert_int_equal(arm64_apply(log_, "t", &r), 0);
	assert_int_equal(d32, 0x7fffffff);
	r.sym = p32 - 0x80000000ull;
	assert_int_equal(arm64_apply(log_, "t", &r), 0);
	assert_true(d32 == INT32_MIN);
	r.sym = p32 + 0x80000000ull;	/* PREL is signed */
	assert_int_equal(arm64_apply(log_, "t", &r), -ENOEXEC);
	r.sym = p32 - 0x80000001ull;
	assert_int_equal(arm64_apply(log_, "t", &r), -ENOEXEC);
	r = (struct umod_reloc){ R_AARCH64_PREL16, &d16, p16 + 0x7fff, 0, NULL, NULL, "s" };
	assert_int_equal(arm64_apply(log_, "t", &r), 0);
	assert_int_equal(d16, 0x7fff);
	r.sym = p16 - 0x8000;
	assert_int_equal(arm64_apply(log_, "t", &r), 0);
	assert_int_equal(d16, -0x8000);
	r.sym = p16 + 0x8000;
	assert_int_equal(arm64_apply(log_, "t", &r), -ENOEXEC);
	r.sym = p16 - 0x8001;
	assert_int_equal(arm64_apply(log_, "t", &r), -ENOEXEC);
}

/* B and BL reach ±128 MiB: the last word in each direction, then one more */
static void branch26_range(void **state)
{
	unsigned int types[] = { R_AARCH64_CALL26, R_AARCH64_JUMP26 };
	uint32_t ops[] = { BL, B };
	char want[128];

	for (int i = 0; i < 2; i++) {
		assert_int_equal(apply(types[i], ops[i] | 0x3ffffff, P + 0x7fffffc), 0);
		assert_int_equal(insn() & 0xfc000000u, ops[i]);
		assert_int_equal(imm26(), 0x7fffffc);
		assert_int_equal(apply(types[i], ops[i], P - 0x8000000), 0);
		assert_int_equal(imm26(), -0x8000000);
		assert_int_equal(apply(types[i], ops[i], P + 0x8000000), -ENOEXEC);
		assert_int_equal(apply(types[i], ops[i], P - 0x8000004), -ENOEXEC);
	}
	snprintf(want, sizeof(want), "module t: overflow in relocation type 282 val %llx",
		 (unsigned long long)(P - 0x8000004));
	assert_string_equal(last, want);
}

/* beyond reach the call goes to the veneer, which jumps anywhere */
static void branch26_veneer(void **state)
{
	uint32_t *plt = &code[1024];
	uint64_t far = P + 0x40000000000ull;

	arm64_write_plt(plt, far);
	assert_int_equal(plt[0], 0x58000050u);	/* ldr x16, .+8 */
	assert_int_equal(plt[1], 0xd61f0200u);	/* br x16 */
	assert_true(*(uint64_t *)&plt[2] == far);
	assert_int_equal(apply_at(&code[512], R_AARCH64_CALL26, BL, far, 0, NULL, plt), 0);
	assert_int_equal(imm26(), (int64_t)((uintptr_t)plt - P));
	/* a near target does not take the veneer even when there is one */
	assert_int_equal(apply_at(&code[512], R_AARCH64_CALL26, BL, P + 64, 0, NULL, plt), 0);
	assert_int_equal(imm26(), 64);
	/* the veneer goes to S, not to S + A */
	assert_int_equal(apply_at(&code[512], R_AARCH64_JUMP26, B, far, 8, NULL, plt), -ENOEXEC);
}

static void condbr19_and_ld_prel19(void **state)
{
	unsigned int types[] = { R_AARCH64_CONDBR19, R_AARCH64_LD_PREL_LO19 };
	uint32_t ops[] = { BCOND | 1, LDRLIT | 3 };

	for (int i = 0; i < 2; i++) {
		assert_int_equal(apply(types[i], ops[i], P + 0xffffc), 0);
		assert_int_equal(imm19(), 0xffffc);
		assert_int_equal(insn() & ~(0x7ffffu << 5), ops[i]);
		assert_int_equal(apply(types[i], ops[i], P - 0x100000), 0);
		assert_int_equal(imm19(), -0x100000);
		assert_int_equal(apply(types[i], ops[i], P + 0x100000), -ENOEXEC);
		assert_int_equal(apply(types[i], ops[i], P - 0x100004), -ENOEXEC);
	}
}

static void tstbr14(void **state)
{
	assert_int_equal(apply(R_AARCH64_TSTBR14, TBZ | 5, P + 0x7ffc), 0);
	assert_int_equal(imm14(), 0x7ffc);
	assert_int_equal(insn() & ~(0x3fffu << 5), TBZ | 5);
	assert_int_equal(apply(R_AARCH64_TSTBR14, TBZ, P - 0x8000), 0);
	assert_int_equal(imm14(), -0x8000);
	assert_int_equal(apply(R_AARCH64_TSTBR14, TBZ, P + 0x8000), -ENOEXEC);
	assert_true(!strncmp(last, "module t: overflow in relocation type 279 val ", 46));
	assert_int_equal(apply(R_AARCH64_TSTBR14, TBZ, P - 0x8004), -ENOEXEC);
}

static void adr_lo21(void **state)
{
	assert_int_equal(apply(R_AARCH64_ADR_PREL_LO21, ADR | 2, P + 0xfffff), 0);
	assert_int_equal(immadr(), 0xfffff);
	assert_int_equal(insn() & 0x9f00001fu, ADR | 2);
	assert_int_equal(apply(R_AARCH64_ADR_PREL_LO21, ADR, P - 0x100000), 0);
	assert_int_equal(immadr(), -0x100000);
	assert_int_equal(apply(R_AARCH64_ADR_PREL_LO21, ADR, P + 0x100000), -ENOEXEC);
	assert_int_equal(apply(R_AARCH64_ADR_PREL_LO21, ADR, P - 0x100001), -ENOEXEC);
}

/* ADRP: pages within ±4 GiB; the _NC form takes the low bits silently */
static void adrp_hi21(void **state)
{
	uint64_t base = PAGE(P);

	assert_int_equal(apply(R_AARCH64_ADR_PREL_PG_HI21, ADRP, base + 0xfffff123ull), 0);
	assert_int_equal(immadr(), 0xfffff);
	assert_int_equal(apply(R_AARCH64_ADR_PREL_PG_HI21, ADRP, base - 0x100000000ull), 0);
	assert_int_equal(immadr(), -0x100000);
	assert_int_equal(apply(R_AARCH64_ADR_PREL_PG_HI21, ADRP, base + 0x100000000ull), -ENOEXEC);
	assert_int_equal(apply(R_AARCH64_ADR_PREL_PG_HI21, ADRP, base - 0x100001000ull), -ENOEXEC);
	assert_int_equal(apply(R_AARCH64_ADR_PREL_PG_HI21_NC, ADRP, base + 0x200001000ull), 0);
	assert_int_equal(immadr(), 1);
	assert_int_equal(insn() & 0x9f00001fu, ADRP);
}

/* the low 12 bits, scaled by the access size */
static void lo12(void **state)
{
	static const struct { unsigned int type; uint64_t s; uint32_t imm; } t[] = {
		{ R_AARCH64_ADD_ABS_LO12_NC, 0xabcde345, 0x345 },
		{ R_AARCH64_LDST8_ABS_LO12_NC, 0xabcde345, 0x345 },
		{ R_AARCH64_LDST16_ABS_LO12_NC, 0xabcde346, 0x1a3 },
		{ R_AARCH64_LDST32_ABS_LO12_NC, 0xabcde348, 0xd2 },
		{ R_AARCH64_LDST64_ABS_LO12_NC, 0xabcdeff8, 0x1ff },
		{ R_AARCH64_LDST128_ABS_LO12_NC, 0xabcdeff0, 0xff },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		assert_int_equal(apply(t[i].type, ADDI | 0x3ffc00 | 0x21, t[i].s), 0);
		assert_int_equal(imm12(), t[i].imm);
		assert_int_equal(insn() & ~(0xfffu << 10), ADDI | 0x21);
	}
}

static void movw_uabs(void **state)
{
	static const struct { unsigned int type; uint64_t ok, imm, bad; } t[] = {
		{ R_AARCH64_MOVW_UABS_G0, 0xffff, 0xffff, 0x10000 },
		{ R_AARCH64_MOVW_UABS_G1, 0xffffffffull, 0xffff, 0x100000000ull },
		{ R_AARCH64_MOVW_UABS_G2, 0xffffffffffffull, 0xffff, 0x1000000000000ull },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		assert_int_equal(apply(t[i].type, MOVZ | 7, t[i].ok), 0);
		assert_int_equal(imm16(), t[i].imm);
		assert_int_equal(insn() & ~(0xffffu << 5), MOVZ | 7);
		assert_int_equal(apply(t[i].type, MOVZ, t[i].bad), -ENOEXEC);
		/* the _NC form keeps its 16 bits and says nothing */
		assert_int_equal(apply(t[i].type + 1, MOVK, t[i].bad | 0x1234ull << (16 * i)), 0);
		assert_int_equal(imm16(), 0x1234);
	}
	assert_int_equal(apply(R_AARCH64_MOVW_UABS_G3, MOVK, 0xfedc000000000000ull), 0);
	assert_int_equal(imm16(), 0xfedc);
}

/* the signed forms: MOVZ at or above zero, MOVN of the inverted bits below */
static void movw_sabs(void **state)
{
	assert_int_equal(apply(R_AARCH64_MOVW_SABS_G0, MOVZ, (uint64_t)-1), 0);
	assert_int_equal(insn() & 0xffe0001fu, MOVN);
	assert_int_equal(imm16(), 0);
	assert_int_equal(apply(R_AARCH64_MOVW_SABS_G0, MOVN, 0xffff), 0);
	assert_int_equal(insn() & 0xffe0001fu, MOVZ);
	assert_int_equal(imm16(), 0xffff);
	assert_int_equal(apply(R_AARCH64_MOVW_SABS_G0, MOVZ, (uint64_t)-0x10000), 0);
	assert_int_equal(imm16(), 0xffff);
	assert_int_equal(apply(R_AARCH64_MOVW_SABS_G0, MOVZ, 0x10000), -ENOEXEC);
	assert_int_equal(apply(R_AARCH64_MOVW_SABS_G0, MOVZ, (uint64_t)-0x10001), -ENOEXEC);
	assert_int_equal(apply(R_AARCH64_MOVW_SABS_G1, MOVZ, 0xffffffffull), 0);
	assert_int_equal(apply(R_AARCH64_MOVW_SABS_G1, MOVZ, 0x100000000ull), -ENOEXEC);
	assert_int_equal(apply(R_AARCH64_MOVW_SABS_G2, MOVZ, (uint64_t)-0x1000000000000ll), 0);
	assert_int_equal(insn() & 0xffe0001fu, MOVN);
	assert_int_equal(apply(R_AARCH64_MOVW_SABS_G2, MOVZ, 0x1000000000000ull), -ENOEXEC);
}

static void movw_prel(void **state)
{
	assert_int_equal(apply(R_AARCH64_MOVW_PREL_G0, MOVZ, P - 2), 0);
	assert_int_equal(insn() & 0xffe0001fu, MOVN);
	assert_int_equal(imm16(), 1);
	assert_int_equal(apply(R_AARCH64_MOVW_PREL_G0, MOVZ, P + 0xffff), 0);
	assert_int_equal(insn() & 0xffe0001fu, MOVZ);
	assert_int_equal(apply(R_AARCH64_MOVW_PREL_G0, MOVZ, P + 0x10000), -ENOEXEC);
	assert_int_equal(apply(R_AARCH64_MOVW_PREL_G0_NC, MOVK, P + 0x12345), 0);
	assert_int_equal(imm16(), 0x2345);
	assert_int_equal(insn() & 0xffe0001fu, MOVK);
	assert_int_equal(apply(R_AARCH64_MOVW_PREL_G1, MOVZ, P + 0xffffffffull), 0);
	assert_int_equal(apply(R_AARCH64_MOVW_PREL_G1, MOVZ, P + 0x100000000ull), -ENOEXEC);
	assert_int_equal(apply(R_AARCH64_MOVW_PREL_G1_NC, MOVK, P + 0x512340000ull), 0);
	assert_int_equal(imm16(), 0x1234);
	assert_int_equal(apply(R_AARCH64_MOVW_PREL_G2, MOVZ, P - 0x1000000000000ull), 0);
	assert_int_equal(insn() & 0xffe0001fu, MOVN);
	assert_int_equal(apply(R_AARCH64_MOVW_PREL_G2, MOVZ, P - 0x1000000000001ull), -ENOEXEC);
	assert_int_equal(apply(R_AARCH64_MOVW_PREL_G2_NC, MOVK, P + 0x7abcd00000000ull), 0);
	assert_int_equal(imm16(), 0xabcd);
	assert_int_equal(apply(R_AARCH64_MOVW_PREL_G3, MOVZ, P - 0x2000000000000000ull), 0);
	assert_int_equal(insn() & 0xffe0001fu, MOVN);
	assert_int_equal(imm16(), 0x1fff);
}

/* ADRP of the slot's page, then LDR of its low bits scaled by 8 */
static void got(void **state)
{
	uint64_t *slot = (uint64_t *)&code[1536 + 2];	/* page + 0x808 */

	assert_int_equal(apply_at(&code[512], R_AARCH64_ADR_GOT_PAGE, ADRP, 0x1234, 0, slot, NULL), 0);
	assert_int_equal(immadr(), (int64_t)(PAGE((uintptr_t)slot) - PAGE(P)) >> 12);
	assert_int_equal(apply_at(&code[512], R_AARCH64_LD64_GOT_LO12_NC, LDRX, 0x1234, 0, slot, NULL), 0);
	assert_int_equal(imm12(), ((uintptr_t)slot & 0xfff) >> 3);
	assert_int_equal(apply_at(&code[512], R_AARCH64_ADR_GOT_PAGE, ADRP, 0x1234, 0, NULL, NULL),
			 -ENOEXEC);
	assert_string_equal(last, "module t: no GOT slot for relocation type 311 (symbol sym)");
}

static void needs_and_unknown(void **state)
{
	unsigned int w;

	assert_int_equal(arm64_reloc_needs(R_AARCH64_CALL26, &w), UMOD_ARCH_NEEDS_PLT);
	assert_int_equal(w, 4);
	assert_int_equal(arm64_reloc_needs(R_AARCH64_LD64_GOT_LO12_NC, &w), UMOD_ARCH_NEEDS_GOT);
	assert_int_equal(arm64_reloc_needs(R_AARCH64_ABS64, &w), 0);
	assert_int_equal(w, 8);
	assert_int_equal(arm64_reloc_needs(R_AARCH64_PREL16, &w), 0);
	assert_int_equal(w, 2);
	assert_int_equal(arm64_reloc_needs(R_AARCH64_NONE, &w), 0);
	assert_int_equal(w, 0);
	assert_int_equal(arm64_reloc_needs(R_AARCH64_TLSLE_ADD_TPREL_HI12, &w), -ENOEXEC);
	assert_int_equal(apply(R_AARCH64_TLSLE_ADD_TPREL_HI12, ADDI, 0), -ENOEXEC);
	assert_string_equal(last, "module t: unsupported RELA relocation: 549");
}

#if defined(__aarch64__)
/*
 * On arm64 itself (the suite under qemu-aarch64): the patched code runs.
 * A function calls through the veneer, another loads through a GOT slot.
 */
#include <sys/mman.h>

static __attribute__((noinline)) int answer(void)
{
	return 42;
}

static void runs_on_arm64(void **state)
{
	uint32_t *text = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint64_t *slot = (uint64_t *)&text[256];
	static const uint32_t call[] = {
		0xa9bf7bfd,	/* stp x29, x30, [sp, #-16]! */
		0x910003fd,	/* mov x29, sp */
		BL,		/* bl the veneer */
		0xa8c17bfd,	/* ldp x29, x30, [sp], #16 */
		0xd65f03c0,	/* ret */
	};
	static const uint32_t load[] = { ADRP, LDRX, 0xd65f03c0 };
	struct umod_reloc r = { R_AARCH64_CALL26, &text[2], (uint64_t)(uintptr_t)&text[32], 0,
				NULL, NULL, "s" };

	assert_true(text != MAP_FAILED);
	memcpy(text, call, sizeof(call));
	memcpy(&text[16], load, sizeof(load));
	arm64_write_plt(&text[32], (uint64_t)(uintptr_t)answer);
	assert_int_equal(arm64_apply(log_, "t", &r), 0);
	*slot = 0x1234567890ull;
	r = (struct umod_reloc){ R_AARCH64_ADR_GOT_PAGE, &text[16], 0, 0, slot, NULL, "s" };
	assert_int_equal(arm64_apply(log_, "t", &r), 0);
	r.type = R_AARCH64_LD64_GOT_LO12_NC;
	r.where = &text[17];
	assert_int_equal(arm64_apply(log_, "t", &r), 0);
	assert_int_equal(mprotect(text, 4096, PROT_READ | PROT_EXEC), 0);
	assert_int_equal(((int (*)(void))(uintptr_t)text)(), 42);
	assert_true(((uint64_t (*)(void))(uintptr_t)&text[16])() == 0x1234567890ull);
	munmap(text, 4096);
}
#endif

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(data_abs),
		cmocka_unit_test(data_prel),
		cmocka_unit_test(branch26_range),
		cmocka_unit_test(branch26_veneer),
		cmocka_unit_test(condbr19_and_ld_prel19),
		cmocka_unit_test(tstbr14),
		cmocka_unit_test(adr_lo21),
		cmocka_unit_test(adrp_hi21),
		cmocka_unit_test(lo12),
		cmocka_unit_test(movw_uabs),
		cmocka_unit_test(movw_sabs),
		cmocka_unit_test(movw_prel),
		cmocka_unit_test(got),
		cmocka_unit_test(needs_and_unknown),
#if defined(__aarch64__)
		cmocka_unit_test(runs_on_arm64),
#endif
	};

	return cmocka_run_group_tests(tests, setup_log, teardown_log);
}
