// SPDX-License-Identifier: MIT
/*
 * Wait queues, as kernel/sched/wait.c: a spin-locked list of entries,
 * each a task and a wake function. Waking runs the functions of the
 * entries under the head's lock; the default one is try_to_wake_up() on
 * the entry's task (core.c: the task's state word and futex). The wait
 * loops themselves are macros in <linux/wait.h>, as the kernel's.
 *
 * A module may give its own wake function (init_waitqueue_func_entry());
 * it is called directly from the waker, which is module code itself (a
 * wake_up() from module code, already inside an entry into the module)
 * or a host path that entered module code through umod_call().
 */
#include <errno.h>

#include <umod/kabi/wait.h>

#include "kernel/kapi.h"
#include "kernel/locking/spinlock.h"
#include "kernel/sched/sched.h"

#define WQ_FLAG_EXCLUSIVE	0x01u
#define WQ_FLAG_WOKEN		0x02u
#define WQ_FLAG_PRIORITY	0x20u
#define ERESTARTSYS		512

/* ---- the list, as <linux/list.h> (host code has no kernel headers) -------- */

static void list_init(struct list_head *l)
{
	l->next = l;
	l->prev = l;
}

static void list_insert(struct list_head *n, struct list_head *prev, struct list_head *next)
{
	next->prev = n;
	n->next = next;
	n->prev = prev;
	__atomic_store_n(&prev->next, n, __ATOMIC_RELAXED);
}

static bool list_is_empty(const struct list_head *l)
{
	return __atomic_load_n(&l->next, __ATOMIC_RELAXED) == l;
}

/* unlinked, and seen so by list_empty_careful() without the lock */
static void list_del_careful(struct list_head *e)
{
	e->next->prev = e->prev;
	e->prev->next = e->next;
	e->prev = e;
	__atomic_store_n(&e->next, e, __ATOMIC_RELEASE);
}

static bool list_empty_careful(struct list_head *e)
{
	struct list_head *next = __atomic_load_n(&e->next, __ATOMIC_ACQUIRE);

	return next == e && next == e->prev;
}

/* ---- the head's lock: a spin lock, as spin_lock_irqsave() takes it ------- */

struct umod_task *umod_wq_lock(struct wait_queue_head *wq)
{
	struct umod_task *t = umod_task_fast();

	t->preempt_count++;
	umod_arch_spin_lock(&wq->lock.rlock.raw_lock.locked);
	return t;
}

void umod_wq_unlock(struct wait_queue_head *wq, struct umod_task *t)
{
	umod_arch_spin_unlock(&wq->lock.rlock.raw_lock.locked);
	t->preempt_count--;
}

void umod_wq_init(struct wait_queue_head *wq)
{
	wq->lock.rlock.raw_lock.locked = 0;
	list_init(&wq->head);
}

static void kapi_init_waitqueue_head(struct wait_queue_head *wq, const char *name, void *key)
{
	umod_wq_init(wq);
}

static void kapi_add_wait_queue(struct wait_queue_head *wq, struct wait_queue_entry *e)
{
	struct umod_task *t;

	e->flags &= ~WQ_FLAG_EXCLUSIVE;
	t = umod_wq_lock(wq);
	list_insert(&e->entry, &wq->head, wq->head.next);
	umod_wq_unlock(wq, t);
}

static void kapi_add_wait_queue_exclusive(struct wait_queue_head *wq, struct wait_queue_entry *e)
{
	struct umod_task *t;

	e->flags |= WQ_FLAG_EXCLUSIVE;
	t = umod_wq_lock(wq);
	list_insert(&e->entry, wq->head.prev, &wq->head);
	umod_wq_unlock(wq, t);
}

static void kapi_add_wait_queue_priority(struct wait_queue_head *wq, struct wait_queue_entry *e)
{
	struct umod_task *t;

	e->flags |= WQ_FLAG_EXCLUSIVE | WQ_FLAG_PRIORITY;
	t = umod_wq_lock(wq);
	list_insert(&e->entry, &wq->head, wq->head.next);
	umod_wq_unlock(wq, t);
}

static void kapi_remove_wait_queue(struct wait_queue_head *wq, struct wait_queue_entry *e)
{
	struct umod_task *t = umod_wq_lock(wq);

	list_del_careful(&e->entry);
	umod_wq_unlock(wq, t);
}

/* ---- waking --------------------------------------------------------------- */

static int kapi_default_wake_function(struct wait_queue_entry *e, unsigned int mode,
				      int flags, void *key)
{
	return umod_task_wake(e->private, mode);
}

