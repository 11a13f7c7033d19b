/* SPDX-License-Identifier: MIT */
/*
 * Spin locks: a test-and-set word that spins (with pause, then yields
 * the CPU: the holder may be a descheduled thread). Taking one raises the
 * task's preempt_count(), as in the kernel, so in_atomic() is true and a
 * sleep inside it is reported. The _irq/_irqsave forms also set the
 * task's "interrupts disabled" bit; the _bh forms the softirq count.
 */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/preempt.h>
#include <linux/irqflags.h>
#include <linux/bottom_half.h>
#include <linux/lockdep.h>
#include <linux/spinlock_types.h>
#include <linux/typecheck.h>

/* 6.1's out-of-line lock functions (Debian's config inlines none of them) */
void _raw_spin_lock(raw_spinlock_t *lock);
void _raw_spin_unlock(raw_spinlock_t *lock);
int _raw_spin_trylock(raw_spinlock_t *lock);
int _raw_spin_trylock_bh(raw_spinlock_t *lock);
unsigned long _raw_spin_lock_irqsave(raw_spinlock_t *lock);
void _raw_spin_unlock_irqrestore(raw_spinlock_t *lock, unsigned long flags);
void _raw_spin_lock_irq(raw_spinlock_t *lock);
void _raw_spin_unlock_irq(raw_spinlock_t *lock);
void _raw_spin_lock_bh(raw_spinlock_t *lock);
void _raw_spin_unlock_bh(raw_spinlock_t *lock);

static inline void raw_spin_lock_init(raw_spinlock_t *lock)
{
	lock->raw_lock.locked = 0;
}

#define raw_spin_lock(lock)		_raw_spin_lock(lock)
#define raw_spin_unlock(lock)		_raw_spin_unlock(lock)
#define raw_spin_trylock(lock)		_raw_spin_trylock(lock)
#define raw_spin_is_locked(lock)	(READ_ONCE((lock)->raw_lock.locked) != 0)
#define raw_spin_lock_irq(lock)		_raw_spin_lock_irq(lock)
#define raw_spin_unlock_irq(lock)	_raw_spin_unlock_irq(lock)
#define raw_spin_lock_bh(lock)		_raw_spin_lock_bh(lock)
#define raw_spin_unlock_bh(lock)	_raw_spin_unlock_bh(lock)
#define raw_spin_lock_irqsave(lock, flags)		\
	do {						\
		typecheck(unsigned long, flags);	\
		flags = _raw_spin_lock_irqsave(lock);	\
	} while (0)
#define raw_spin_unlock_irqrestore(lock, flags)		\
	do {						\
		typecheck(unsigned long, flags);	\
		_raw_spin_unlock_irqrestore(lock, flags);	\
	} while (0)

static __always_inline raw_spinlock_t *spinlock_check(spinlock_t *lock)
{
	return &lock->rlock;
}

#define spin_lock_init(_lock)				\
do {							\
	spinlock_check(_lock);				\
	*(_lock) = __SPIN_LOCK_UNLOCKED(_lock);		\
} while (0)

static __always_inline void spin_lock(spinlock_t *lock)
{
	_raw_spin_lock(&lock->rlock);
}

static __always_inline void spin_unlock(spinlock_t *lock)
{
	_raw_spin_unlock(&lock->rlock);
}

static __always_inline int spin_trylock(spinlock_t *lock)
{
	return _raw_spin_trylock(&lock->rlock);
}

static __always_inline void spin_lock_bh(spinlock_t *lock)
{
	_raw_spin_lock_bh(&lock->rlock);
}

static __always_inline void spin_unlock_bh(spinlock_t *lock)
{
	_raw_spin_unlock_bh(&lock->rlock);
}

static __always_inline int spin_trylock_bh(spinlock_t *lock)
{
	return _raw_spin_trylock_bh(&lock->rlock);
}

static __always_inline void spin_lock_irq(spinlock_t *lock)
{
	_raw_spin_lock_irq(&lock->rlock);
}

static __always_inline void spin_unlock_irq(spinlock_t *lock)
{
	_raw_spin_unlock_irq(&lock->rlock);
}

#define spin_lock_irqsave(lock, flags)				\
do {								\
	raw_spin_lock_irqsave(spinlock_check(lock), flags);	\
} while (0)

#define spin_lock_irqsave_nested(lock, flags, subclass)	spin_lock_irqsave(lock, flags)

static __always_inline void spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags)
{
	_raw_spin_unlock_irqrestore(&lock->rlock, flags);
}

#define spin_trylock_irqsave(lock, flags)			\
({								\
	local_irq_save(flags);					\
	spin_trylock(lock) ? 1 : ({ local_irq_restore(flags); 0; }); \
})

#define spin_trylock_irq(lock)					\
({								\
	local_irq_disable();					\
	spin_trylock(lock) ? 1 : ({ local_irq_enable(); 0; });	\
})

#define spin_lock_nested(lock, subclass)	spin_lock(lock)
#define spin_lock_nest_lock(lock, nest_lock)	spin_lock(lock)
#define spin_lock_bh_nested(lock, subclass)	spin_lock_bh(lock)

static __always_inline int spin_is_locked(spinlock_t *lock)
{
	return raw_spin_is_locked(&lock->rlock);
}

static __always_inline int spin_is_contended(spinlock_t *lock)
{
	(void)lock;
	return 0;
}

/* as the kernel without lockdep: a BUG when the lock is not held at all */
#define assert_raw_spin_locked(lock)	do { if (unlikely(!raw_spin_is_locked(lock))) __builtin_trap(); } while (0)
#define assert_spin_locked(lock)	assert_raw_spin_locked(&(lock)->rlock)

#include <linux/rwlock.h>

#endif /* _LINUX_SPINLOCK_H */
