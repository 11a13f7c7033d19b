// SPDX-License-Identifier: MIT
/*
 * Mutexes: the owner word holds the owning task, taken with one
 * compare-and-swap when free. A waiter queues on the mutex's wait queue
 * and tries again under the queue's lock before each sleep; the unlocker
 * clears the word first and then looks for waiters (both steps full
 * barriers), so a waiter either sees the mutex free or is seen and woken.
 */
#include <errno.h>
#include <limits.h>

#include <umod/kabi/mutex.h>
#include <umod/kabi/ww_mutex.h>

#include "kernel/kapi.h"
#include "kernel/locking/mutex.h"
#include "kernel/sched/sched.h"

#define TASK_INTERRUPTIBLE	0x0001u
#define TASK_UNINTERRUPTIBLE	0x0002u
#define TASK_WAKEKILL		0x0100u
#define TASK_KILLABLE		(TASK_WAKEKILL | TASK_UNINTERRUPTIBLE)
#define TASK_NORMAL		(TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)

#define SITE	umod_src_rel(__FILE__), __LINE__

struct try_arg {
	struct mutex *lock;
	unsigned long me;
};

static bool try_take(struct mutex *lock, unsigned long me)
{
	unsigned long free = 0;

	return __atomic_compare_exchange_n(&lock->owner, &free, me, false, __ATOMIC_SEQ_CST,
					   __ATOMIC_RELAXED);
}

static bool try_take_arg(void *arg)
{
	struct try_arg *a = arg;

	return try_take(a->lock, a->me);
}

static int lock_common(struct mutex *lock, unsigned int state)
{
	struct umod_task *t = umod_task_fast();
	struct try_arg a = { lock, (unsigned long)&t->task };
	long timeout = LONG_MAX;
	int err;

	umod_might_resched(SITE, 0);
	if (try_take(lock, a.me))
		return 0;
	umod_wq_lock(&lock->wait);
	err = umod_wait_locked(&lock->wait, t, try_take_arg, &a, state, &timeout);
	umod_wq_unlock(&lock->wait, t);
	return err;
}

static void kapi_mutex_init(struct mutex *lock, const char *name, void *key)
{
	lock->owner = 0;
	umod_wq_init(&lock->wait);
}

UMOD_KEEP_FRAME
static void kapi_mutex_lock(struct mutex *lock)
{
	lock_common(lock, TASK_UNINTERRUPTIBLE);
}

UMOD_KEEP_FRAME
static int kapi_mutex_lock_interruptible(struct mutex *lock)
{
	return lock_common(lock, TASK_INTERRUPTIBLE);
}

UMOD_KEEP_FRAME
static int kapi_mutex_lock_killable(struct mutex *lock)
{
	return lock_common(lock, TASK_KILLABLE);
}

static int kapi_mutex_trylock(struct mutex *lock)
{
	return try_take(lock, (unsigned long)&umod_task_fast()->task);
}

static void kapi_mutex_unlock(struct mutex *lock)
{
	struct list_head *head = &lock->wait.head;

	__atomic_store_n(&lock->owner, 0, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&head->next, __ATOMIC_SEQ_CST) != head) {
		struct umod_task *t = umod_wq_lock(&lock->wait);

		umod_wake_locked(&lock->wait, TASK_NORMAL, 1);
		umod_wq_unlock(&lock->wait, t);
	}
}

