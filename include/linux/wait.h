/* SPDX-License-Identifier: MIT */
/*
 * Wait queues, as the kernel's: a head with a spin lock and a list of
 * entries, each naming a task and a wake function. wait_event*() are the
 * kernel's loops over prepare_to_wait_event(), schedule() and
 * finish_wait(), with the kernel's return values: 0 or -ERESTARTSYS, and
 * for the timeout forms the jiffies left (at least 1 when the condition
 * came true as the time ran out), 0 when it ran out.
 */
#ifndef _LINUX_WAIT_H
#define _LINUX_WAIT_H

#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <umod/kabi/wait.h>

typedef struct wait_queue_entry wait_queue_entry_t;
typedef struct wait_queue_head wait_queue_head_t;

#define WQ_FLAG_EXCLUSIVE	0x01
#define WQ_FLAG_WOKEN		0x02
#define WQ_FLAG_BOOKMARK	0x04
#define WQ_FLAG_CUSTOM		0x08
#define WQ_FLAG_DONE		0x10
#define WQ_FLAG_PRIORITY	0x20

int default_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode,
			  int flags, void *key);
int autoremove_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode,
			     int flags, void *key);
int woken_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode,
			int flags, void *key);

#define __WAITQUEUE_INITIALIZER(name, tsk) {			\
	.private	= tsk,					\
	.func		= default_wake_function,		\
	.entry		= { NULL, NULL } }

#define DECLARE_WAITQUEUE(name, tsk)				\
	struct wait_queue_entry name = __WAITQUEUE_INITIALIZER(name, tsk)

#define __WAIT_QUEUE_HEAD_INITIALIZER(name) {			\
	.lock		= __SPIN_LOCK_UNLOCKED(name.lock),	\
	.head		= LIST_HEAD_INIT(name.head) }

#define DECLARE_WAIT_QUEUE_HEAD(name)				\
	struct wait_queue_head name = __WAIT_QUEUE_HEAD_INITIALIZER(name)
#define DECLARE_WAIT_QUEUE_HEAD_ONSTACK(name)	DECLARE_WAIT_QUEUE_HEAD(name)

void __init_waitqueue_head(struct wait_queue_head *wq_head, const char *name,
			   struct lock_class_key *key);
#define init_waitqueue_head(wq_head)	__init_waitqueue_head((wq_head), #wq_head, NULL)

static inline void init_waitqueue_entry(struct wait_queue_entry *wq_entry,
					struct task_struct *p)
{
	wq_entry->flags = 0;
	wq_entry->private = p;
	wq_entry->func = default_wake_function;
}

static inline void init_waitqueue_func_entry(struct wait_queue_entry *wq_entry,
					     wait_queue_func_t func)
{
	wq_entry->flags = 0;
	wq_entry->private = NULL;
	wq_entry->func = func;
}

static inline int waitqueue_active(struct wait_queue_head *wq_head)
{
	return !list_empty(&wq_head->head);
}

static inline bool wq_has_single_sleeper(struct wait_queue_head *wq_head)
{
	return list_is_singular(&wq_head->head);
}

static inline bool wq_has_sleeper(struct wait_queue_head *wq_head)
{
	smp_mb();
	return waitqueue_active(wq_head);
}

void add_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);
void add_wait_queue_exclusive(struct wait_queue_head *wq_head,
			      struct wait_queue_entry *wq_entry);
void add_wait_queue_priority(struct wait_queue_head *wq_head,
			     struct wait_queue_entry *wq_entry);
void remove_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);

/* the lock-held forms, for wait_event_lock_irq() and callers of their own */
static inline void __add_wait_queue(struct wait_queue_head *wq_head,
				    struct wait_queue_entry *wq_entry)
{
	list_add(&wq_entry->entry, &wq_head->head);
}

static inline void __add_wait_queue_entry_tail(struct wait_queue_head *wq_head,
					       struct wait_queue_entry *wq_entry)
{
	list_add_tail(&wq_entry->entry, &wq_head->head);
}

static inline void __remove_wait_queue(struct wait_queue_head *wq_head,
				       struct wait_queue_entry *wq_entry)
{
	(void)wq_head;
	list_del(&wq_entry->entry);
}

int __wake_up(struct wait_queue_head *wq_head, unsigned int mode, int nr, void *key);
void __wake_up_locked(struct wait_queue_head *wq_head, unsigned int mode, int nr);
void __wake_up_locked_key(struct wait_queue_head *wq_head, unsigned int mode, void *key);
void __wake_up_sync(struct wait_queue_head *wq_head, unsigned int mode);
void __wake_up_sync_key(struct wait_queue_head *wq_head, unsigned int mode, void *key);

