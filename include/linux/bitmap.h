/* SPDX-License-Identifier: MIT */
/*
 * Bitmaps: arrays of unsigned long, bit 0 the lowest of word 0. The
 * operations are inline; parsing, printing and allocation are
 * lib/bitmap.c's, the n-th bit lib/find_bit.c's.
 */
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

/* ---- lib/bitmap.c: parsing, printing, conversions, regions, allocation ---- */

static inline bool bitmap_subset(const unsigned long *src1, const unsigned long *src2,
				 unsigned int nbits)
{
	for (unsigned int i = 0; i < nbits; i++)
		if (test_bit(i, src1) && !test_bit(i, src2))
			return false;
	return true;
}

/* @src copied, and the bits of its last word past @nbits cleared */
static inline void bitmap_copy_clear_tail(unsigned long *dst, const unsigned long *src,
					  unsigned int nbits)
{
	bitmap_copy(dst, src, nbits);
	if (nbits % BITS_PER_LONG)
		dst[nbits / BITS_PER_LONG] &= BITMAP_LAST_WORD_MASK(nbits);
}

/* a comma-separated hex string, lowest 32 bits last ("ff,00000001") */
int bitmap_parse(const char *buf, unsigned int buflen, unsigned long *dst, int nbits);
int bitmap_parse_user(const char __user *ubuf, unsigned int ulen, unsigned long *dst,
		      int nbits);
/* a list of bits and ranges: "0,3-5,8-15:2/4", N for the last bit, "all" */
int bitmap_parselist(const char *buf, unsigned long *maskp, int nmaskbits);
int bitmap_parselist_user(const char __user *ubuf, unsigned int ulen, unsigned long *dst,
			  int nbits);
/* for a sysfs show: "%*pbl\n" (list) or "%*pb\n" into @buf's page */
int bitmap_print_to_pagebuf(bool list, char *buf, const unsigned long *maskp, int nmaskbits);

/* u32 arrays, lowest word first, the tail of the last word cleared */
void bitmap_from_arr32(unsigned long *bitmap, const u32 *buf, unsigned int nbits);
void bitmap_to_arr32(u32 *buf, const unsigned long *bitmap, unsigned int nbits);
#define bitmap_from_arr64(bitmap, buf, nbits)				\
	bitmap_copy_clear_tail((unsigned long *)(bitmap), (const unsigned long *)(buf), (nbits))
#define bitmap_to_arr64(buf, bitmap, nbits)				\
	bitmap_copy_clear_tail((unsigned long *)(buf), (const unsigned long *)(bitmap), (nbits))

/* allocated for the calling module, freed with bitmap_free() */
unsigned long *bitmap_alloc(unsigned int nbits, gfp_t flags);
unsigned long *bitmap_zalloc(unsigned int nbits, gfp_t flags);
void bitmap_free(const unsigned long *bitmap);

static inline unsigned long *bitmap_alloc_node(unsigned int nbits, gfp_t flags, int node)
{
	return bitmap_alloc(nbits, flags);
}

static inline unsigned long *bitmap_zalloc_node(unsigned int nbits, gfp_t flags, int node)
{
	return bitmap_zalloc(nbits, flags);
}

/* aligned regions of 2^order bits: the first free one, or a given one */
int bitmap_find_free_region(unsigned long *bitmap, unsigned int bits, int order);
void bitmap_release_region(unsigned long *bitmap, unsigned int pos, int order);
int bitmap_allocate_region(unsigned long *bitmap, unsigned int pos, int order);

#endif /* _LINUX_BITMAP_H */