static int kapi_autoremove_wake_function(struct wait_queue_entry *e, unsigned int mode,
					 int flags, void *key)
{
	int ret = kapi_default_wake_function(e, mode, flags, key);

	if (ret)
		list_del_careful(&e->entry);
	return ret;
}

static int kapi_woken_wake_function(struct wait_queue_entry *e, unsigned int mode,
				    int flags, void *key)
{
	/* pairs with wait_woken()'s barrier: the flag is seen before the state */
	__atomic_fetch_or(&e->flags, WQ_FLAG_WOKEN, __ATOMIC_SEQ_CST);
	return kapi_default_wake_function(e, mode, flags, key);
}

/*
 * Every entry's function, in order, until @nr exclusive waiters were
 * woken (0: all of them). Non-exclusive waiters sit at the front.
 */
static int wake_common(struct wait_queue_head *wq, unsigned int mode, int nr, void *key);

void umod_wake_locked(struct wait_queue_head *wq, unsigned int mode, int nr)
{
	wake_common(wq, mode, nr, NULL);
}

/* returns @nr less the exclusive waiters woken, as 6.1's __wake_up_common() */
static int wake_common(struct wait_queue_head *wq, unsigned int mode, int nr, void *key)
{
	struct list_head *pos = wq->head.next, *next;

	for (; pos != &wq->head; pos = next) {
		struct wait_queue_entry *e = umod_container_of(pos, struct wait_queue_entry, entry);
		unsigned int flags = e->flags;
		int ret;

		next = pos->next;	/* the function may unlink the entry */
		ret = e->func(e, mode, 0, key);
		if (ret < 0)
			break;
		if (ret && (flags & WQ_FLAG_EXCLUSIVE) && !--nr)
			break;
	}
	return nr;
}

/* 6.1's: the number of exclusive waiters woken */
static int kapi___wake_up(struct wait_queue_head *wq, unsigned int mode, int nr, void *key)
{
	struct umod_task *t = umod_wq_lock(wq);
	int remaining = wake_common(wq, mode, nr, key);

	umod_wq_unlock(wq, t);
	return nr - remaining;
}

static void kapi___wake_up_locked(struct wait_queue_head *wq, unsigned int mode, int nr)
{
	wake_common(wq, mode, nr, NULL);
}

static void kapi___wake_up_locked_key(struct wait_queue_head *wq, unsigned int mode, void *key)
{
	wake_common(wq, mode, 1, key);
}

static void kapi___wake_up_sync_key(struct wait_queue_head *wq, unsigned int mode, void *key)
{
	kapi___wake_up(wq, mode, 1, key);
}

static void kapi___wake_up_sync(struct wait_queue_head *wq, unsigned int mode)
{
	kapi___wake_up(wq, mode, 1, NULL);
}

/* ---- waiting -------------------------------------------------------------- */

static void set_state(struct umod_task *t, unsigned int state)
{
	__atomic_store_n(&t->task.__state, state, __ATOMIC_SEQ_CST);
}

static void kapi_init_wait_entry(struct wait_queue_entry *e, int flags)
{
	e->flags = (unsigned int)flags;
	e->private = &umod_task_fast()->task;
	e->func = kapi_autoremove_wake_function;
	list_init(&e->entry);
}

/*
 * One turn of wait_event*(): queued (again, after an autoremoving wake),
 * in @state; or, when a signal may end this sleep, dequeued with
 * -ERESTARTSYS.
 */
static long kapi_prepare_to_wait_event(struct wait_queue_head *wq,
				       struct wait_queue_entry *e, int state)
{
	struct umod_task *t = umod_wq_lock(wq);
	long ret = 0;

	if (umod_signal_ends(t, (unsigned int)state)) {
		list_del_careful(&e->entry);
		ret = -ERESTARTSYS;
	} else {
		if (list_is_empty(&e->entry)) {
			if (e->flags & WQ_FLAG_EXCLUSIVE)
				list_insert(&e->entry, wq->head.prev, &wq->head);
			else
				list_insert(&e->entry, &wq->head, wq->head.next);
		}
		set_state(t, (unsigned int)state);
	}
	umod_wq_unlock(wq, t);
	return ret;
}

static void kapi_prepare_to_wait(struct wait_queue_head *wq, struct wait_queue_entry *e,
				 int state)
{
	struct umod_task *t;

	e->flags &= ~WQ_FLAG_EXCLUSIVE;
	t = umod_wq_lock(wq);
	if (list_is_empty(&e->entry))
		list_insert(&e->entry, &wq->head, wq->head.next);
	set_state(t, (unsigned int)state);
	umod_wq_unlock(wq, t);
}

