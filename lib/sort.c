// SPDX-License-Identifier: MIT
/*
 * sort() and sort_r() (lib/sort.c): heapsort in place, O(n log n) in the
 * worst case and no memory, not stable — the kernel's choice, because it
 * sorts under spinlocks. The comparison and swap callbacks are the
 * caller's (module) code, called on the caller's thread.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "kernel/kapi.h"
#include "lib/klib.h"

typedef int (*cmp_func_t)(const void *a, const void *b);
typedef int (*cmp_r_func_t)(const void *a, const void *b, const void *priv);
typedef void (*swap_func_t)(void *a, void *b, int size);

struct sorter {
	char *base;
	size_t size;
	cmp_r_func_t cmp_r;
	cmp_func_t cmp;
	swap_func_t swap;
	const void *priv;
};

static int do_cmp(const struct sorter *s, size_t a, size_t b)
{
	const void *pa = s->base + a * s->size, *pb = s->base + b * s->size;

	return s->cmp_r ? s->cmp_r(pa, pb, s->priv) : s->cmp(pa, pb);
}

static void do_swap(const struct sorter *s, size_t a, size_t b)
{
	char *pa = s->base + a * s->size, *pb = s->base + b * s->size;

	if (s->swap) {
		s->swap(pa, pb, (int)s->size);
		return;
	}
	for (size_t i = 0; i < s->size; i++) {
		char t = pa[i];

		pa[i] = pb[i];
		pb[i] = t;
	}
}

/* moves element @i down the heap of @n elements until both children are smaller */
static void sift_down(const struct sorter *s, size_t i, size_t n)
{
	for (;;) {
		size_t big = i, l = 2 * i + 1, r = l + 1;

		if (l < n && do_cmp(s, l, big) > 0)
			big = l;
		if (r < n && do_cmp(s, r, big) > 0)
			big = r;
		if (big == i)
			return;
		do_swap(s, i, big);
		i = big;
	}
}

static void heapsort(const struct sorter *s, size_t num)
{
	if (num < 2 || !s->size)
		return;
	for (size_t i = num / 2; i-- > 0;)
		sift_down(s, i, num);
	for (size_t n = num - 1; n > 0; n--) {
		do_swap(s, 0, n);
		sift_down(s, 0, n);
	}
}

void umod_sort_r(void *base, size_t num, size_t size, cmp_r_func_t cmp,
		 swap_func_t swap, const void *priv)
{
	struct sorter s = { base, size, cmp, NULL, swap, priv };

	heapsort(&s, num);
}

void umod_sort(void *base, size_t num, size_t size, cmp_func_t cmp, swap_func_t swap)
{
	struct sorter s = { base, size, NULL, cmp, swap, NULL };

	heapsort(&s, num);
}

static const struct umod_kapi_export sort_exports[] = {
	UMOD_KAPI("sort", umod_sort),
	UMOD_KAPI("sort_r", umod_sort_r),
};

const struct umod_kapi_table umod_kapi_sort = UMOD_KAPI_TABLE(sort_exports);
