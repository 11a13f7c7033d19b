// SPDX-License-Identifier: MIT
/*
 * AArch64 relocations for modules built -fPIC -mcmodel=small (DESIGN.md):
 * calls are CALL26/JUMP26 (±128 MiB), module-local data is reached with
 * ADRP (±4 GiB) plus a LO12 add or load, other modules' and the host's
 * data through GOT slots (ADR_GOT_PAGE + LD64_GOT_LO12_NC), pointers in
 * data are ABS64. The host library is usually far from module memory, so
 * a call that does not reach goes through a veneer, as the kernel's module
 * PLTs. Overflow rules and messages are those of arm64 Linux's
 * apply_relocate_add(): an instruction field must hold the value's sign
 * bit and everything above it; the _NC ("no check") forms are not checked.
 *
 * Nothing here depends on the host being AArch64: the unit test applies
 * these relocations to buffers on an x86-64 host.
 */
#include <elf.h>
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "arch/arch.h"
#include "kernel/printk/internal.h"

/* how a relocation's value is computed from S + A and P */
enum reloc_op {
	OP_ABS,		/* S + A */
	OP_PREL,	/* S + A - P */
	OP_PAGE,	/* Page(S + A) - Page(P): ADRP's 4 KiB pages */
};

/* the immediate fields of the instructions relocations patch */
enum imm_field {
	IMM_26,		/* B, BL: bits 25..0 */
	IMM_19,		/* B.cond, CBZ, LDR literal: bits 23..5 */
	IMM_16,		/* MOVZ, MOVK, MOVN: bits 20..5 */
	IMM_14,		/* TBZ, TBNZ: bits 18..5 */
	IMM_12,		/* ADD, LDR/STR unsigned offset: bits 21..10 */
	IMM_ADR,	/* ADR, ADRP: immlo bits 30..29, immhi bits 23..5 */
};

static const struct { unsigned int shift, bits; } fields[] = {
	[IMM_26] = { 0, 26 },
	[IMM_19] = { 5, 19 },
	[IMM_16] = { 5, 16 },
	[IMM_14] = { 5, 14 },
	[IMM_12] = { 10, 12 },
};

static int64_t do_reloc(enum reloc_op op, uint64_t place, uint64_t val)
{
	switch (op) {
	case OP_ABS:
		return (int64_t)val;
	case OP_PREL:
		return (int64_t)(val - place);
	default:
		return (int64_t)((val & ~0xfffull) - (place & ~0xfffull));
	}
}

static uint32_t encode_imm(enum imm_field f, uint32_t insn, uint64_t imm)
{
	uint32_t mask;

	if (f == IMM_ADR) {
		insn &= ~((3u << 29) | (0x7ffffu << 5));
		return insn | (uint32_t)(imm & 3) << 29 | (uint32_t)((imm >> 2) & 0x7ffff) << 5;
	}
	mask = ((1u << fields[f].bits) - 1) << fields[f].shift;
	return (insn & ~mask) | ((uint32_t)(imm << fields[f].shift) & mask);
}

