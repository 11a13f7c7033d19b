/* SPDX-License-Identifier: MIT */
/*
 * Lists that readers walk under rcu_read_lock() while one writer (under
 * its own lock) changes them: an entry is published with a release store
 * and a removed entry keeps its forward link, as the kernel's.
 */
#ifndef _LINUX_RCULIST_H
#define _LINUX_RCULIST_H

#include <linux/list.h>
#include <linux/poison.h>
#include <linux/rcupdate.h>

#define list_next_rcu(list)	(*((struct list_head **)(&(list)->next)))

static inline void INIT_LIST_HEAD_RCU(struct list_head *list)
{
	WRITE_ONCE(list->next, list);
	WRITE_ONCE(list->prev, list);
}

static inline void __list_add_rcu(struct list_head *new, struct list_head *prev,
				  struct list_head *next)
{
	new->next = next;
	new->prev = prev;
	rcu_assign_pointer(list_next_rcu(prev), new);
	next->prev = new;
}

static inline void list_add_rcu(struct list_head *new, struct list_head *head)
{
	__list_add_rcu(new, head, head->next);
}

static inline void list_add_tail_rcu(struct list_head *new, struct list_head *head)
{
	__list_add_rcu(new, head->prev, head);
}

static inline void list_del_rcu(struct list_head *entry)
{
	__list_del_entry(entry);
	entry->prev = LIST_POISON2;
}

static inline void list_del_init_rcu(struct list_head *entry)
{
	__list_del_entry(entry);
	INIT_LIST_HEAD_RCU(entry);
}

static inline void list_replace_rcu(struct list_head *old, struct list_head *new)
{
	new->next = old->next;
	new->prev = old->prev;
	rcu_assign_pointer(list_next_rcu(new->prev), new);
	new->next->prev = new;
	old->prev = LIST_POISON2;
}

#define list_entry_rcu(ptr, type, member) \
	container_of(READ_ONCE(ptr), type, member)

#define list_first_or_null_rcu(ptr, type, member)			\
({									\
	struct list_head *__ptr = (ptr);				\
	struct list_head *__next = READ_ONCE(__ptr->next);		\
	__next != __ptr ? list_entry_rcu(__next, type, member) : NULL;	\
})

#define list_next_or_null_rcu(head, ptr, type, member)			\
({									\
	struct list_head *__head = (head);				\
	struct list_head *__ptr = (ptr);				\
	struct list_head *__next = READ_ONCE(__ptr->next);		\
	__next != __head ? list_entry_rcu(__next, type, member) : NULL;	\
})

#define list_tail_rcu(head)	(*((struct list_head **)(&(head)->prev)))

#define list_for_each_rcu(pos, head)					\
	for (pos = rcu_dereference((head)->next);			\
	     !list_is_head(pos, (head));				\
	     pos = rcu_dereference(pos->next))

/* the optional lockdep condition is accepted and not checked */
#define list_for_each_entry_rcu(pos, head, member, cond...)		\
	for (pos = list_entry_rcu((head)->next, __typeof__(*pos), member); \
	     &pos->member != (head);					\
	     pos = list_entry_rcu(pos->member.next, __typeof__(*pos), member))

#define list_for_each_entry_srcu(pos, head, member, cond)		\
	list_for_each_entry_rcu(pos, head, member)

#define list_for_each_entry_continue_rcu(pos, head, member)		\
	for (pos = list_entry_rcu(pos->member.next, __typeof__(*pos), member); \
	     &pos->member != (head);					\
	     pos = list_entry_rcu(pos->member.next, __typeof__(*pos), member))

#define list_for_each_entry_from_rcu(pos, head, member)			\
	for (; &(pos)->member != (head);				\
	     pos = list_entry_rcu(pos->member.next, __typeof__(*(pos)), member))

/* ---- hlists ---- */

#define hlist_first_rcu(head)	(*((struct hlist_node **)(&(head)->first)))
#define hlist_next_rcu(node)	(*((struct hlist_node **)(&(node)->next)))
#define hlist_pprev_rcu(node)	(*((struct hlist_node **)((node)->pprev)))

static inline void hlist_del_rcu(struct hlist_node *n)
{
	struct hlist_node *next = n->next;
	struct hlist_node **pprev = n->pprev;

	WRITE_ONCE(*pprev, next);
	if (next)
		WRITE_ONCE(next->pprev, pprev);
	WRITE_ONCE(n->pprev, LIST_POISON2);
}

static inline void hlist_del_init_rcu(struct hlist_node *n)
{
	if (n->pprev) {
		struct hlist_node *next = n->next;

		WRITE_ONCE(*n->pprev, next);
		if (next)
			WRITE_ONCE(next->pprev, n->pprev);
		WRITE_ONCE(n->pprev, NULL);
	}
}

static inline void hlist_add_head_rcu(struct hlist_node *n, struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	n->next = first;
	WRITE_ONCE(n->pprev, &h->first);
	rcu_assign_pointer(hlist_first_rcu(h), n);
	if (first)
		WRITE_ONCE(first->pprev, &n->next);
}

static inline void hlist_add_before_rcu(struct hlist_node *n, struct hlist_node *next)
{
	WRITE_ONCE(n->pprev, next->pprev);
	n->next = next;
	rcu_assign_pointer(hlist_pprev_rcu(n), n);
	WRITE_ONCE(next->pprev, &n->next);
}

static inline void hlist_add_behind_rcu(struct hlist_node *n, struct hlist_node *prev)
{
	n->next = prev->next;
	WRITE_ONCE(n->pprev, &prev->next);
	rcu_assign_pointer(hlist_next_rcu(prev), n);
	if (n->next)
		WRITE_ONCE(n->next->pprev, &n->next);
}

#define __hlist_for_each_rcu(pos, head)				\
	for (pos = rcu_dereference(hlist_first_rcu(head));	\
	     pos;						\
	     pos = rcu_dereference(hlist_next_rcu(pos)))

#define hlist_for_each_entry_rcu(pos, head, member, cond...)		\
	for (pos = hlist_entry_safe(rcu_dereference_raw(hlist_first_rcu(head)), \
				    __typeof__(*(pos)), member);	\
	     pos;							\
	     pos = hlist_entry_safe(rcu_dereference_raw(hlist_next_rcu(&(pos)->member)), \
				    __typeof__(*(pos)), member))

#endif /* _LINUX_RCULIST_H */
