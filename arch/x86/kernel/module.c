// SPDX-License-Identifier: MIT
/*
 * x86-64 relocations for modules built -fPIC (DESIGN.md): calls are PLT32,
 * module-local data PC32, other modules' and the host's data go through
 * the GOT, pointers in data are 64-bit absolute. The host's code is
 * usually more than 2 GiB away from module memory, so a PLT32 that does
 * not reach goes through a stub; nothing assumes the module lands near.
 */
#include <elf.h>
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "arch/arch.h"
#include "kernel/printk/internal.h"

static bool fits_s32(int64_t v)
{
	return v >= INT32_MIN && v <= INT32_MAX;
}

int umod_arch_reloc_needs(unsigned int type, unsigned int *width)
{
	switch (type) {
	case R_X86_64_NONE:
		*width = 0;
		return 0;
	case R_X86_64_64:
	case R_X86_64_PC64:
		*width = 8;
		return 0;
	case R_X86_64_PC32:
	case R_X86_64_32:
	case R_X86_64_32S:
		*width = 4;
		return 0;
	case R_X86_64_PLT32:
		*width = 4;
		return UMOD_ARCH_NEEDS_PLT;
	case R_X86_64_GOTPCREL:
	case R_X86_64_GOTPCRELX:
	case R_X86_64_REX_GOTPCRELX:
		*width = 4;
		return UMOD_ARCH_NEEDS_GOT;
	default:
		*width = 0;
		return -ENOEXEC;
	}
}

/* jmp *0(%rip) followed by the absolute target: needs no GOT slot */
void umod_arch_write_plt(void *slot, uint64_t target)
{
	static const unsigned char jmp[6] = { 0xff, 0x25, 0, 0, 0, 0 };
	unsigned char *p = slot;

	memcpy(p, jmp, sizeof(jmp));
	memcpy(p + 6, &target, sizeof(target));
	p[14] = 0xcc;	/* int3 padding: never executed */
	p[15] = 0xcc;
}

static int overflow(struct umod_log *log, const char *modname,
		    const struct umod_reloc *r, int64_t val)
{
	umod_log_printk(log, KERN_ERR "%s: overflow in relocation type %u val %llx (symbol %s)\n",
			modname, r->type, (unsigned long long)val, r->symname);
	return -ENOEXEC;
}

static int put32(struct umod_log *log, const char *modname,
		 const struct umod_reloc *r, int64_t val, bool is_signed)
{
	uint32_t v = (uint32_t)val;

	if (is_signed ? !fits_s32(val) : (uint64_t)val > UINT32_MAX)
		return overflow(log, modname, r, val);
	memcpy(r->where, &v, sizeof(v));
	return 0;
}

/* a RELA target is zero until applied: anything else means a double apply */
static int check_zero(struct umod_log *log, const char *modname,
		      const struct umod_reloc *r, unsigned int width)
{
	uint64_t v = 0;
	uint32_t w = 0;

	/* width is 0, 4 or 8: one load, not a call to memcmp per entry */
	if (width == 8)
		memcpy(&v, r->where, 8);
	else if (width == 4)
		memcpy(&w, r->where, 4);
	if (!v && !w)
		return 0;
	umod_log_printk(log, KERN_ERR "%s: invalid relocation target, existing value is nonzero for type %u, symbol %s\n",
			modname, r->type, r->symname);
	return -ENOEXEC;
}

int umod_arch_apply(struct umod_log *log, const char *modname,
		    const struct umod_reloc *r)
{
	uint64_t p = (uint64_t)(uintptr_t)r->where;
	unsigned int width;
	int64_t val;
	int err;

	if (umod_arch_reloc_needs(r->type, &width) < 0) {
		umod_log_printk(log, KERN_ERR "%s: Unknown rela relocation: %u\n",
				modname, r->type);
		return -ENOEXEC;
	}
	err = check_zero(log, modname, r, width);
	if (err)
		return err;

	switch (r->type) {
	case R_X86_64_NONE:
		return 0;
	case R_X86_64_64:			/* S + A */
		val = (int64_t)(r->sym + (uint64_t)r->addend);
		memcpy(r->where, &val, sizeof(val));
		return 0;
	case R_X86_64_PC64:			/* S + A - P */
		val = (int64_t)(r->sym + (uint64_t)r->addend - p);
		memcpy(r->where, &val, sizeof(val));
		return 0;
	case R_X86_64_32:			/* S + A, zero-extends */
		return put32(log, modname, r, (int64_t)(r->sym + (uint64_t)r->addend), false);
	case R_X86_64_32S:			/* S + A, sign-extends */
		return put32(log, modname, r, (int64_t)(r->sym + (uint64_t)r->addend), true);
	case R_X86_64_PC32:			/* S + A - P, must fit s32 */
		return put32(log, modname, r, (int64_t)(r->sym + (uint64_t)r->addend - p), true);
	case R_X86_64_PLT32:			/* L + A - P: direct if it reaches */
		val = (int64_t)(r->sym + (uint64_t)r->addend - p);
		if (!fits_s32(val) && r->plt)
			val = (int64_t)((uint64_t)(uintptr_t)r->plt + (uint64_t)r->addend - p);
		return put32(log, modname, r, val, true);
	default:				/* the GOTPCREL family: G + A - P */
		if (!r->got) {
			umod_log_printk(log, KERN_ERR "%s: no GOT slot for relocation type %u (symbol %s)\n",
					modname, r->type, r->symname);
			return -ENOEXEC;
		}
		val = (int64_t)((uint64_t)(uintptr_t)r->got + (uint64_t)r->addend - p);
		return put32(log, modname, r, val, true);
	}
}
