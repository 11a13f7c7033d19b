/* SPDX-License-Identifier: MIT */
/*
 * Unaligned access (asm-generic/unaligned.h, which x86 uses): through a
 * packed struct, so the compiler emits what the target allows.
 */
#ifndef __ASM_GENERIC_UNALIGNED_H
#define __ASM_GENERIC_UNALIGNED_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/byteorder.h>

#define __get_unaligned_t(type, ptr) ({						\
	const struct { type x; } __packed *__pptr = (__typeof__(__pptr))(ptr);	\
	__pptr->x;								\
})

#define __put_unaligned_t(type, val, ptr) do {					\
	struct { type x; } __packed *__pptr = (__typeof__(__pptr))(ptr);	\
	__pptr->x = (val);							\
} while (0)

#define get_unaligned(ptr)	__get_unaligned_t(__typeof__(*(ptr)), (ptr))
#define put_unaligned(val, ptr) __put_unaligned_t(__typeof__(*(ptr)), (val), (ptr))

/* get_unaligned_le16() ... put_unaligned_be64(): one pair per size and order */
#define __UNALIGNED_ORDER(e, bits)						\
static inline u##bits get_unaligned_##e##bits(const void *p)			\
{										\
	return e##bits##_to_cpu(__get_unaligned_t(__##e##bits, p));		\
}										\
static inline void put_unaligned_##e##bits(u##bits val, void *p)		\
{										\
	__put_unaligned_t(__##e##bits, cpu_to_##e##bits(val), p);		\
}

__UNALIGNED_ORDER(le, 16)
__UNALIGNED_ORDER(le, 32)
__UNALIGNED_ORDER(le, 64)
__UNALIGNED_ORDER(be, 16)
__UNALIGNED_ORDER(be, 32)
__UNALIGNED_ORDER(be, 64)
#undef __UNALIGNED_ORDER

static inline u32 __get_unaligned_be24(const u8 *p)
{
	return p[0] << 16 | p[1] << 8 | p[2];
}

static inline u32 get_unaligned_be24(const void *p)
{
	return __get_unaligned_be24(p);
}

static inline u32 __get_unaligned_le24(const u8 *p)
{
	return p[0] | p[1] << 8 | p[2] << 16;
}

static inline u32 get_unaligned_le24(const void *p)
{
	return __get_unaligned_le24(p);
}

static inline void put_unaligned_be24(const u32 val, void *p)
{
	u8 *b = p;

	b[0] = (val >> 16) & 0xff;
	b[1] = (val >> 8) & 0xff;
	b[2] = val & 0xff;
}

static inline void put_unaligned_le24(const u32 val, void *p)
{
	u8 *b = p;

	b[0] = val & 0xff;
	b[1] = (val >> 8) & 0xff;
	b[2] = (val >> 16) & 0xff;
}

#endif /* __ASM_GENERIC_UNALIGNED_H */
