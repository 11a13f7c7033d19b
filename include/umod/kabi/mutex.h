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

struct mutex {
	volatile unsigned long owner;	/* the owning task_struct, or 0 */
	struct wait_queue_head wait;
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
