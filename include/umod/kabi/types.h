/* SPDX-License-Identifier: MIT */
/*
 * The kernel's basic shared structures, as linux/types.h defines them:
 * list links and atomic counters embedded in structures that both module
 * and host code touch (wait queues, mutexes, timers, work items).
 * Builtin types only, as in kabi.h. The host's own lists (util/list.h)
 * have the same layout as struct list_head.
 */
#ifndef _UMOD_KABI_TYPES_H
#define _UMOD_KABI_TYPES_H

struct list_head {
	struct list_head *next, *prev;
};

struct hlist_head {
	struct hlist_node *first;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

typedef struct {
	int counter;
} atomic_t;

typedef struct {
	long long counter;
} atomic64_t;

typedef atomic64_t atomic_long_t;

/* call_rcu()'s and task_work's link: struct rcu_head */
struct callback_head {
	struct callback_head *next;
	void (*func)(struct callback_head *head);
} __attribute__((aligned(sizeof(void *))));

#endif /* _UMOD_KABI_TYPES_H */
