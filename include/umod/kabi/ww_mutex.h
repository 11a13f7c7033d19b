/* SPDX-License-Identifier: MIT */
/* Wound/wait mutexes as both sides see them (6.1's non-debug layout) */
#ifndef _UMOD_KABI_WW_MUTEX_H
#define _UMOD_KABI_WW_MUTEX_H

#include <umod/kabi/mutex.h>

struct task_struct;

/* one acquire context: the locks a task takes together, and its age */
struct ww_acquire_ctx {
	struct task_struct *task;
	unsigned long stamp;		/* smaller: older, and so stronger */
	unsigned int acquired;		/* locks held under it */
	unsigned short wounded;		/* wound-wait: an older context wants ours */
	unsigned short is_wait_die;
};

struct ww_mutex {
	struct mutex base;
	struct ww_acquire_ctx *ctx;	/* the holder's context, or NULL */
};

#endif /* _UMOD_KABI_WW_MUTEX_H */
