/* SPDX-License-Identifier: MIT */
/*
 * Completions, as the kernel's: a count of complete() calls (or "all")
 * and a queue of waiters. The waits return what the kernel's return:
 * _timeout the jiffies left (at least 1) or 0, _interruptible and
 * _killable -ERESTARTSYS when a signal ends them.
 */
#ifndef _LINUX_COMPLETION_H
#define _LINUX_COMPLETION_H

#include <linux/wait.h>
#include <umod/kabi/mutex.h>
#include <linux/list.h>
#include <linux/spinlock.h>

#define COMPLETION_INITIALIZER(work) \
	{ 0, __WAIT_QUEUE_HEAD_INITIALIZER((work).wait) }
#define COMPLETION_INITIALIZER_ONSTACK(work) \
	(*({ init_completion(&work); &work; }))
#define DECLARE_COMPLETION(work) \
	struct completion work = COMPLETION_INITIALIZER(work)
#define DECLARE_COMPLETION_ONSTACK(work)	DECLARE_COMPLETION(work)
#define DECLARE_COMPLETION_ONSTACK_MAP(work, map)	DECLARE_COMPLETION(work)

static inline void init_completion(struct completion *x)
{
	x->done = 0;
	init_waitqueue_head(&x->wait);
}

static inline void reinit_completion(struct completion *x)
{
	x->done = 0;
}

void wait_for_completion(struct completion *x);
void wait_for_completion_io(struct completion *x);
int wait_for_completion_interruptible(struct completion *x);
int wait_for_completion_killable(struct completion *x);
int wait_for_completion_state(struct completion *x, unsigned int state);
unsigned long wait_for_completion_timeout(struct completion *x, unsigned long timeout);
unsigned long wait_for_completion_io_timeout(struct completion *x, unsigned long timeout);
long wait_for_completion_interruptible_timeout(struct completion *x, unsigned long timeout);
long wait_for_completion_killable_timeout(struct completion *x, unsigned long timeout);
bool try_wait_for_completion(struct completion *x);
bool completion_done(struct completion *x);
void complete(struct completion *x);
void complete_all(struct completion *x);

#endif /* _LINUX_COMPLETION_H */
