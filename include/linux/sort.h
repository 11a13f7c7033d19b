/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_SORT_H
#define _LINUX_SORT_H

#include <linux/types.h>

/*
 * lib/sort.c: an in-place heapsort (not stable, O(n log n) always, no
 * allocation); @swap_func NULL: the host swaps @size bytes itself.
 */
void sort_r(void *base, size_t num, size_t size, cmp_r_func_t cmp_func,
	    swap_func_t swap_func, const void *priv);
void sort(void *base, size_t num, size_t size, cmp_func_t cmp_func, swap_func_t swap_func);

#endif /* _LINUX_SORT_H */