/* instructions are little-endian in memory, whatever the data order */
static uint32_t get_insn(const void *where)
{
	const unsigned char *b = where;

	return b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static void put_insn(void *where, uint32_t insn)
{
	unsigned char *b = where;

	for (int i = 0; i < 4; i++)
		b[i] = (unsigned char)(insn >> (8 * i));
	/* the data cache holds the new instruction; the instruction cache must see it */
	__builtin___clear_cache((char *)where, (char *)where + 4);
}

/*
 * Bits lsb..lsb+len-1 of the value go into the field. Returns -ERANGE
 * when the bits from lsb+len-1 up are not all copies of the sign bit,
 * i.e. the value does not fit a signed field of len bits.
 */
static int insn_imm(enum reloc_op op, void *where, uint64_t val, unsigned int lsb,
		    unsigned int len, enum imm_field f)
{
	int64_t sval = do_reloc(op, (uint64_t)(uintptr_t)where, val) >> lsb;
	uint64_t mask = (1ull << len) - 1;
	int64_t top = sval >> (len - 1);

	put_insn(where, encode_imm(f, get_insn(where), (uint64_t)sval & mask));
	return top == 0 || top == -1 ? 0 : -ERANGE;
}

/*
 * MOVZ/MOVK/MOVN: 16 bits of the value from bit lsb. The signed forms
 * (MOVW_SABS_*, MOVW_PREL_* with a check) turn the instruction into MOVZ
 * for a value >= 0 and MOVN of the inverted bits below zero.
 */
static int insn_movw(enum reloc_op op, void *where, uint64_t val, unsigned int lsb,
		     bool movnz)
{
	int64_t sval = do_reloc(op, (uint64_t)(uintptr_t)where, val);
	uint64_t imm = (uint64_t)(sval >> lsb);
	uint32_t insn = get_insn(where);

	if (movnz) {
		insn &= ~(3u << 29);
		if (sval >= 0)
			insn |= 2u << 29;	/* MOVZ */
		else
			imm = ~imm;		/* MOVN: opcode 00 */
	}
	put_insn(where, encode_imm(IMM_16, insn, imm));
	return imm > 0xffff ? -ERANGE : 0;
}

/* ABS and PREL data: unsigned for ABS, signed for PREL, as Linux decides */
static int put_data(enum reloc_op op, void *where, uint64_t val, unsigned int bits)
{
	int64_t sval = do_reloc(op, (uint64_t)(uintptr_t)where, val);
	int64_t lo, hi;

	memcpy(where, &sval, bits / 8);	/* little-endian: the low bytes */
	if (bits == 64)
		return 0;
	lo = op == OP_ABS ? 0 : -(1ll << (bits - 1));
	hi = op == OP_ABS ? (1ll << bits) - 1 : (1ll << (bits - 1)) - 1;
	return sval < lo || sval > hi ? -ERANGE : 0;
}

int umod_arch_reloc_needs(unsigned int type, unsigned int *width)
{
	*width = 4;
	switch (type) {
	case R_AARCH64_NONE:
		*width = 0;
		return 0;
	case R_AARCH64_ABS64:
	case R_AARCH64_PREL64:
		*width = 8;
		return 0;
	case R_AARCH64_ABS16:
	case R_AARCH64_PREL16:
		*width = 2;
		return 0;
	case R_AARCH64_CALL26:
	case R_AARCH64_JUMP26:
		return UMOD_ARCH_NEEDS_PLT;
	case R_AARCH64_ADR_GOT_PAGE:
	case R_AARCH64_LD64_GOT_LO12_NC:
		return UMOD_ARCH_NEEDS_GOT;
	case R_AARCH64_ABS32:
	case R_AARCH64_PREL32:
	case R_AARCH64_MOVW_UABS_G0 ... R_AARCH64_MOVW_SABS_G2:
	case R_AARCH64_LD_PREL_LO19 ... R_AARCH64_LDST8_ABS_LO12_NC:
	case R_AARCH64_TSTBR14 ... R_AARCH64_CONDBR19:
	case R_AARCH64_LDST16_ABS_LO12_NC ... R_AARCH64_LDST64_ABS_LO12_NC:
	case R_AARCH64_MOVW_PREL_G0 ... R_AARCH64_MOVW_PREL_G3:
	case R_AARCH64_LDST128_ABS_LO12_NC:
		return 0;
	default:
		*width = 0;
		return -ENOEXEC;
	}
}

/*
 * The veneer: ldr x16, .+8; br x16; the target. x16 (IP0) is the register
 * the procedure call standard leaves to veneers; a literal instead of
 * ADRP/ADD reaches a target at any distance.
 */
void umod_arch_write_plt(void *slot, uint64_t target)
{
	unsigned char *p = slot;

	put_insn(p, 0x58000050);	/* ldr x16, #8 */
	put_insn(p + 4, 0xd61f0200);	/* br x16 */
	memcpy(p + 8, &target, sizeof(target));
}

/* B and BL: direct if S + A is within ±128 MiB, else through the veneer */
static int branch26(const struct umod_reloc *r, uint64_t *val)
{
	if (!insn_imm(OP_PREL, r->where, *val, 2, 26, IMM_26))
		return 0;
	if (!r->plt || r->addend)	/* the veneer jumps to S itself */
		return -ERANGE;
	*val = (uint64_t)(uintptr_t)r->plt;
	return insn_imm(OP_PREL, r->where, *val, 2, 26, IMM_26);
}

/* G(GDAT(S)): the GOT slot holds S; a GOT access with an addend is not one gcc makes */
static int got_slot(struct umod_log *log, const char *modname,
		    const struct umod_reloc *r, uint64_t *val)
{
	if (r->got && !r->addend) {
		*val = (uint64_t)(uintptr_t)r->got;
		return 0;
	}
	umod_log_printk(log, KERN_ERR "module %s: no GOT slot for relocation type %u (symbol %s)\n",
			modname, r->type, r->symname);
	return -ENOEXEC;
}

/* the _NC forms: the field takes what fits and nothing is checked */
static bool unchecked(unsigned int type)
{
	switch (type) {
	case R_AARCH64_ABS64:
	case R_AARCH64_PREL64:
	case R_AARCH64_MOVW_UABS_G0_NC:
	case R_AARCH64_MOVW_UABS_G1_NC:
	case R_AARCH64_MOVW_UABS_G2_NC:
	case R_AARCH64_MOVW_UABS_G3:		/* the top bits: cannot overflow */
	case R_AARCH64_MOVW_PREL_G0_NC:
	case R_AARCH64_MOVW_PREL_G1_NC:
	case R_AARCH64_MOVW_PREL_G2_NC:
	case R_AARCH64_MOVW_PREL_G3:
	case R_AARCH64_ADR_PREL_PG_HI21_NC:
	case R_AARCH64_ADD_ABS_LO12_NC:
	case R_AARCH64_LDST8_ABS_LO12_NC:
	case R_AARCH64_LDST16_ABS_LO12_NC:
	case R_AARCH64_LDST32_ABS_LO12_NC:
	case R_AARCH64_LDST64_ABS_LO12_NC:
	case R_AARCH64_LDST128_ABS_LO12_NC:
	case R_AARCH64_LD64_GOT_LO12_NC:
		return true;
	default:
		return false;
	}
}

static int apply_movw(unsigned int type, void *where, uint64_t val)
{
	switch (type) {
	case R_AARCH64_MOVW_UABS_G0:
	case R_AARCH64_MOVW_UABS_G0_NC:
		return insn_movw(OP_ABS, where, val, 0, false);
	case R_AARCH64_MOVW_UABS_G1:
	case R_AARCH64_MOVW_UABS_G1_NC:
		return insn_movw(OP_ABS, where, val, 16, false);
	case R_AARCH64_MOVW_UABS_G2:
	case R_AARCH64_MOVW_UABS_G2_NC:
		return insn_movw(OP_ABS, where, val, 32, false);
	case R_AARCH64_MOVW_UABS_G3:
		return insn_movw(OP_ABS, where, val, 48, false);
	case R_AARCH64_MOVW_SABS_G0:
		return insn_movw(OP_ABS, where, val, 0, true);
	case R_AARCH64_MOVW_SABS_G1:
		return insn_movw(OP_ABS, where, val, 16, true);
	case R_AARCH64_MOVW_SABS_G2:
		return insn_movw(OP_ABS, where, val, 32, true);
	case R_AARCH64_MOVW_PREL_G0_NC:
		return insn_movw(OP_PREL, where, val, 0, false);
	case R_AARCH64_MOVW_PREL_G0:
		return insn_movw(OP_PREL, where, val, 0, true);
	case R_AARCH64_MOVW_PREL_G1_NC:
		return insn_movw(OP_PREL, where, val, 16, false);
	case R_AARCH64_MOVW_PREL_G1:
		return insn_movw(OP_PREL, where, val, 16, true);
	case R_AARCH64_MOVW_PREL_G2_NC:
		return insn_movw(OP_PREL, where, val, 32, false);
	case R_AARCH64_MOVW_PREL_G2:
		return insn_movw(OP_PREL, where, val, 32, true);
	default:	/* R_AARCH64_MOVW_PREL_G3 */
		return insn_movw(OP_PREL, where, val, 48, true);
	}
}

/* every type but the branches and GOT forms, on the value S + A */
static int apply_one(unsigned int type, void *where, uint64_t val)
{
	switch (type) {
	case R_AARCH64_NONE:
		return 0;
	case R_AARCH64_ABS64:
		return put_data(OP_ABS, where, val, 64);
	case R_AARCH64_ABS32:
		return put_data(OP_ABS, where, val, 32);
	case R_AARCH64_ABS16:
		return put_data(OP_ABS, where, val, 16);
	case R_AARCH64_PREL64:
		return put_data(OP_PREL, where, val, 64);
	case R_AARCH64_PREL32:
		return put_data(OP_PREL, where, val, 32);
	case R_AARCH64_PREL16:
		return put_data(OP_PREL, where, val, 16);
	case R_AARCH64_LD_PREL_LO19:
	case R_AARCH64_CONDBR19:
		return insn_imm(OP_PREL, where, val, 2, 19, IMM_19);
	case R_AARCH64_TSTBR14:
		return insn_imm(OP_PREL, where, val, 2, 14, IMM_14);
	case R_AARCH64_ADR_PREL_LO21:
		return insn_imm(OP_PREL, where, val, 0, 21, IMM_ADR);
	case R_AARCH64_ADR_PREL_PG_HI21:
	case R_AARCH64_ADR_PREL_PG_HI21_NC:
	case R_AARCH64_ADR_GOT_PAGE:
		return insn_imm(OP_PAGE, where, val, 12, 21, IMM_ADR);
	case R_AARCH64_ADD_ABS_LO12_NC:
	case R_AARCH64_LDST8_ABS_LO12_NC:
		return insn_imm(OP_ABS, where, val, 0, 12, IMM_12);
	case R_AARCH64_LDST16_ABS_LO12_NC:
		return insn_imm(OP_ABS, where, val, 1, 11, IMM_12);
	case R_AARCH64_LDST32_ABS_LO12_NC:
		return insn_imm(OP_ABS, where, val, 2, 10, IMM_12);
	case R_AARCH64_LDST64_ABS_LO12_NC:
	case R_AARCH64_LD64_GOT_LO12_NC:
		return insn_imm(OP_ABS, where, val, 3, 9, IMM_12);
	case R_AARCH64_LDST128_ABS_LO12_NC:
		return insn_imm(OP_ABS, where, val, 4, 8, IMM_12);
	default:
		return apply_movw(type, where, val);
	}
}

int umod_arch_apply(struct umod_log *log, const char *modname,
		    const struct umod_reloc *r)
{
	uint64_t val = r->sym + (uint64_t)r->addend;
	unsigned int width;
	int err;

	if (umod_arch_reloc_needs(r->type, &width) < 0) {
		umod_log_printk(log, KERN_ERR "module %s: unsupported RELA relocation: %u\n",
				modname, r->type);
		return -ENOEXEC;
	}
	switch (r->type) {
	case R_AARCH64_CALL26:
	case R_AARCH64_JUMP26:
		err = branch26(r, &val);
		break;
	case R_AARCH64_ADR_GOT_PAGE:
	case R_AARCH64_LD64_GOT_LO12_NC:
		err = got_slot(log, modname, r, &val);
		if (err)
			return err;
		err = apply_one(r->type, r->where, val);
		break;
	default:
		err = apply_one(r->type, r->where, val);
		break;
	}
	if (err == -ERANGE && !unchecked(r->type)) {
		umod_log_printk(log, KERN_ERR "module %s: overflow in relocation type %u val %llx\n",
				modname, r->type, (unsigned long long)val);
		return -ENOEXEC;
	}
	return 0;
}
