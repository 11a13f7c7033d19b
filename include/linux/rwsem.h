/* SPDX-License-Identifier: MIT */
/*
 * Reader-writer semaphores: readers share, a writer excludes; trylocks
 * return 1 on success, as the kernel's.
 */
#ifndef _LINUX_RWSEM_H
#define _LINUX_RWSEM_H

#include <linux/wait.h>
#include <linux/lockdep.h>
#include <umod/kabi/mutex.h>
#include <linux/linkage.h>
#include <linux/list.h>
#include <linux/spinlock.h>

#define __RWSEM_INITIALIZER(name) \
	{ .count = 0, .wait = __WAIT_QUEUE_HEAD_INITIALIZER((name).wait) }
#define DECLARE_RWSEM(name) \
	struct rw_semaphore name = __RWSEM_INITIALIZER(name)

void __init_rwsem(struct rw_semaphore *sem, const char *name, struct lock_class_key *key);
#define init_rwsem(sem)		__init_rwsem((sem), #sem, NULL)

static inline int rwsem_is_locked(struct rw_semaphore *sem)
{
	return READ_ONCE(sem->count) != 0;
}

static inline int rwsem_is_contended(struct rw_semaphore *sem)
{
	return !list_empty(&sem->wait.head);
}

void down_read(struct rw_semaphore *sem);
int __must_check down_read_interruptible(struct rw_semaphore *sem);
int __must_check down_read_killable(struct rw_semaphore *sem);
int down_read_trylock(struct rw_semaphore *sem);
void down_write(struct rw_semaphore *sem);
int __must_check down_write_killable(struct rw_semaphore *sem);
int down_write_trylock(struct rw_semaphore *sem);
void up_read(struct rw_semaphore *sem);
void up_write(struct rw_semaphore *sem);
void downgrade_write(struct rw_semaphore *sem);

#define down_read_nested(sem, subclass)		down_read(sem)
#define down_read_non_owner(sem)		down_read(sem)
#define up_read_non_owner(sem)			up_read(sem)
#define down_write_nested(sem, subclass)	down_write(sem)
#define down_write_killable_nested(sem, subclass) down_write_killable(sem)
#define down_write_nest_lock(sem, nest_lock)	down_write(sem)

#endif /* _LINUX_RWSEM_H */