#define wake_up(x)			__wake_up(x, TASK_NORMAL, 1, NULL)
#define wake_up_nr(x, nr)		__wake_up(x, TASK_NORMAL, nr, NULL)
#define wake_up_all(x)			__wake_up(x, TASK_NORMAL, 0, NULL)
#define wake_up_locked(x)		__wake_up_locked((x), TASK_NORMAL, 1)
#define wake_up_all_locked(x)		__wake_up_locked((x), TASK_NORMAL, 0)
#define wake_up_interruptible(x)	__wake_up(x, TASK_INTERRUPTIBLE, 1, NULL)
#define wake_up_interruptible_nr(x, nr)	__wake_up(x, TASK_INTERRUPTIBLE, nr, NULL)
#define wake_up_interruptible_all(x)	__wake_up(x, TASK_INTERRUPTIBLE, 0, NULL)
#define wake_up_interruptible_sync(x)	__wake_up_sync((x), TASK_INTERRUPTIBLE)
#define wake_up_poll(x, m)		__wake_up(x, TASK_NORMAL, 1, (void *)(unsigned long)(m))
#define wake_up_interruptible_poll(x, m) \
	__wake_up(x, TASK_INTERRUPTIBLE, 1, (void *)(unsigned long)(m))
#define wake_up_interruptible_sync_poll(x, m) \
	__wake_up_sync_key((x), TASK_INTERRUPTIBLE, (void *)(unsigned long)(m))
#define wake_up_locked_poll(x, m) \
	__wake_up_locked_key((x), TASK_NORMAL, (void *)(unsigned long)(m))

void init_wait_entry(struct wait_queue_entry *wq_entry, int flags);
long prepare_to_wait_event(struct wait_queue_head *wq_head,
			   struct wait_queue_entry *wq_entry, int state);
void prepare_to_wait(struct wait_queue_head *wq_head,
		     struct wait_queue_entry *wq_entry, int state);
bool prepare_to_wait_exclusive(struct wait_queue_head *wq_head,
			       struct wait_queue_entry *wq_entry, int state);
void finish_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);
long wait_woken(struct wait_queue_entry *wq_entry, unsigned int mode, long timeout);

#define DEFINE_WAIT_FUNC(name, function)				\
	struct wait_queue_entry name = {				\
		.private	= current,				\
		.func		= function,				\
		.entry		= LIST_HEAD_INIT((name).entry),		\
	}

#define DEFINE_WAIT(name)	DEFINE_WAIT_FUNC(name, autoremove_wake_function)

#define init_wait(wait)							\
	do {								\
		(wait)->private = current;				\
		(wait)->func = autoremove_wake_function;		\
		INIT_LIST_HEAD(&(wait)->entry);				\
		(wait)->flags = 0;					\
	} while (0)

#define ___wait_is_interruptible(state)					\
	(!__builtin_constant_p(state) ||				\
	 (state & (TASK_INTERRUPTIBLE | TASK_WAKEKILL)))

/*
 * The loop every wait_event*() is made of: queue, set the state, test,
 * sleep with @cmd. A pending signal that may end this sleep makes
 * prepare_to_wait_event() dequeue us and return -ERESTARTSYS.
 */
#define ___wait_event(wq_head, condition, state, exclusive, ret, cmd)	\
({									\
	__label__ __out;						\
	struct wait_queue_entry __wq_entry;				\
	long __ret = ret;						\
									\
	init_wait_entry(&__wq_entry, exclusive ? WQ_FLAG_EXCLUSIVE : 0); \
	for (;;) {							\
		long __int = prepare_to_wait_event(&wq_head, &__wq_entry, state); \
									\
		if (condition)						\
			break;						\
		if (___wait_is_interruptible(state) && __int) {		\
			__ret = __int;					\
			goto __out;					\
		}							\
		cmd;							\
	}								\
	finish_wait(&wq_head, &__wq_entry);				\
__out:	__ret;								\
})

/* true when done: the condition holds (then at least 1 left) or time is out */
#define ___wait_cond_timeout(condition)					\
({									\
	bool __cond = (condition);					\
	if (__cond && !__ret)						\
		__ret = 1;						\
	__cond || !__ret;						\
})

#define __wait_event(wq_head, condition)				\
	(void)___wait_event(wq_head, condition, TASK_UNINTERRUPTIBLE, 0, 0, schedule())

#define wait_event(wq_head, condition)					\
do {									\
	might_sleep();							\
	if (condition)							\
		break;							\
	__wait_event(wq_head, condition);				\
} while (0)

#define __wait_event_freezable(wq_head, condition)			\
	___wait_event(wq_head, condition, TASK_INTERRUPTIBLE, 0, 0, schedule())

#define wait_event_freezable(wq_head, condition)			\
({									\
	int __ret = 0;							\
	might_sleep();							\
	if (!(condition))						\
		__ret = __wait_event_freezable(wq_head, condition);	\
	__ret;								\
})

#define __wait_event_timeout(wq_head, condition, timeout)		\
	___wait_event(wq_head, ___wait_cond_timeout(condition),		\
		      TASK_UNINTERRUPTIBLE, 0, timeout,			\
		      __ret = schedule_timeout(__ret))

#define wait_event_timeout(wq_head, condition, timeout)			\
({									\
	long __ret = timeout;						\
	might_sleep();							\
	if (!___wait_cond_timeout(condition))				\
		__ret = __wait_event_timeout(wq_head, condition, timeout); \
	__ret;								\
})

