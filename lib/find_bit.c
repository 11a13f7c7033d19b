// SPDX-License-Identifier: MIT
/*
 * The n-th set bit (lib/find_bit.c): __find_nth_bit() and its and/andnot
 * forms, which find_nth_bit() calls for bitmaps of more than one word.
 * Whole words are skipped by their weight; the bit is then found in the
 * word that holds it.
 */
#include <stdint.h>

#include "kernel/kapi.h"

#define LONG_BITS	(8 * sizeof(long))

/* the n-th set bit of @word (n from 0); LONG_BITS if it has fewer */
static unsigned long nth_in_word(unsigned long word, unsigned long n)
{
	while (word && n--)
		word &= word - 1;
	return word ? (unsigned long)__builtin_ctzl(word) : LONG_BITS;
}

/* the n-th set bit of word(i) over [0, size), size if there are fewer */
static unsigned long find_nth(const unsigned long *a, const unsigned long *b, int mode,
			      unsigned long size, unsigned long n)
{
	for (unsigned long i = 0; i * LONG_BITS < size; i++) {
		unsigned long word = mode == 0 ? a[i] : mode == 1 ? a[i] & b[i] : a[i] & ~b[i];
		unsigned long w;

		if ((i + 1) * LONG_BITS > size)
			word &= ~0ul >> ((i + 1) * LONG_BITS - size);
		w = (unsigned long)__builtin_popcountl(word);
		if (n < w)
			return i * LONG_BITS + nth_in_word(word, n);
		n -= w;
	}
	return size;
}

static unsigned long kapi___find_nth_bit(const unsigned long *addr, unsigned long size,
					 unsigned long n)
{
	return find_nth(addr, NULL, 0, size, n);
}

static unsigned long kapi___find_nth_and_bit(const unsigned long *addr1,
					     const unsigned long *addr2, unsigned long size,
					     unsigned long n)
{
	return find_nth(addr1, addr2, 1, size, n);
}

static unsigned long kapi___find_nth_andnot_bit(const unsigned long *addr1,
						const unsigned long *addr2, unsigned long size,
						unsigned long n)
{
	return find_nth(addr1, addr2, 2, size, n);
}

static const struct umod_kapi_export find_bit_exports[] = {
	UMOD_KAPI("__find_nth_bit", kapi___find_nth_bit),
	UMOD_KAPI("__find_nth_and_bit", kapi___find_nth_and_bit),
	UMOD_KAPI("__find_nth_andnot_bit", kapi___find_nth_andnot_bit),
};

const struct umod_kapi_table umod_kapi_find_bit = UMOD_KAPI_TABLE(find_bit_exports);
