/* SPDX-License-Identifier: MIT */
/*
 * Reader-writer spin locks: readers share, a writer excludes everyone.
 * Like spin locks they raise preempt_count(). Include <linux/spinlock.h>.
 */
#ifndef _LINUX_RWLOCK_H
#define _LINUX_RWLOCK_H

#include <linux/spinlock_types.h>

void _raw_read_lock(rwlock_t *lock);
void _raw_read_unlock(rwlock_t *lock);
int _raw_read_trylock(rwlock_t *lock);
void _raw_write_lock(rwlock_t *lock);
void _raw_write_unlock(rwlock_t *lock);
int _raw_write_trylock(rwlock_t *lock);

#define rwlock_init(lock)	do { *(lock) = __RW_LOCK_UNLOCKED(lock); } while (0)

#define read_lock(lock)		_raw_read_lock(lock)
#define read_unlock(lock)	_raw_read_unlock(lock)
#define read_trylock(lock)	_raw_read_trylock(lock)
#define write_lock(lock)	_raw_write_lock(lock)
#define write_unlock(lock)	_raw_write_unlock(lock)
#define write_trylock(lock)	_raw_write_trylock(lock)
#define write_lock_nested(lock, subclass)	write_lock(lock)

#define read_lock_irq(lock)	do { local_irq_disable(); read_lock(lock); } while (0)
#define read_unlock_irq(lock)	do { read_unlock(lock); local_irq_enable(); } while (0)
#define write_lock_irq(lock)	do { local_irq_disable(); write_lock(lock); } while (0)
#define write_unlock_irq(lock)	do { write_unlock(lock); local_irq_enable(); } while (0)
#define read_lock_bh(lock)	do { local_bh_disable(); read_lock(lock); } while (0)
#define read_unlock_bh(lock)	do { read_unlock(lock); local_bh_enable(); } while (0)
#define write_lock_bh(lock)	do { local_bh_disable(); write_lock(lock); } while (0)
#define write_unlock_bh(lock)	do { write_unlock(lock); local_bh_enable(); } while (0)
#define read_lock_irqsave(lock, flags) \
	do { local_irq_save(flags); read_lock(lock); } while (0)
#define read_unlock_irqrestore(lock, flags) \
	do { read_unlock(lock); local_irq_restore(flags); } while (0)
#define write_lock_irqsave(lock, flags) \
	do { local_irq_save(flags); write_lock(lock); } while (0)
#define write_unlock_irqrestore(lock, flags) \
	do { write_unlock(lock); local_irq_restore(flags); } while (0)

#endif /* _LINUX_RWLOCK_H */
