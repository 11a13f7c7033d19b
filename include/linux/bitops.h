/* SPDX-License-Identifier: MIT */
/*
 * Bit operations on unsigned long arrays, as Linux's: set_bit() and the
 * test_and_*() family are atomic (the test_and_ ones fully ordered),
 * __set_bit() and the other __ forms are not. The find_*() searches of
 * linux/find.h are inline here rather than exported.
 */
#ifndef _LINUX_BITOPS_H
#define _LINUX_BITOPS_H

#include <linux/bits.h>
#include <linux/compiler.h>
#include <linux/typecheck.h>
#include <linux/types.h>
#include <asm/barrier.h>

#define BITS_PER_TYPE(type)	(sizeof(type) * BITS_PER_BYTE)
#define BITS_TO_LONGS(nr)	__KERNEL_DIV_ROUND_UP(nr, BITS_PER_TYPE(long))
#define BITS_TO_U64(nr)		__KERNEL_DIV_ROUND_UP(nr, BITS_PER_TYPE(u64))
#define BITS_TO_U32(nr)		__KERNEL_DIV_ROUND_UP(nr, BITS_PER_TYPE(u32))
#define BITS_TO_BYTES(nr)	__KERNEL_DIV_ROUND_UP(nr, BITS_PER_TYPE(char))

static __always_inline void set_bit(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_or(addr + BIT_WORD(nr), BIT_MASK(nr), __ATOMIC_RELAXED);
}

static __always_inline void clear_bit(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_and(addr + BIT_WORD(nr), ~BIT_MASK(nr), __ATOMIC_RELAXED);
}

static __always_inline void clear_bit_unlock(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_and(addr + BIT_WORD(nr), ~BIT_MASK(nr), __ATOMIC_RELEASE);
}

static __always_inline void change_bit(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_xor(addr + BIT_WORD(nr), BIT_MASK(nr), __ATOMIC_RELAXED);
}

static __always_inline bool test_and_set_bit(long nr, volatile unsigned long *addr)
{
	return __atomic_fetch_or(addr + BIT_WORD(nr), BIT_MASK(nr), __ATOMIC_SEQ_CST) &
	       BIT_MASK(nr);
}

static __always_inline bool test_and_set_bit_lock(long nr, volatile unsigned long *addr)
{
	return __atomic_fetch_or(addr + BIT_WORD(nr), BIT_MASK(nr), __ATOMIC_ACQUIRE) &
	       BIT_MASK(nr);
}

static __always_inline bool test_and_clear_bit(long nr, volatile unsigned long *addr)
{
	return __atomic_fetch_and(addr + BIT_WORD(nr), ~BIT_MASK(nr), __ATOMIC_SEQ_CST) &
	       BIT_MASK(nr);
}

static __always_inline bool test_and_change_bit(long nr, volatile unsigned long *addr)
{
	return __atomic_fetch_xor(addr + BIT_WORD(nr), BIT_MASK(nr), __ATOMIC_SEQ_CST) &
	       BIT_MASK(nr);
}

static __always_inline void __set_bit(long nr, volatile unsigned long *addr)
{
	addr[BIT_WORD(nr)] |= BIT_MASK(nr);
}

static __always_inline void __clear_bit(long nr, volatile unsigned long *addr)
{
	addr[BIT_WORD(nr)] &= ~BIT_MASK(nr);
}

static __always_inline void __change_bit(long nr, volatile unsigned long *addr)
{
	addr[BIT_WORD(nr)] ^= BIT_MASK(nr);
}

static __always_inline bool __test_and_set_bit(long nr, volatile unsigned long *addr)
{
	bool old = addr[BIT_WORD(nr)] & BIT_MASK(nr);

	addr[BIT_WORD(nr)] |= BIT_MASK(nr);
	return old;
}

static __always_inline bool __test_and_clear_bit(long nr, volatile unsigned long *addr)
{
	bool old = addr[BIT_WORD(nr)] & BIT_MASK(nr);

	addr[BIT_WORD(nr)] &= ~BIT_MASK(nr);
	return old;
}

