/* SPDX-License-Identifier: MIT */
/*
 * CRC-32 (lib/crc32.c), as 6.1's: no inversion inside, so callers seed
 * with ~0 and invert the result where their format asks for it.
 */
#ifndef _LINUX_CRC32_H
#define _LINUX_CRC32_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/crc32poly.h>

u32 __pure crc32_le(u32 crc, unsigned char const *p, size_t len);
u32 __pure crc32_be(u32 crc, unsigned char const *p, size_t len);
u32 __pure crc32_le_base(u32 crc, unsigned char const *p, size_t len);
u32 __pure crc32_be_base(u32 crc, unsigned char const *p, size_t len);
u32 __pure __crc32c_le(u32 crc, unsigned char const *p, size_t len);
u32 __pure __crc32c_le_base(u32 crc, unsigned char const *p, size_t len);

/* @crc advanced over @len zero bytes */
u32 __attribute__((__const__)) crc32_le_shift(u32 crc, size_t len);
u32 __attribute__((__const__)) __crc32c_le_shift(u32 crc, size_t len);

/* the CRC of A followed by B, from crc1 = crc32_le(seed, A) and crc2 = crc32_le(0, B) */
static inline u32 crc32_le_combine(u32 crc1, u32 crc2, size_t len2)
{
	return crc32_le_shift(crc1, len2) ^ crc2;
}

static inline u32 __crc32c_le_combine(u32 crc1, u32 crc2, size_t len2)
{
	return __crc32c_le_shift(crc1, len2) ^ crc2;
}

#define crc32(seed, data, length)	crc32_le(seed, (unsigned char const *)(data), length)

/* linux/bitrev.h's bitrev32(), for ether_crc() */
static inline u32 __umod_crc32_bitrev32(u32 x)
{
	x = ((x & 0x55555555u) << 1) | ((x >> 1) & 0x55555555u);
	x = ((x & 0x33333333u) << 2) | ((x >> 2) & 0x33333333u);
	x = ((x & 0x0f0f0f0fu) << 4) | ((x >> 4) & 0x0f0f0f0fu);
	return __builtin_bswap32(x);
}

/* the Ethernet FCS as MAC hash filters index it: big- or little-endian */
#define ether_crc(length, data)		__umod_crc32_bitrev32(crc32_le(~0, data, length))
#define ether_crc_le(length, data)	crc32_le(~0, data, length)

#endif /* _LINUX_CRC32_H */
