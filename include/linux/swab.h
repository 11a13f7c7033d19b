/* SPDX-License-Identifier: MIT */
/* Byte swapping (the compiler's bswap builtins), as 6.1's linux/swab.h names it. */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/swab.h>
#elif !defined(_LINUX_SWAB_H)
#define _LINUX_SWAB_H

#include <linux/types.h>
#include <linux/stddef.h>
#include <asm/swab.h>

#define ___constant_swab16(x)	((__u16)__builtin_bswap16((__u16)(x)))
#define ___constant_swab32(x)	((__u32)__builtin_bswap32((__u32)(x)))
#define ___constant_swab64(x)	((__u64)__builtin_bswap64((__u64)(x)))
#define __swab16(x)		((__u16)__builtin_bswap16((__u16)(x)))
#define __swab32(x)		((__u32)__builtin_bswap32((__u32)(x)))
#define __swab64(x)		((__u64)__builtin_bswap64((__u64)(x)))
#define swab16			__swab16
#define swab32			__swab32
#define swab64			__swab64

/* swap the two halves of a 32-bit word */
static inline __u32 __swahw32(__u32 val)
{
	return (val << 16) | (val >> 16);
}

/* swap the bytes within each half of a 32-bit word */
static inline __u32 __swahb32(__u32 val)
{
	return ((val & 0x00ff00ffu) << 8) | ((val & 0xff00ff00u) >> 8);
}

#define swahw32			__swahw32
#define swahb32			__swahb32

static inline __u16 __swab16p(const __u16 *p)
{
	return __swab16(*p);
}

static inline __u32 __swab32p(const __u32 *p)
{
	return __swab32(*p);
}

static inline __u64 __swab64p(const __u64 *p)
{
	return __swab64(*p);
}

static inline void __swab16s(__u16 *p)
{
	*p = __swab16(*p);
}

static inline void __swab32s(__u32 *p)
{
	*p = __swab32(*p);
}

static inline void __swab64s(__u64 *p)
{
	*p = __swab64(*p);
}

#define swab16p			__swab16p
#define swab32p			__swab32p
#define swab64p			__swab64p
#define swab16s			__swab16s
#define swab32s			__swab32s
#define swab64s			__swab64s

/* swap every 32-bit word of a buffer of @words words */
static inline void swab32_array(u32 *buf, unsigned int words)
{
	while (words--) {
		__swab32s(buf);
		buf++;
	}
}

#endif /* _LINUX_SWAB_H */
