/* SPDX-License-Identifier: MIT */
/*
 * Read-copy update on liburcu (its memb flavour): rcu_read_lock() marks a
 * read-side section of the calling thread, synchronize_rcu() waits for
 * the sections that began before it, call_rcu() runs a callback after
 * such a grace period (in softirq context, on the host's RCU thread, as a
 * call into the module), and rcu_barrier() waits for the callbacks
 * queued so far. The pointer accessors are the kernel's.
 */
#ifndef _LINUX_RCUPDATE_H
#define _LINUX_RCUPDATE_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/barrier.h>
#include <linux/preempt.h>
#include <linux/bottom_half.h>
#include <linux/atomic.h>
#include <linux/irqflags.h>
#include <linux/lockdep.h>

#define rcu_head callback_head
typedef void (*rcu_callback_t)(struct rcu_head *head);

void __rcu_read_lock(void);
void __rcu_read_unlock(void);
void synchronize_rcu(void);
void synchronize_rcu_expedited(void);
void call_rcu(struct rcu_head *head, rcu_callback_t func);
void rcu_barrier(void);
void kvfree_call_rcu(struct rcu_head *head, rcu_callback_t func);

static __always_inline void rcu_read_lock(void)
{
	__rcu_read_lock();
}

static __always_inline void rcu_read_unlock(void)
{
	__rcu_read_unlock();
}

static inline void rcu_read_lock_bh(void)
{
	local_bh_disable();
	__rcu_read_lock();
}

static inline void rcu_read_unlock_bh(void)
{
	__rcu_read_unlock();
	local_bh_enable();
}

static inline void rcu_read_lock_sched(void)
{
	preempt_disable();
	__rcu_read_lock();
}

static inline void rcu_read_unlock_sched(void)
{
	__rcu_read_unlock();
	preempt_enable();
}

#define rcu_read_lock_sched_notrace()	rcu_read_lock_sched()
#define rcu_read_unlock_sched_notrace()	rcu_read_unlock_sched()
#define synchronize_rcu_bh()		synchronize_rcu()
#define synchronize_sched()		synchronize_rcu()
#define call_rcu_bh(head, func)		call_rcu(head, func)
#define rcu_barrier_bh()		rcu_barrier()

/* without lockdep the kernel answers 1: a check that cannot say no */
static inline int rcu_read_lock_held(void)
{
	return 1;
}
#define rcu_read_lock_bh_held()		1
#define rcu_read_lock_sched_held()	1
#define rcu_read_lock_any_held()	1
#define rcu_lockdep_assert(c, s)	do { } while (0)
#define RCU_LOCKDEP_WARN(c, s)		do { } while (0)

static inline void init_rcu_head(struct rcu_head *head)
{
	(void)head;
}

static inline void destroy_rcu_head(struct rcu_head *head)
{
	(void)head;
}

#define init_rcu_head_on_stack(head)	init_rcu_head(head)
#define destroy_rcu_head_on_stack(head)	destroy_rcu_head(head)

/* ---- pointers published to readers ---- */

#define RCU_INITIALIZER(v)		(v)
#define RCU_POINTER_INITIALIZER(p, v)	.p = RCU_INITIALIZER(v)

#define rcu_access_pointer(p)		READ_ONCE(p)
#define rcu_dereference_raw(p)		__atomic_load_n(&(p), __ATOMIC_CONSUME)
#define rcu_dereference_check(p, c)	rcu_dereference_raw(p)
#define rcu_dereference_bh_check(p, c)	rcu_dereference_raw(p)
#define rcu_dereference_sched_check(p, c) rcu_dereference_raw(p)
#define rcu_dereference_protected(p, c)	(p)
#define rcu_dereference(p)		rcu_dereference_raw(p)
#define rcu_dereference_bh(p)		rcu_dereference_raw(p)
#define rcu_dereference_sched(p)	rcu_dereference_raw(p)
#define rcu_dereference_raw_check(p)	rcu_dereference_raw(p)
#define rcu_pointer_handoff(p)		(p)

#define rcu_assign_pointer(p, v)	__atomic_store_n(&(p), (v), __ATOMIC_RELEASE)
#define RCU_INIT_POINTER(p, v)		WRITE_ONCE(p, v)

#define rcu_replace_pointer(rcu_ptr, ptr, c)				\
({									\
	__typeof__(ptr) __tmp = rcu_dereference_protected((rcu_ptr), (c)); \
	rcu_assign_pointer((rcu_ptr), (ptr));				\
	__tmp;								\
})

/* ---- kfree_rcu(): kfree() after a grace period ---- */

#define kvfree_rcu_arg_2(ptr, rhf)					\
do {									\
	__typeof__(ptr) ___p = (ptr);					\
									\
	if (___p)							\
		kvfree_call_rcu(&((___p)->rhf), (rcu_callback_t)(unsigned long) \
				__builtin_offsetof(__typeof__(*(ptr)), rhf)); \
} while (0)

/* without a head: waits for the grace period itself (may sleep) */
#define kvfree_rcu_arg_1(ptr)						\
do {									\
	__typeof__(ptr) ___p = (ptr);					\
									\
	if (___p)							\
		kvfree_call_rcu(NULL, (rcu_callback_t)(___p));		\
} while (0)

#define KVFREE_GET_MACRO(_1, _2, NAME, ...)	NAME
#define kfree_rcu(...)		KVFREE_GET_MACRO(__VA_ARGS__, kvfree_rcu_arg_2, kvfree_rcu_arg_1)(__VA_ARGS__)
#define kvfree_rcu(...)		KVFREE_GET_MACRO(__VA_ARGS__, kvfree_rcu_arg_2, kvfree_rcu_arg_1)(__VA_ARGS__)
#define kfree_rcu_mightsleep(ptr)	kvfree_rcu_arg_1(ptr)

#endif /* _LINUX_RCUPDATE_H */