#define __wait_event_interruptible(wq_head, condition)			\
	___wait_event(wq_head, condition, TASK_INTERRUPTIBLE, 0, 0, schedule())

#define wait_event_interruptible(wq_head, condition)			\
({									\
	int __ret = 0;							\
	might_sleep();							\
	if (!(condition))						\
		__ret = __wait_event_interruptible(wq_head, condition);	\
	__ret;								\
})

#define __wait_event_interruptible_timeout(wq_head, condition, timeout) \
	___wait_event(wq_head, ___wait_cond_timeout(condition),		\
		      TASK_INTERRUPTIBLE, 0, timeout,			\
		      __ret = schedule_timeout(__ret))

#define wait_event_interruptible_timeout(wq_head, condition, timeout)	\
({									\
	long __ret = timeout;						\
	might_sleep();							\
	if (!___wait_cond_timeout(condition))				\
		__ret = __wait_event_interruptible_timeout(wq_head,	\
						condition, timeout);	\
	__ret;								\
})

#define __wait_event_killable(wq_head, condition)			\
	___wait_event(wq_head, condition, TASK_KILLABLE, 0, 0, schedule())

#define wait_event_killable(wq_head, condition)				\
({									\
	int __ret = 0;							\
	might_sleep();							\
	if (!(condition))						\
		__ret = __wait_event_killable(wq_head, condition);	\
	__ret;								\
})

#define __wait_event_killable_timeout(wq_head, condition, timeout)	\
	___wait_event(wq_head, ___wait_cond_timeout(condition),		\
		      TASK_KILLABLE, 0, timeout,			\
		      __ret = schedule_timeout(__ret))

#define wait_event_killable_timeout(wq_head, condition, timeout)	\
({									\
	long __ret = timeout;						\
	might_sleep();							\
	if (!___wait_cond_timeout(condition))				\
		__ret = __wait_event_killable_timeout(wq_head,		\
						condition, timeout);	\
	__ret;								\
})

#define __wait_event_idle(wq_head, condition)				\
	(void)___wait_event(wq_head, condition, TASK_IDLE, 0, 0, schedule())

#define wait_event_idle(wq_head, condition)				\
do {									\
	might_sleep();							\
	if (!(condition))						\
		__wait_event_idle(wq_head, condition);			\
} while (0)

#define __wait_event_idle_timeout(wq_head, condition, timeout)		\
	___wait_event(wq_head, ___wait_cond_timeout(condition),		\
		      TASK_IDLE, 0, timeout,				\
		      __ret = schedule_timeout(__ret))

#define wait_event_idle_timeout(wq_head, condition, timeout)		\
({									\
	long __ret = timeout;						\
	might_sleep();							\
	if (!___wait_cond_timeout(condition))				\
		__ret = __wait_event_idle_timeout(wq_head, condition, timeout); \
	__ret;								\
})

#define __wait_event_interruptible_exclusive(wq_head, condition)	\
	___wait_event(wq_head, condition, TASK_INTERRUPTIBLE, 1, 0, schedule())

#define wait_event_interruptible_exclusive(wq_head, condition)		\
({									\
	int __ret = 0;							\
	might_sleep();							\
	if (!(condition))						\
		__ret = __wait_event_interruptible_exclusive(wq_head, condition); \
	__ret;								\
})

#define __wait_event_killable_exclusive(wq_head, condition)		\
	___wait_event(wq_head, condition, TASK_KILLABLE, 1, 0, schedule())

#define wait_event_killable_exclusive(wq_head, condition)		\
({									\
	int __ret = 0;							\
	might_sleep();							\
	if (!(condition))						\
		__ret = __wait_event_killable_exclusive(wq_head, condition); \
	__ret;								\
})

/* with @lock (a spinlock_t) held on entry and exit, dropped while asleep */
#define __wait_event_lock_irq(wq_head, condition, lock, cmd)		\
	(void)___wait_event(wq_head, condition, TASK_UNINTERRUPTIBLE, 0, 0, \
			    spin_unlock_irq(&lock);			\
			    cmd;					\
			    schedule();					\
			    spin_lock_irq(&lock))

#define wait_event_lock_irq_cmd(wq_head, condition, lock, cmd)		\
do {									\
	if (condition)							\
		break;							\
	__wait_event_lock_irq(wq_head, condition, lock, cmd);		\
} while (0)

#define wait_event_lock_irq(wq_head, condition, lock)			\
do {									\
	if (condition)							\
		break;							\
	__wait_event_lock_irq(wq_head, condition, lock, );		\
} while (0)

#define __wait_event_interruptible_lock_irq(wq_head, condition, lock, cmd) \
	___wait_event(wq_head, condition, TASK_INTERRUPTIBLE, 0, 0,	\
		      spin_unlock_irq(&lock);				\
		      cmd;						\
		      schedule();					\
		      spin_lock_irq(&lock))

#define wait_event_interruptible_lock_irq(wq_head, condition, lock)	\
({									\
	int __ret = 0;							\
	if (!(condition))						\
		__ret = __wait_event_interruptible_lock_irq(wq_head,	\
						condition, lock, );	\
	__ret;								\
})

#endif /* _LINUX_WAIT_H */