static __always_inline bool test_bit(long nr, const volatile unsigned long *addr)
{
	return 1UL & (addr[BIT_WORD(nr)] >> (nr & (BITS_PER_LONG - 1)));
}

static __always_inline bool test_bit_acquire(long nr, const volatile unsigned long *addr)
{
	return 1UL & (__atomic_load_n(addr + BIT_WORD(nr), __ATOMIC_ACQUIRE) >>
		      (nr & (BITS_PER_LONG - 1)));
}

#define __assign_bit(nr, addr, value) \
	((value) ? __set_bit(nr, addr) : __clear_bit(nr, addr))
#define assign_bit(nr, addr, value) \
	((value) ? set_bit(nr, addr) : clear_bit(nr, addr))

/* ffs(): 1 + the lowest set bit, 0 for 0; fls(): 1 + the highest, 0 for 0 */
static __always_inline int ffs(int x)
{
	return __builtin_ffs(x);
}

static __always_inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}

static __always_inline int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

/* __ffs()/__fls(): the index of the lowest/highest set bit; undefined for 0 */
static __always_inline unsigned long __ffs(unsigned long word)
{
	return (unsigned long)__builtin_ctzl(word);
}

static __always_inline unsigned long __fls(unsigned long word)
{
	return (unsigned long)(BITS_PER_LONG - 1 - __builtin_clzl(word));
}

static __always_inline unsigned long ffz(unsigned long word)
{
	return __ffs(~word);
}

static __always_inline unsigned int __ffs64(u64 word)
{
	return (unsigned int)__builtin_ctzll(word);
}

static inline int fls_long(unsigned long l)
{
	return fls64(l);
}

static inline int get_count_order(unsigned int count)
{
	if (count == 0)
		return -1;
	return fls(--count);
}

static inline int get_count_order_long(unsigned long l)
{
	if (l == 0UL)
		return -1;
	return (int)fls_long(--l);
}

/*
 * Population counts in plain C, as lib/hweight.c: a __builtin_popcount()
 * without -mpopcnt would call libgcc, which modules do not link with.
 */
static inline unsigned int __sw_hweight32(u32 w)
{
	w -= (w >> 1) & 0x55555555;
	w = (w & 0x33333333) + ((w >> 2) & 0x33333333);
	w = (w + (w >> 4)) & 0x0f0f0f0f;
	return (w * 0x01010101) >> 24;
}

static inline unsigned long __sw_hweight64(u64 w)
{
	w -= (w >> 1) & 0x5555555555555555ull;
	w = (w & 0x3333333333333333ull) + ((w >> 2) & 0x3333333333333333ull);
	w = (w + (w >> 4)) & 0x0f0f0f0f0f0f0f0full;
	return (unsigned long)((w * 0x0101010101010101ull) >> 56);
}

#define hweight8(w)	__sw_hweight32((u8)(w))
#define hweight16(w)	__sw_hweight32((u16)(w))
#define hweight32(w)	__sw_hweight32((u32)(w))
#define hweight64(w)	((unsigned int)__sw_hweight64((u64)(w)))

static inline unsigned long hweight_long(unsigned long w)
{
	return __sw_hweight64(w);
}

static inline u64 rol64(u64 word, unsigned int shift)
{
	return (word << (shift & 63)) | (word >> ((-shift) & 63));
}

static inline u64 ror64(u64 word, unsigned int shift)
{
	return (word >> (shift & 63)) | (word << ((-shift) & 63));
}

static inline u32 rol32(u32 word, unsigned int shift)
{
	return (word << (shift & 31)) | (word >> ((-shift) & 31));
}

static inline u32 ror32(u32 word, unsigned int shift)
{
	return (word >> (shift & 31)) | (word << ((-shift) & 31));
}

static inline u16 rol16(u16 word, unsigned int shift)
{
	return (u16)((word << (shift & 15)) | (word >> ((-shift) & 15)));
}

static inline u8 rol8(u8 word, unsigned int shift)
{
	return (u8)((word << (shift & 7)) | (word >> ((-shift) & 7)));
}