static bool kapi_prepare_to_wait_exclusive(struct wait_queue_head *wq,
					   struct wait_queue_entry *e, int state)
{
	bool was_empty = false;
	struct umod_task *t;

	e->flags |= WQ_FLAG_EXCLUSIVE;
	t = umod_wq_lock(wq);
	if (list_is_empty(&e->entry)) {
		was_empty = list_is_empty(&wq->head);
		list_insert(&e->entry, wq->head.prev, &wq->head);
	}
	set_state(t, (unsigned int)state);
	umod_wq_unlock(wq, t);
	return was_empty;
}

static void kapi_finish_wait(struct wait_queue_head *wq, struct wait_queue_entry *e)
{
	struct umod_task *t = umod_task_fast();

	set_state(t, 0);
	/* an autoremoving wake unlinked it already: no need for the lock */
	if (!list_empty_careful(&e->entry)) {
		umod_wq_lock(wq);
		list_del_careful(&e->entry);
		umod_wq_unlock(wq, t);
	}
}

static long kapi_wait_woken(struct wait_queue_entry *e, unsigned int mode, long timeout)
{
	struct umod_task *t = umod_task_fast();

	umod_might_resched(umod_src_rel(__FILE__), __LINE__, 0);
	set_state(t, mode);
	if (!(__atomic_load_n(&e->flags, __ATOMIC_SEQ_CST) & WQ_FLAG_WOKEN))
		timeout = umod_schedule_timeout(timeout);
	set_state(t, 0);
	__atomic_fetch_and(&e->flags, ~WQ_FLAG_WOKEN, __ATOMIC_SEQ_CST);
	return timeout;
}

int umod_wait_locked(struct wait_queue_head *wq, struct umod_task *t,
		     bool (*ready)(void *arg), void *arg, unsigned int state, long *timeout)
{
	struct wait_queue_entry e = {
		.flags = WQ_FLAG_EXCLUSIVE,
		.private = &t->task,
		.func = kapi_default_wake_function,
	};
	int ret = 0;

	list_insert(&e.entry, wq->head.prev, &wq->head);
	while (!ready(arg)) {
		if (umod_signal_ends(t, state)) {
			ret = -EINTR;
			break;
		}
		if (*timeout <= 0) {
			ret = -ETIME;
			break;
		}
		set_state(t, state);
		umod_wq_unlock(wq, t);
		*timeout = umod_schedule_timeout(*timeout);
		umod_wq_lock(wq);
	}
	list_del_careful(&e.entry);
	set_state(t, 0);
	return ret;
}

static const struct umod_kapi_export wait_exports[] = {
	UMOD_KAPI("__init_waitqueue_head", kapi_init_waitqueue_head),
	UMOD_KAPI("add_wait_queue", kapi_add_wait_queue),
	UMOD_KAPI("add_wait_queue_exclusive", kapi_add_wait_queue_exclusive),
	UMOD_KAPI_GPL("add_wait_queue_priority", kapi_add_wait_queue_priority),
	UMOD_KAPI("remove_wait_queue", kapi_remove_wait_queue),
	UMOD_KAPI("default_wake_function", kapi_default_wake_function),
	UMOD_KAPI("autoremove_wake_function", kapi_autoremove_wake_function),
	UMOD_KAPI("woken_wake_function", kapi_woken_wake_function),
	UMOD_KAPI("__wake_up", kapi___wake_up),
	UMOD_KAPI_GPL("__wake_up_locked", kapi___wake_up_locked),
	UMOD_KAPI_GPL("__wake_up_locked_key", kapi___wake_up_locked_key),
	UMOD_KAPI_GPL("__wake_up_sync", kapi___wake_up_sync),
	UMOD_KAPI_GPL("__wake_up_sync_key", kapi___wake_up_sync_key),
	UMOD_KAPI("init_wait_entry", kapi_init_wait_entry),
	UMOD_KAPI("prepare_to_wait_event", kapi_prepare_to_wait_event),
	UMOD_KAPI("prepare_to_wait", kapi_prepare_to_wait),
	UMOD_KAPI("prepare_to_wait_exclusive", kapi_prepare_to_wait_exclusive),
	UMOD_KAPI("finish_wait", kapi_finish_wait),
	UMOD_KAPI("wait_woken", kapi_wait_woken),
};

const struct umod_kapi_table umod_kapi_wait = UMOD_KAPI_TABLE(wait_exports);
