/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_LIST_SORT_H
#define _LINUX_LIST_SORT_H

#include <linux/types.h>

struct list_head;

typedef int __attribute__((nonnull(2, 3))) (*list_cmp_func_t)(void *,
		const struct list_head *, const struct list_head *);

/* a stable merge sort of the list at @head by @cmp (> 0: a after b) */
void list_sort(void *priv, struct list_head *head, list_cmp_func_t cmp);

#endif /* _LINUX_LIST_SORT_H */
