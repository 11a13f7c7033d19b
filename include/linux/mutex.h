/* SPDX-License-Identifier: MIT */
/*
 * Mutexes: an owner word taken with one atomic step when free; waiters
 * sleep on the mutex's wait queue. The interruptible and killable forms
 * return -EINTR when a signal ends the wait, as the kernel's.
 */
#ifndef _LINUX_MUTEX_H
#define _LINUX_MUTEX_H

#include <linux/compiler.h>
#include <linux/lockdep.h>
#include <linux/wait.h>
#include <umod/kabi/mutex.h>
#include <asm/current.h>
#include <linux/list.h>
#include <linux/spinlock_types.h>

#define __MUTEX_INITIALIZER(lockname)					\
	{ .owner = 0,							\
	  .wait_lock = __RAW_SPIN_LOCK_UNLOCKED(lockname.wait_lock),	\
	  .wait_list = LIST_HEAD_INIT(lockname.wait_list) }
#define DEFINE_MUTEX(mutexname) \
	struct mutex mutexname = __MUTEX_INITIALIZER(mutexname)

void __mutex_init(struct mutex *lock, const char *name, struct lock_class_key *key);
#define mutex_init(mutex)	__mutex_init((mutex), #mutex, NULL)

static inline void mutex_destroy(struct mutex *lock)
{
	(void)lock;
}

bool mutex_is_locked(struct mutex *lock);

void mutex_lock(struct mutex *lock);
int __must_check mutex_lock_interruptible(struct mutex *lock);
int __must_check mutex_lock_killable(struct mutex *lock);
void mutex_lock_io(struct mutex *lock);
int mutex_trylock(struct mutex *lock);
void mutex_unlock(struct mutex *lock);
int atomic_dec_and_mutex_lock(atomic_t *cnt, struct mutex *lock);

#define mutex_lock_nested(lock, subclass)		mutex_lock(lock)
#define mutex_lock_interruptible_nested(lock, subclass)	mutex_lock_interruptible(lock)
#define mutex_lock_killable_nested(lock, subclass)	mutex_lock_killable(lock)
#define mutex_lock_nest_lock(lock, nest_lock)		mutex_lock(lock)
#define mutex_lock_io_nested(lock, subclass)		mutex_lock_io(lock)

#endif /* _LINUX_MUTEX_H */
