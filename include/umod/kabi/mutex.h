/* SPDX-License-Identifier: MIT */
/*
 * The sleeping locks as both sides see them: module structures embed
 * them, the host takes and releases them. Each is a word of state and a
 * wait queue (umod/kabi/wait.h) whose lock also guards the word where the
 * slow paths need it. Builtin types only.
 */
#ifndef _UMOD_KABI_MUTEX_H
#define _UMOD_KABI_MUTEX_H

#include <umod/kabi/wait.h>

/* 6.1's optimistic spinning queue: never used here, its place kept */
struct optimistic_spin_queue {
	atomic_t tail;
};

/*
 * 6.1 amd64's layout (make check-kabi): 6.1's wait_lock, osq and
 * wait_list are where the host's wait queue has its lock, padding and
 * list, so a static DEFINE_MUTEX() of either form is the same bytes.
 */
struct mutex {
	volatile unsigned long owner;	/* the owning task_struct, or 0 */
	union {
		struct {
			raw_spinlock_t wait_lock;
			struct optimistic_spin_queue osq;
			struct list_head wait_list;
		};
		struct wait_queue_head wait;	/* the host's view of them */
	};
};

struct semaphore {
	volatile unsigned int count;
	struct wait_queue_head wait;
};

struct rw_semaphore {
	volatile long count;		/* readers inside, or -1: a writer */
	struct wait_queue_head wait;
};

struct completion {
	volatile unsigned int done;	/* UINT_MAX after complete_all() */
	struct wait_queue_head wait;
};

#endif /* _UMOD_KABI_MUTEX_H */
