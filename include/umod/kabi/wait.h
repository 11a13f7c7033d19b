/* SPDX-License-Identifier: MIT */
/*
 * Wait queues as both sides see them: a module declares the head and,
 * in wait_event(), the entry on its stack; the host links, wakes and
 * unlinks them. The layout is the kernel's. Builtin types only.
 */
#ifndef _UMOD_KABI_WAIT_H
#define _UMOD_KABI_WAIT_H

#include <umod/kabi/spinlock.h>
#include <umod/kabi/types.h>

struct wait_queue_entry;

typedef int (*wait_queue_func_t)(struct wait_queue_entry *wq_entry,
				 unsigned int mode, int flags, void *key);

struct wait_queue_entry {
	unsigned int flags;		/* WQ_FLAG_EXCLUSIVE, WQ_FLAG_WOKEN */
	void *private;			/* the waiting task_struct */
	wait_queue_func_t func;
	struct list_head entry;
};

struct wait_queue_head {
	spinlock_t lock;
	struct list_head head;
};

#endif /* _UMOD_KABI_WAIT_H */