/* @value with bit @index as its sign bit */
static __always_inline s32 sign_extend32(u32 value, int index)
{
	u8 shift = (u8)(31 - index);

	return (s32)(value << shift) >> shift;
}

static __always_inline s64 sign_extend64(u64 value, int index)
{
	u8 shift = (u8)(63 - index);

	return (s64)(value << shift) >> shift;
}

/* ---- searches (linux/find.h) ---------------------------------------------- */

/* the first bit of (@addr ^ @invert) at or after @start below @size; @size if none */
static inline unsigned long __umod_find_bit(const unsigned long *addr, unsigned long size,
					    unsigned long start, unsigned long invert)
{
	unsigned long word;

	if (start >= size)
		return size;
	word = (addr[BIT_WORD(start)] ^ invert) & (~0UL << (start % BITS_PER_LONG));
	start -= start % BITS_PER_LONG;
	while (!word) {
		start += BITS_PER_LONG;
		if (start >= size)
			return size;
		word = addr[BIT_WORD(start)] ^ invert;
	}
	start += __ffs(word);
	return start < size ? start : size;
}

static inline unsigned long find_next_bit(const unsigned long *addr, unsigned long size,
					  unsigned long offset)
{
	return __umod_find_bit(addr, size, offset, 0UL);
}

static inline unsigned long find_next_zero_bit(const unsigned long *addr, unsigned long size,
					       unsigned long offset)
{
	return __umod_find_bit(addr, size, offset, ~0UL);
}

static inline unsigned long find_first_bit(const unsigned long *addr, unsigned long size)
{
	return __umod_find_bit(addr, size, 0, 0UL);
}

static inline unsigned long find_first_zero_bit(const unsigned long *addr, unsigned long size)
{
	return __umod_find_bit(addr, size, 0, ~0UL);
}

static inline unsigned long find_last_bit(const unsigned long *addr, unsigned long size)
{
	unsigned long i = size;

	while (i--)
		if (test_bit((long)i, addr))
			return i;
	return size;
}

/*
 * The n-th set bit (n from 0) below @size, or @size (lib/find_bit.c):
 * find_nth_bit(), and the n-th bit set in both maps or in the first only.
 */
unsigned long __find_nth_bit(const unsigned long *addr, unsigned long size, unsigned long n);
unsigned long __find_nth_and_bit(const unsigned long *addr1, const unsigned long *addr2,
				 unsigned long size, unsigned long n);
unsigned long __find_nth_andnot_bit(const unsigned long *addr1, const unsigned long *addr2,
				    unsigned long size, unsigned long n);

static inline unsigned long find_nth_bit(const unsigned long *addr, unsigned long size,
					 unsigned long n)
{
	return n >= size ? size : __find_nth_bit(addr, size, n);
}

static inline unsigned long find_nth_and_bit(const unsigned long *addr1,
					     const unsigned long *addr2, unsigned long size,
					     unsigned long n)
{
	return n >= size ? size : __find_nth_and_bit(addr1, addr2, size, n);
}

static inline unsigned long find_nth_andnot_bit(const unsigned long *addr1,
						const unsigned long *addr2, unsigned long size,
						unsigned long n)
{
	return n >= size ? size : __find_nth_andnot_bit(addr1, addr2, size, n);
}

#define for_each_set_bit(bit, addr, size) \
	for ((bit) = 0; (bit) = find_next_bit((addr), (size), (bit)), (bit) < (size); (bit)++)
#define for_each_set_bit_from(bit, addr, size) \
	for (; (bit) = find_next_bit((addr), (size), (bit)), (bit) < (size); (bit)++)
#define for_each_clear_bit(bit, addr, size) \
	for ((bit) = 0; (bit) = find_next_zero_bit((addr), (size), (bit)), (bit) < (size); (bit)++)
#define for_each_clear_bit_from(bit, addr, size) \
	for (; (bit) = find_next_zero_bit((addr), (size), (bit)), (bit) < (size); (bit)++)

/* 6.1 reaches kernel.h through asm/bitops.h; after the fls() family here */
#include <linux/kernel.h>

#endif /* _LINUX_BITOPS_H */
