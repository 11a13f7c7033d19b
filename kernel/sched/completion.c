// SPDX-License-Identifier: MIT
/*
 * Completions, as kernel/sched/completion.c: `done` counts complete()
 * calls not yet consumed (UINT_MAX: complete_all(), every wait passes),
 * guarded by the wait queue's lock; a waiter sleeps on the queue until
 * `done` is non-zero and takes one.
 */
#include <errno.h>
#include <limits.h>

#include <umod/kabi/mutex.h>

#include "kernel/kapi.h"
#include "kernel/sched/sched.h"

#define TASK_INTERRUPTIBLE	0x0001u
#define TASK_UNINTERRUPTIBLE	0x0002u
#define TASK_WAKEKILL		0x0100u
#define TASK_KILLABLE		(TASK_WAKEKILL | TASK_UNINTERRUPTIBLE)
#define TASK_NORMAL		(TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)
#define ERESTARTSYS		512

#define SITE	umod_src_rel(__FILE__), __LINE__

static bool is_done(void *x)
{
	return ((struct completion *)x)->done != 0;
}

/* the jiffies left, at least 1; 0 when they ran out; -ERESTARTSYS */
static long wait_common(struct completion *x, long timeout, unsigned int state)
{
	struct umod_task *t;
	int err;

	umod_might_resched(SITE, 0);
	t = umod_wq_lock(&x->wait);
	err = umod_wait_locked(&x->wait, t, is_done, x, state, &timeout);
	if (!err && x->done != UINT_MAX)
		x->done--;
	umod_wq_unlock(&x->wait, t);
	if (err)
		return err == -EINTR ? -ERESTARTSYS : 0;
	return timeout ? timeout : 1;
}

UMOD_KEEP_FRAME
static void kapi_wait_for_completion(struct completion *x)
{
	wait_common(x, LONG_MAX, TASK_UNINTERRUPTIBLE);
}

unsigned long umod_wait_for_completion_timeout(struct completion *x, unsigned long timeout)
{
	return (unsigned long)wait_common(x, (long)timeout, TASK_UNINTERRUPTIBLE);
}

/* for host code that waits as the kernel's does (i2c_del_adapter()) */
void umod_wait_for_completion(struct completion *x)
{
	wait_common(x, LONG_MAX, TASK_UNINTERRUPTIBLE);
}

UMOD_KEEP_FRAME
static unsigned long kapi_wait_for_completion_timeout(struct completion *x, unsigned long timeout)
{
	return (unsigned long)wait_common(x, (long)timeout, TASK_UNINTERRUPTIBLE);
}

UMOD_KEEP_FRAME
static int kapi_wait_for_completion_interruptible(struct completion *x)
{
	long t = wait_common(x, LONG_MAX, TASK_INTERRUPTIBLE);

	return t == -ERESTARTSYS ? (int)t : 0;
}

UMOD_KEEP_FRAME
static long kapi_wait_for_completion_interruptible_timeout(struct completion *x,
							   unsigned long timeout)
{
	return wait_common(x, (long)timeout, TASK_INTERRUPTIBLE);
}

UMOD_KEEP_FRAME
static int kapi_wait_for_completion_killable(struct completion *x)
{
	long t = wait_common(x, LONG_MAX, TASK_KILLABLE);

	return t == -ERESTARTSYS ? (int)t : 0;
}

UMOD_KEEP_FRAME
static int kapi_wait_for_completion_state(struct completion *x, unsigned int state)
{
	long t = wait_common(x, LONG_MAX, state);

	return t == -ERESTARTSYS ? (int)t : 0;
}

UMOD_KEEP_FRAME
static long kapi_wait_for_completion_killable_timeout(struct completion *x,
						      unsigned long timeout)
{
	return wait_common(x, (long)timeout, TASK_KILLABLE);
}

static bool kapi_try_wait_for_completion(struct completion *x)
{
	struct umod_task *t;
	bool ret = true;

	/* the kernel's shortcut: nothing done, no need for the lock */
	if (!__atomic_load_n(&x->done, __ATOMIC_ACQUIRE))
		return false;
	t = umod_wq_lock(&x->wait);
	if (!x->done)
		ret = false;
	else if (x->done != UINT_MAX)
		x->done--;
	umod_wq_unlock(&x->wait, t);
	return ret;
}

static bool kapi_completion_done(struct completion *x)
{
	if (!__atomic_load_n(&x->done, __ATOMIC_ACQUIRE))
		return false;
	/* complete() may still hold the lock: it is done once it lets go */
	umod_wq_unlock(&x->wait, umod_wq_lock(&x->wait));
	return true;
}

void umod_complete(struct completion *x)
{
	struct umod_task *t = umod_wq_lock(&x->wait);

	if (x->done != UINT_MAX)
		x->done++;
	umod_wake_locked(&x->wait, TASK_NORMAL, 1);
	umod_wq_unlock(&x->wait, t);
}

static void kapi_complete_all(struct completion *x)
{
	struct umod_task *t = umod_wq_lock(&x->wait);

	x->done = UINT_MAX;
	umod_wake_locked(&x->wait, TASK_NORMAL, 0);
	umod_wq_unlock(&x->wait, t);
}

static const struct umod_kapi_export completion_exports[] = {
	UMOD_KAPI("wait_for_completion", kapi_wait_for_completion),
	UMOD_KAPI("wait_for_completion_io", kapi_wait_for_completion),
	UMOD_KAPI("wait_for_completion_timeout", kapi_wait_for_completion_timeout),
	UMOD_KAPI("wait_for_completion_io_timeout", kapi_wait_for_completion_timeout),
	UMOD_KAPI("wait_for_completion_interruptible", kapi_wait_for_completion_interruptible),
	UMOD_KAPI("wait_for_completion_interruptible_timeout",
		  kapi_wait_for_completion_interruptible_timeout),
	UMOD_KAPI("wait_for_completion_killable", kapi_wait_for_completion_killable),
	UMOD_KAPI("wait_for_completion_killable_timeout",
		  kapi_wait_for_completion_killable_timeout),
	UMOD_KAPI("wait_for_completion_state", kapi_wait_for_completion_state),
	UMOD_KAPI("try_wait_for_completion", kapi_try_wait_for_completion),
	UMOD_KAPI("completion_done", kapi_completion_done),
	UMOD_KAPI("complete", umod_complete),
	UMOD_KAPI("complete_all", kapi_complete_all),
};

const struct umod_kapi_table umod_kapi_completion = UMOD_KAPI_TABLE(completion_exports);