/* the count down by one; at 0 with the mutex held, returning 1 */
UMOD_KEEP_FRAME
static int kapi_atomic_dec_and_mutex_lock(atomic_t *cnt, struct mutex *lock)
{
	int old = __atomic_load_n(&cnt->counter, __ATOMIC_RELAXED);

	/* not the last one: no need for the mutex */
	while (old != 1)
		if (__atomic_compare_exchange_n(&cnt->counter, &old, old - 1, false,
						__ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
			return 0;
	kapi_mutex_lock(lock);
	if (__atomic_sub_fetch(&cnt->counter, 1, __ATOMIC_SEQ_CST) == 0)
		return 1;
	kapi_mutex_unlock(lock);
	return 0;
}

/* ---- wound/wait mutexes (6.1 keeps them in this file too) -------------------- */

/*
 * Sets of mutexes taken in any order without deadlock: each acquire
 * context has a stamp (older is smaller), and when two contend the
 * younger backs off with -EDEADLK, drops what it holds and starts again
 * (ww_mutex_lock_slow). Wait-die: a younger waiter dies at once.
 * Wound-wait: an older waiter wounds the younger holder, which backs off
 * when it next meets contention. A waiter re-checks every jiffy as well
 * as when woken, so a wound it slept through is still seen.
 */
struct ww_wait {
	struct ww_mutex *lock;
	struct ww_acquire_ctx *ctx;
	unsigned long me;
	bool got, killed;
};

/* is @a younger than @b? */
static bool ww_younger(const struct ww_acquire_ctx *a, const struct ww_acquire_ctx *b)
{
	return (long)(a->stamp - __atomic_load_n(&b->stamp, __ATOMIC_RELAXED)) > 0;
}

/* holding locks, must @ctx back off from @hold (the lock's holder's)? */
static bool ww_must_die(struct ww_acquire_ctx *ctx, struct ww_acquire_ctx *hold)
{
	if (!ctx->acquired)
		return false;
	if (!ctx->is_wait_die)
		return __atomic_load_n(&ctx->wounded, __ATOMIC_ACQUIRE);
	return hold && ww_younger(ctx, hold);
}

static bool ww_ready(void *arg)
{
	struct ww_wait *w = arg;

	w->got = try_take(&w->lock->base, w->me);
	if (!w->got)
		w->killed = ww_must_die(w->ctx, __atomic_load_n(&w->lock->ctx, __ATOMIC_ACQUIRE));
	return w->got || w->killed;
}

/* an older waiter wounds a younger holder that holds something, and wakes it */
static void ww_wound(struct ww_acquire_ctx *ctx, struct ww_acquire_ctx *hold)
{
	if (ctx->is_wait_die || !hold || !__atomic_load_n(&hold->acquired, __ATOMIC_RELAXED) ||
	    !ww_younger(hold, ctx))
		return;
	__atomic_store_n(&hold->wounded, 1, __ATOMIC_RELEASE);
	umod_task_wake(hold->task, TASK_NORMAL);
}

static int ww_lock_common(struct ww_mutex *lock, struct ww_acquire_ctx *ctx, unsigned int state)
{
	struct umod_task *t = umod_task_fast();
	struct ww_wait w = { lock, ctx, (unsigned long)&t->task, false, false };

	if (!ctx)
		return lock_common(&lock->base, state);
	if (__atomic_load_n(&lock->ctx, __ATOMIC_RELAXED) == ctx)
		return -EALREADY;
	/* a context that dropped everything after a wound starts afresh */
	if (!ctx->acquired)
		ctx->wounded = 0;
	umod_might_resched(SITE, 0);
	while (!ww_ready(&w)) {
		long timeout = 1;
		int err;

		ww_wound(ctx, __atomic_load_n(&lock->ctx, __ATOMIC_ACQUIRE));
		umod_wq_lock(&lock->base.wait);
		err = umod_wait_locked(&lock->base.wait, t, ww_ready, &w, state, &timeout);
		umod_wq_unlock(&lock->base.wait, t);
		if (err == -EINTR)
			return -EINTR;
		if (!err)
			break;
	}
	if (!w.got)
		return -EDEADLK;
	__atomic_store_n(&lock->ctx, ctx, __ATOMIC_RELEASE);
	ctx->acquired++;
	return 0;
}

UMOD_KEEP_FRAME
static int kapi_ww_mutex_lock(struct ww_mutex *lock, struct ww_acquire_ctx *ctx)
{
	return ww_lock_common(lock, ctx, TASK_UNINTERRUPTIBLE);
}

UMOD_KEEP_FRAME
static int kapi_ww_mutex_lock_interruptible(struct ww_mutex *lock, struct ww_acquire_ctx *ctx)
{
	return ww_lock_common(lock, ctx, TASK_INTERRUPTIBLE);
}

/* no deadlock avoidance: 1 if taken, 0 if not */
static int kapi_ww_mutex_trylock(struct ww_mutex *lock, struct ww_acquire_ctx *ctx)
{
	if (!ctx)
		return kapi_mutex_trylock(&lock->base);
	if (!ctx->acquired)
		ctx->wounded = 0;
	if (!kapi_mutex_trylock(&lock->base))
		return 0;
	__atomic_store_n(&lock->ctx, ctx, __ATOMIC_RELEASE);
	ctx->acquired++;
	return 1;
}

static void kapi_ww_mutex_unlock(struct ww_mutex *lock)
{
	struct ww_acquire_ctx *ctx = lock->ctx;

	if (ctx) {
		if (ctx->acquired)
			ctx->acquired--;
		__atomic_store_n(&lock->ctx, NULL, __ATOMIC_RELEASE);
	}
	kapi_mutex_unlock(&lock->base);
}

/* for host code taking a mutex module code shares (device_lock() around probe) */
void umod_mutex_init(struct mutex *lock)
{
	kapi_mutex_init(lock, NULL, NULL);
}

void umod_mutex_lock(struct mutex *lock)
{
	lock_common(lock, TASK_UNINTERRUPTIBLE);
}

int umod_mutex_trylock(struct mutex *lock)
{
	return kapi_mutex_trylock(lock);
}

void umod_mutex_unlock(struct mutex *lock)
{
	kapi_mutex_unlock(lock);
}

static bool kapi_mutex_is_locked(struct mutex *lock)
{
	return __atomic_load_n(&lock->owner, __ATOMIC_RELAXED) != 0;
}

static const struct umod_kapi_export mutex_exports[] = {
	UMOD_KAPI("__mutex_init", kapi_mutex_init),
	UMOD_KAPI("mutex_is_locked", kapi_mutex_is_locked),
	UMOD_KAPI("mutex_lock", kapi_mutex_lock),
	UMOD_KAPI_GPL("mutex_lock_io", kapi_mutex_lock),
	UMOD_KAPI("mutex_lock_interruptible", kapi_mutex_lock_interruptible),
	UMOD_KAPI("mutex_lock_killable", kapi_mutex_lock_killable),
	UMOD_KAPI("mutex_trylock", kapi_mutex_trylock),
	UMOD_KAPI("mutex_unlock", kapi_mutex_unlock),
	UMOD_KAPI("atomic_dec_and_mutex_lock", kapi_atomic_dec_and_mutex_lock),
	UMOD_KAPI("ww_mutex_lock", kapi_ww_mutex_lock),
	UMOD_KAPI("ww_mutex_lock_interruptible", kapi_ww_mutex_lock_interruptible),
	UMOD_KAPI("ww_mutex_trylock", kapi_ww_mutex_trylock),
	UMOD_KAPI("ww_mutex_unlock", kapi_ww_mutex_unlock),
};

const struct umod_kapi_table umod_kapi_mutex = UMOD_KAPI_TABLE(mutex_exports);
