/* SPDX-License-Identifier: MIT */
/*
 * An intrusive doubly linked list, as the kernel's list.h (header only).
 */
#ifndef _UMOD_UTIL_LIST_H
#define _UMOD_UTIL_LIST_H

#include "util/macro.h"

struct umod_list {
	struct umod_list *next, *prev;
};

static inline void umod_list_init(struct umod_list *l)
{
	l->next = l->prev = l;
}

static inline void umod_list_add(struct umod_list *n, struct umod_list *head)
{
	n->next = head->next;
	n->prev = head;
	head->next->prev = n;
	head->next = n;
}

static inline void umod_list_del(struct umod_list *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
	umod_list_init(n);
}

#endif /* _UMOD_UTIL_LIST_H */
