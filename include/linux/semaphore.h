/* SPDX-License-Identifier: MIT */
/*
 * Counting semaphores. down_interruptible() and down_killable() return
 * -EINTR on a signal, down_timeout() -ETIME, down_trylock() 1 when it
 * could NOT take it, as the kernel's.
 */
#ifndef _LINUX_SEMAPHORE_H
#define _LINUX_SEMAPHORE_H

#include <linux/wait.h>
#include <umod/kabi/mutex.h>
#include <linux/list.h>
#include <linux/spinlock.h>

#define __SEMAPHORE_INITIALIZER(name, n) \
	{ .count = n, .wait = __WAIT_QUEUE_HEAD_INITIALIZER((name).wait) }
#define DEFINE_SEMAPHORE(name) \
	struct semaphore name = __SEMAPHORE_INITIALIZER(name, 1)

static inline void sema_init(struct semaphore *sem, int val)
{
	sem->count = (unsigned int)val;
	init_waitqueue_head(&sem->wait);
}

void down(struct semaphore *sem);
int __must_check down_interruptible(struct semaphore *sem);
int __must_check down_killable(struct semaphore *sem);
int __must_check down_trylock(struct semaphore *sem);
int __must_check down_timeout(struct semaphore *sem, long timeout);
void up(struct semaphore *sem);

#endif /* _LINUX_SEMAPHORE_H */
