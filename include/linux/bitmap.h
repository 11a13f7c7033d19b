/* SPDX-License-Identifier: MIT */
/* Bitmaps: arrays of unsigned long, bit 0 the lowest of word 0. Header only. */
#ifndef _LINUX_BITMAP_H
#define _LINUX_BITMAP_H

#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/align.h>
#include <linux/limits.h>

#define DECLARE_BITMAP(name, bits)	unsigned long name[BITS_TO_LONGS(bits)]

#define BITMAP_FIRST_WORD_MASK(start)	(~0UL << ((start) & (BITS_PER_LONG - 1)))
#define BITMAP_LAST_WORD_MASK(nbits)	(~0UL >> (-(nbits) & (BITS_PER_LONG - 1)))

static inline unsigned int bitmap_size(unsigned int nbits)
{
	return BITS_TO_LONGS(nbits) * sizeof(unsigned long);
}

static inline void bitmap_zero(unsigned long *dst, unsigned int nbits)
{
	__builtin_memset(dst, 0, bitmap_size(nbits));
}

static inline void bitmap_fill(unsigned long *dst, unsigned int nbits)
{
	__builtin_memset(dst, 0xff, bitmap_size(nbits));
}

static inline void bitmap_copy(unsigned long *dst, const unsigned long *src, unsigned int nbits)
{
	__builtin_memcpy(dst, src, bitmap_size(nbits));
}

static inline void bitmap_set(unsigned long *map, unsigned int start, unsigned int nbits)
{
	for (unsigned int i = start; i < start + nbits; i++)
		__set_bit(i, map);
}

static inline void bitmap_clear(unsigned long *map, unsigned int start, unsigned int nbits)
{
	for (unsigned int i = start; i < start + nbits; i++)
		__clear_bit(i, map);
}

static inline unsigned int bitmap_weight(const unsigned long *src, unsigned int nbits)
{
	unsigned int w = 0, k;

	for (k = 0; k < nbits / BITS_PER_LONG; k++)
		w += hweight_long(src[k]);
	if (nbits % BITS_PER_LONG)
		w += hweight_long(src[k] & BITMAP_LAST_WORD_MASK(nbits));
	return w;
}

static inline bool bitmap_empty(const unsigned long *src, unsigned int nbits)
{
	return find_first_bit(src, nbits) == nbits;
}

static inline bool bitmap_full(const unsigned long *src, unsigned int nbits)
{
	return find_first_zero_bit(src, nbits) == nbits;
}

static inline bool bitmap_equal(const unsigned long *a, const unsigned long *b,
				unsigned int nbits)
{
	unsigned int k;

	for (k = 0; k < nbits / BITS_PER_LONG; k++)
		if (a[k] != b[k])
			return false;
	return !(nbits % BITS_PER_LONG) ||
	       !((a[k] ^ b[k]) & BITMAP_LAST_WORD_MASK(nbits));
}

#define __UMOD_BITMAP_OP(name, expr)					\
static inline void bitmap_##name(unsigned long *dst, const unsigned long *a, \
				 const unsigned long *b, unsigned int nbits) \
{									\
	for (unsigned int k = 0; k < BITS_TO_LONGS(nbits); k++)	\
		dst[k] = (expr);					\
}
__UMOD_BITMAP_OP(or, a[k] | b[k])
__UMOD_BITMAP_OP(xor, a[k] ^ b[k])
#undef __UMOD_BITMAP_OP

/* true if any bit is left in @dst */
static inline bool bitmap_and(unsigned long *dst, const unsigned long *a,
			      const unsigned long *b, unsigned int nbits)
{
	unsigned long r = 0;

	for (unsigned int k = 0; k < BITS_TO_LONGS(nbits); k++) {
		dst[k] = a[k] & b[k];
		r |= k + 1 < BITS_TO_LONGS(nbits) || !(nbits % BITS_PER_LONG) ?
			dst[k] : dst[k] & BITMAP_LAST_WORD_MASK(nbits);
	}
	return r != 0;
}

static inline bool bitmap_andnot(unsigned long *dst, const unsigned long *a,
				 const unsigned long *b, unsigned int nbits)
{
	unsigned long r = 0;

	for (unsigned int k = 0; k < BITS_TO_LONGS(nbits); k++) {
		dst[k] = a[k] & ~b[k];
		r |= k + 1 < BITS_TO_LONGS(nbits) || !(nbits % BITS_PER_LONG) ?
			dst[k] : dst[k] & BITMAP_LAST_WORD_MASK(nbits);
	}
	return r != 0;
}

static inline void bitmap_complement(unsigned long *dst, const unsigned long *src,
				     unsigned int nbits)
{
	for (unsigned int k = 0; k < BITS_TO_LONGS(nbits); k++)
		dst[k] = ~src[k];
}

static inline bool bitmap_intersects(const unsigned long *a, const unsigned long *b,
				     unsigned int nbits)
{
	for (unsigned int i = 0; i < nbits; i++)
		if (test_bit(i, a) && test_bit(i, b))
			return true;
	return false;
}

/*
 * The first run of @nr zero bits at or after @start, below @size, whose
 * (index + @align_offset) is a multiple of @align_mask + 1; a value past
 * @size - @nr when there is none, as Linux's.
 */
static inline unsigned long
bitmap_find_next_zero_area_off(unsigned long *map, unsigned long size, unsigned long start,
			       unsigned int nr, unsigned long align_mask,
			       unsigned long align_offset)
{
	unsigned long index, end, i;
again:
	index = find_next_zero_bit(map, size, start);
	index = __ALIGN_KERNEL_MASK(index + align_offset, align_mask) - align_offset;
	end = index + nr;
	if (end > size)
		return end;
	i = find_next_bit(map, end, index);
	if (i < end) {
		start = i + 1;
		goto again;
	}
	return index;
}

static inline unsigned long
bitmap_find_next_zero_area(unsigned long *map, unsigned long size, unsigned long start,
			   unsigned int nr, unsigned long align_mask)
{
	return bitmap_find_next_zero_area_off(map, size, start, nr, align_mask, 0);
}

#endif /* _LINUX_BITMAP_H */
