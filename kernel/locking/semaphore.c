// SPDX-License-Identifier: MIT
/*
 * Counting semaphores and reader-writer semaphores. Their counts are
 * guarded by the wait queue's lock; a sleeper tests its condition under
 * that lock before every sleep (umod_wait_locked()), and every release
 * wakes under it, so no wake is lost. up() wakes one waiter; up_write()
 * and downgrade_write() wake all (readers may all go in).
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

#define SITE	umod_src_rel(__FILE__), __LINE__

/* ---- struct semaphore ------------------------------------------------------ */

static bool sem_free(void *arg)
{
	return ((struct semaphore *)arg)->count > 0;
}

/* 0, -EINTR on a signal, -ETIME when @timeout jiffies ran out */
static int down_common(struct semaphore *sem, unsigned int state, long timeout)
{
	struct umod_task *t;
	int err;

	umod_might_resched(SITE, 0);
	t = umod_wq_lock(&sem->wait);
	err = umod_wait_locked(&sem->wait, t, sem_free, sem, state, &timeout);
	if (!err)
		sem->count--;
	umod_wq_unlock(&sem->wait, t);
	return err;
}

UMOD_KEEP_FRAME
static void kapi_down(struct semaphore *sem)
{
	down_common(sem, TASK_UNINTERRUPTIBLE, LONG_MAX);
}

UMOD_KEEP_FRAME
static int kapi_down_interruptible(struct semaphore *sem)
{
	return down_common(sem, TASK_INTERRUPTIBLE, LONG_MAX);
}

UMOD_KEEP_FRAME
static int kapi_down_killable(struct semaphore *sem)
{
	return down_common(sem, TASK_KILLABLE, LONG_MAX);
}

UMOD_KEEP_FRAME
static int kapi_down_timeout(struct semaphore *sem, long timeout)
{
	return down_common(sem, TASK_UNINTERRUPTIBLE, timeout);
}

/* 0 when taken, 1 when not: the kernel's inverted sense */
static int kapi_down_trylock(struct semaphore *sem)
{
	struct umod_task *t = umod_wq_lock(&sem->wait);
	int busy = sem->count == 0;

	if (!busy)
		sem->count--;
	umod_wq_unlock(&sem->wait, t);
	return busy;
}

static void kapi_up(struct semaphore *sem)
{
	struct umod_task *t = umod_wq_lock(&sem->wait);

	sem->count++;
	umod_wake_locked(&sem->wait, TASK_NORMAL, 1);
	umod_wq_unlock(&sem->wait, t);
}

/* ---- struct rw_semaphore: count > 0 readers, -1 a writer ------------------- */

static bool rwsem_readable(void *arg)
{
	return ((struct rw_semaphore *)arg)->count >= 0;
}

static bool rwsem_writable(void *arg)
{
	return ((struct rw_semaphore *)arg)->count == 0;
}

static void kapi_init_rwsem(struct rw_semaphore *sem, const char *name, void *key)
{
	sem->count = 0;
	umod_wq_init(&sem->wait);
}

static int rwsem_take(struct rw_semaphore *sem, bool write, unsigned int state)
{
	long timeout = LONG_MAX;
	struct umod_task *t;
	int err;

	umod_might_resched(SITE, 0);
	t = umod_wq_lock(&sem->wait);
	err = umod_wait_locked(&sem->wait, t, write ? rwsem_writable : rwsem_readable, sem,
			       state, &timeout);
	if (!err)
		sem->count = write ? -1 : sem->count + 1;
	umod_wq_unlock(&sem->wait, t);
	return err;
}

static int rwsem_try(struct rw_semaphore *sem, bool write)
{
	struct umod_task *t = umod_wq_lock(&sem->wait);
	bool ok = (write ? rwsem_writable : rwsem_readable)(sem);

	if (ok)
		sem->count = write ? -1 : sem->count + 1;
	umod_wq_unlock(&sem->wait, t);
	return ok;
}

UMOD_KEEP_FRAME
static void kapi_down_read(struct rw_semaphore *sem)
{
	rwsem_take(sem, false, TASK_UNINTERRUPTIBLE);
}

UMOD_KEEP_FRAME
static int kapi_down_read_interruptible(struct rw_semaphore *sem)
{
	return rwsem_take(sem, false, TASK_INTERRUPTIBLE);
}

UMOD_KEEP_FRAME
static int kapi_down_read_killable(struct rw_semaphore *sem)
{
	return rwsem_take(sem, false, TASK_KILLABLE);
}

UMOD_KEEP_FRAME
static void kapi_down_write(struct rw_semaphore *sem)
{
	rwsem_take(sem, true, TASK_UNINTERRUPTIBLE);
}

UMOD_KEEP_FRAME
static int kapi_down_write_killable(struct rw_semaphore *sem)
{
	return rwsem_take(sem, true, TASK_KILLABLE);
}

static int kapi_down_read_trylock(struct rw_semaphore *sem)
{
	return rwsem_try(sem, false);
}

static int kapi_down_write_trylock(struct rw_semaphore *sem)
{
	return rwsem_try(sem, true);
}

static void kapi_up_read(struct rw_semaphore *sem)
{
	struct umod_task *t = umod_wq_lock(&sem->wait);

	if (--sem->count == 0)
		umod_wake_locked(&sem->wait, TASK_NORMAL, 1);
	umod_wq_unlock(&sem->wait, t);
}

static void kapi_up_write(struct rw_semaphore *sem)
{
	struct umod_task *t = umod_wq_lock(&sem->wait);

	sem->count = 0;
	umod_wake_locked(&sem->wait, TASK_NORMAL, 0);
	umod_wq_unlock(&sem->wait, t);
}

/* the writer becomes a reader without letting another writer in */
static void kapi_downgrade_write(struct rw_semaphore *sem)
{
	struct umod_task *t = umod_wq_lock(&sem->wait);

	sem->count = 1;
	umod_wake_locked(&sem->wait, TASK_NORMAL, 0);
	umod_wq_unlock(&sem->wait, t);
}

static const struct umod_kapi_export semaphore_exports[] = {
	UMOD_KAPI("down", kapi_down),
	UMOD_KAPI("down_interruptible", kapi_down_interruptible),
	UMOD_KAPI("down_killable", kapi_down_killable),
	UMOD_KAPI("down_timeout", kapi_down_timeout),
	UMOD_KAPI("down_trylock", kapi_down_trylock),
	UMOD_KAPI("up", kapi_up),
	UMOD_KAPI("__init_rwsem", kapi_init_rwsem),
	UMOD_KAPI("down_read", kapi_down_read),
	UMOD_KAPI("down_read_interruptible", kapi_down_read_interruptible),
	UMOD_KAPI("down_read_killable", kapi_down_read_killable),
	UMOD_KAPI("down_read_trylock", kapi_down_read_trylock),
	UMOD_KAPI("down_write", kapi_down_write),
	UMOD_KAPI("down_write_killable", kapi_down_write_killable),
	UMOD_KAPI("down_write_trylock", kapi_down_write_trylock),
	UMOD_KAPI("up_read", kapi_up_read),
	UMOD_KAPI("up_write", kapi_up_write),
	UMOD_KAPI("downgrade_write", kapi_downgrade_write),
};

const struct umod_kapi_table umod_kapi_semaphore = UMOD_KAPI_TABLE(semaphore_exports);
