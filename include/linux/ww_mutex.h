/* SPDX-License-Identifier: MIT */
/*
 * Wound/wait mutexes (kernel/locking/mutex.c), with 6.1's names: an
 * acquire context takes a set of them in any order; when two contexts
 * contend, the younger gets -EDEADLK, drops its locks and retries,
 * taking the contended one first with ww_mutex_lock_slow(). A class
 * made by DEFINE_WD_CLASS() uses wait-die, DEFINE_WW_CLASS() wound-wait.
 */
#ifndef __LINUX_WW_MUTEX_H
#define __LINUX_WW_MUTEX_H

#include <linux/mutex.h>
#include <linux/atomic.h>
#include <linux/sched.h>
#include <umod/kabi/ww_mutex.h>

struct ww_class {
	atomic_long_t stamp;
	struct lock_class_key acquire_key;
	struct lock_class_key mutex_key;
	const char *acquire_name;
	const char *mutex_name;
	unsigned int is_wait_die;
};

#define __WW_CLASS_INITIALIZER(ww_class, _is_wait_die)		\
		{ .stamp = { 0 }					\
		, .acquire_name = #ww_class "_acquire"		\
		, .mutex_name = #ww_class "_mutex"		\
		, .is_wait_die = _is_wait_die }

#define DEFINE_WD_CLASS(classname) \
	struct ww_class classname = __WW_CLASS_INITIALIZER(classname, 1)

#define DEFINE_WW_CLASS(classname) \
	struct ww_class classname = __WW_CLASS_INITIALIZER(classname, 0)

static inline void ww_mutex_init(struct ww_mutex *lock, struct ww_class *ww_class)
{
	__mutex_init(&lock->base, ww_class->mutex_name, &ww_class->mutex_key);
	lock->ctx = NULL;
}

/* a new transaction, younger than every one of its class before it */
static inline void ww_acquire_init(struct ww_acquire_ctx *ctx, struct ww_class *ww_class)
{
	ctx->task = current;
	ctx->stamp = (unsigned long)atomic_long_inc_return_relaxed(&ww_class->stamp);
	ctx->acquired = 0;
	ctx->wounded = false;
	ctx->is_wait_die = (unsigned short)ww_class->is_wait_die;
}

/* every lock taken: a debugging mark in the kernel */
static inline void ww_acquire_done(struct ww_acquire_ctx *ctx)
{
}

static inline void ww_acquire_fini(struct ww_acquire_ctx *ctx)
{
}

/* 0, -EALREADY (this context holds it), -EDEADLK (back off) */
int ww_mutex_lock(struct ww_mutex *lock, struct ww_acquire_ctx *ctx);
int __must_check ww_mutex_lock_interruptible(struct ww_mutex *lock, struct ww_acquire_ctx *ctx);
int __must_check ww_mutex_trylock(struct ww_mutex *lock, struct ww_acquire_ctx *ctx);
void ww_mutex_unlock(struct ww_mutex *lock);

/* after backing off, holding nothing: cannot be told to back off again */
static inline void ww_mutex_lock_slow(struct ww_mutex *lock, struct ww_acquire_ctx *ctx)
{
	int ret = ww_mutex_lock(lock, ctx);

	(void)ret;
}

static inline int __must_check ww_mutex_lock_slow_interruptible(struct ww_mutex *lock,
								 struct ww_acquire_ctx *ctx)
{
	return ww_mutex_lock_interruptible(lock, ctx);
}

static inline void ww_mutex_destroy(struct ww_mutex *lock)
{
	mutex_destroy(&lock->base);
}

static inline bool ww_mutex_is_locked(struct ww_mutex *lock)
{
	return mutex_is_locked(&lock->base);
}

#endif /* __LINUX_WW_MUTEX_H */
