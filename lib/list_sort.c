// SPDX-License-Identifier: MIT
/*
 * list_sort() (lib/list_sort.c): a stable merge sort of a struct list_head
 * list, in place and without allocating. The host's view of list_head is
 * struct lnode, the same two pointers.
 */
#include <stddef.h>

#include "kernel/kapi.h"
#include "lib/klib.h"


struct lnode {
	struct lnode *next, *prev;
};

typedef int (*list_cmp_func_t)(void *, const struct lnode *, const struct lnode *);

/* merges two NULL-terminated singly linked runs; ties keep @a's first */
static struct lnode *merge(void *priv, list_cmp_func_t cmp, struct lnode *a, struct lnode *b)
{
	struct lnode *head = NULL, **tail = &head;

	while (a && b) {
		if (cmp(priv, a, b) <= 0) {
			*tail = a;
			a = a->next;
		} else {
			*tail = b;
			b = b->next;
		}
		tail = &(*tail)->next;
	}
	*tail = a ? a : b;
	return head;
}

/*
 * Bottom-up: runs of 1, 2, 4 ... elements in pending[k] (at most 64 of
 * them), each new element merged into them as a binary counter carries.
 * No allocation; the prev links are rebuilt at the end.
 */
void umod_list_sort(void *priv, struct lnode *head, list_cmp_func_t cmp)
{
	struct lnode *pending[64] = { NULL }, *list = head->next, *result = NULL, *prev;
	int k;

	if (list == head || list->next == head)
		return;
	head->prev->next = NULL;
	while (list) {
		struct lnode *cur = list;

		list = list->next;
		cur->next = NULL;
		for (k = 0; k < 63 && pending[k]; k++) {
			cur = merge(priv, cmp, pending[k], cur);
			pending[k] = NULL;
		}
		pending[k] = cur;
	}
	/* higher runs hold earlier elements: the result so far goes first */
	for (k = 63; k >= 0; k--)
		if (pending[k])
			result = result ? merge(priv, cmp, result, pending[k]) : pending[k];
	prev = head;
	for (struct lnode *n = result; n; n = n->next) {
		n->prev = prev;
		prev->next = n;
		prev = n;
	}
	prev->next = head;
	head->prev = prev;
}

static const struct umod_kapi_export list_sort_exports[] = {
	UMOD_KAPI("list_sort", umod_list_sort),
};

const struct umod_kapi_table umod_kapi_list_sort = UMOD_KAPI_TABLE(list_sort_exports);
