/* SPDX-License-Identifier: MIT */
/*
 * kernel/locking/spinlock.c: the lock word under spinlock_t and rwlock_t
 * (Linux's arch_spin_lock()), which the wait queues use too.
 */
#ifndef _UMOD_KERNEL_LOCKING_SPINLOCK_H
#define _UMOD_KERNEL_LOCKING_SPINLOCK_H

/* the spin lock word under spinlock_t, rwlock_t; preempt_count untouched */
void umod_arch_spin_lock(volatile unsigned int *locked);
static inline void umod_arch_spin_unlock(volatile unsigned int *locked)
{
	__atomic_store_n(locked, 0, __ATOMIC_RELEASE);
}

#endif /* _UMOD_KERNEL_LOCKING_SPINLOCK_H */
