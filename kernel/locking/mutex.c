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

#include "kernel/module/internal.h"

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

/* for host code taking a mutex module code shares (device_lock() around probe) */
void umod_mutex_init(struct mutex *lock)
{
	kapi_mutex_init(lock, NULL, NULL);
}

void umod_mutex_lock(struct mutex *lock)
{
	lock_common(lock, TASK_UNINTERRUPTIBLE);
}

void umod_mutex_unlock(struct mutex *lock)
{
	kapi_mutex_unlock(lock);
}

static const struct umod_kapi_export mutex_exports[] = {
	UMOD_KAPI("__mutex_init", kapi_mutex_init),
	UMOD_KAPI("mutex_lock", kapi_mutex_lock),
	UMOD_KAPI("mutex_lock_io", kapi_mutex_lock),
	UMOD_KAPI("mutex_lock_interruptible", kapi_mutex_lock_interruptible),
	UMOD_KAPI("mutex_lock_killable", kapi_mutex_lock_killable),
	UMOD_KAPI("mutex_trylock", kapi_mutex_trylock),
	UMOD_KAPI("mutex_unlock", kapi_mutex_unlock),
	UMOD_KAPI("atomic_dec_and_mutex_lock", kapi_atomic_dec_and_mutex_lock),
};

const struct umod_kapi_table umod_kapi_mutex = UMOD_KAPI_TABLE(mutex_exports);
