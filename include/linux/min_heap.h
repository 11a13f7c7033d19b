/* SPDX-License-Identifier: MIT */
/*
 * A binary min-heap over an array the caller owns, as 6.1's min_heap.h:
 * the element size and the comparison and swap come in a callbacks
 * struct, so one set of inline functions serves any element type.
 * Element 0 is the least; a child of i is at 2i+1 and 2i+2.
 */
#ifndef _LINUX_MIN_HEAP_H
#define _LINUX_MIN_HEAP_H

#include <linux/bug.h>
#include <linux/string.h>
#include <linux/types.h>

/* @nr elements in use of @size */
struct min_heap {
	void *data;
	int nr;
	int size;
};

struct min_heap_callbacks {
	int elem_size;
	bool (*less)(const void *lhs, const void *rhs);
	void (*swp)(void *lhs, void *rhs);
};

/* sift the element at @pos down until neither child is less */
static __always_inline
void min_heapify(struct min_heap *heap, int pos, const struct min_heap_callbacks *func)
{
	char *data = heap->data;

	for (;;) {
		int l = pos * 2 + 1, r = l + 1;
		char *parent = data + pos * func->elem_size, *smallest = parent;
		char *left = data + l * func->elem_size;

		if (l >= heap->nr)
			break;
		if (func->less(left, smallest))
			smallest = left;
		if (r < heap->nr && func->less(data + r * func->elem_size, smallest))
			smallest = data + r * func->elem_size;
		if (smallest == parent)
			break;
		func->swp(smallest, parent);
		pos = smallest == left ? l : r;
	}
}

/* heap order over the whole array: every parent sifted, from the last up */
static __always_inline
void min_heapify_all(struct min_heap *heap, const struct min_heap_callbacks *func)
{
	for (int i = heap->nr / 2; i >= 0; i--)
		min_heapify(heap, i, func);
}

/* drops the least element: the last one takes its place and sifts down */
static __always_inline
void min_heap_pop(struct min_heap *heap, const struct min_heap_callbacks *func)
{
	char *data = heap->data;

	if (WARN_ONCE(heap->nr <= 0, "Popping an empty heap"))
		return;
	heap->nr--;
	memcpy(data, data + heap->nr * func->elem_size, func->elem_size);
	min_heapify(heap, 0, func);
}

/* replaces the least element with @element: a pop and a push in one sift */
static __always_inline
void min_heap_pop_push(struct min_heap *heap, const void *element,
		       const struct min_heap_callbacks *func)
{
	memcpy(heap->data, element, func->elem_size);
	min_heapify(heap, 0, func);
}

/* @element added at the end and sifted up while less than its parent */
static __always_inline
void min_heap_push(struct min_heap *heap, const void *element,
		   const struct min_heap_callbacks *func)
{
	char *data = heap->data;
	int pos;

	if (WARN_ONCE(heap->nr >= heap->size, "Pushing on a full heap"))
		return;
	pos = heap->nr++;
	memcpy(data + pos * func->elem_size, element, func->elem_size);
	for (; pos > 0; pos = (pos - 1) / 2) {
		char *child = data + pos * func->elem_size;
		char *parent = data + (pos - 1) / 2 * func->elem_size;

		if (func->less(parent, child))
			break;
		func->swp(parent, child);
	}
}

#endif /* _LINUX_MIN_HEAP_H */
