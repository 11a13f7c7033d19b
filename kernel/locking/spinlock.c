// SPDX-License-Identifier: MIT
/*
 * Spin locks and reader-writer spin locks. Taking one raises the task's
 * preempt_count(), as the kernel's does, so in_atomic() holds inside and
 * a sleep there is reported; nothing else is disabled (a process has no
 * interrupts). The lock itself is a word taken with an atomic exchange;
 * a waiter spins with pause, then yields the CPU, because the holder is
 * a thread the OS may have descheduled, which a kernel spin lock's holder
 * (preemption off) never is.
 */
#include <sched.h>

#include <umod/kabi/spinlock.h>

#include "kernel/kapi.h"
#include "kernel/locking/spinlock.h"
#include "kernel/sched/sched.h"

#define SPINS_BEFORE_YIELD	128

static inline void cpu_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield" ::: "memory");
#endif
}

static void spin_wait(unsigned int *spins)
{
	if (++*spins < SPINS_BEFORE_YIELD) {
		cpu_pause();
	} else {
		*spins = 0;
		sched_yield();
	}
}

void umod_arch_spin_lock(volatile unsigned int *locked)
{
	unsigned int spins = 0;

	while (__atomic_exchange_n(locked, 1, __ATOMIC_ACQUIRE))
		while (__atomic_load_n(locked, __ATOMIC_RELAXED))
			spin_wait(&spins);
}

static void kapi_raw_spin_lock(raw_spinlock_t *lock)
{
	umod_task_fast()->preempt_count++;
	if (__builtin_expect(__atomic_exchange_n(&lock->raw_lock.locked, 1, __ATOMIC_ACQUIRE), 0))
		umod_arch_spin_lock(&lock->raw_lock.locked);
}

static void kapi_raw_spin_unlock(raw_spinlock_t *lock)
{
	umod_arch_spin_unlock(&lock->raw_lock.locked);
	umod_task_fast()->preempt_count--;
}

static int kapi_raw_spin_trylock(raw_spinlock_t *lock)
{
	struct umod_task *t = umod_task_fast();

	t->preempt_count++;
	if (!__atomic_load_n(&lock->raw_lock.locked, __ATOMIC_RELAXED) &&
	    !__atomic_exchange_n(&lock->raw_lock.locked, 1, __ATOMIC_ACQUIRE))
		return 1;
	t->preempt_count--;
	return 0;
}

/* 6.1's out-of-line _irqsave/_irq/_bh forms: the interrupt or softirq state, then the lock */
static unsigned long kapi_raw_spin_lock_irqsave(raw_spinlock_t *lock)
{
	unsigned long flags = umod_irq_save(umod_task_fast());

	kapi_raw_spin_lock(lock);
	return flags;
}

static void kapi_raw_spin_unlock_irqrestore(raw_spinlock_t *lock, unsigned long flags)
{
	kapi_raw_spin_unlock(lock);
	umod_irq_restore(umod_task_fast(), flags);
}

static void kapi_raw_spin_lock_irq(raw_spinlock_t *lock)
{
	umod_irq_save(umod_task_fast());
	kapi_raw_spin_lock(lock);
}

static void kapi_raw_spin_unlock_irq(raw_spinlock_t *lock)
{
	kapi_raw_spin_unlock(lock);
	umod_irq_restore(umod_task_fast(), UMOD_ARCH_IRQ_ENABLED);
}

/* the softirq-disable count (local_bh_disable()'s), then the lock's */

static void kapi_raw_spin_lock_bh(raw_spinlock_t *lock)
{
	umod_task_fast()->preempt_count += UMOD_SOFTIRQ_DISABLE_OFFSET;
	kapi_raw_spin_lock(lock);
}

static void kapi_raw_spin_unlock_bh(raw_spinlock_t *lock)
{
	kapi_raw_spin_unlock(lock);
	umod_task_fast()->preempt_count -= UMOD_SOFTIRQ_DISABLE_OFFSET;
}

static int kapi_raw_spin_trylock_bh(raw_spinlock_t *lock)
{
	umod_task_fast()->preempt_count += UMOD_SOFTIRQ_DISABLE_OFFSET;
	if (kapi_raw_spin_trylock(lock))
		return 1;
	umod_task_fast()->preempt_count -= UMOD_SOFTIRQ_DISABLE_OFFSET;
	return 0;
}

/* ---- rwlock_t: cnts counts readers, -1 is a writer ------------------------ */

static bool read_try(arch_rwlock_t *l)
{
	int c = __atomic_load_n(&l->cnts, __ATOMIC_RELAXED);

	return c >= 0 && __atomic_compare_exchange_n(&l->cnts, &c, c + 1, false,
						     __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

static bool write_try(arch_rwlock_t *l)
{
	int c = 0;

	return __atomic_compare_exchange_n(&l->cnts, &c, -1, false, __ATOMIC_ACQUIRE,
					   __ATOMIC_RELAXED);
}

static void kapi_raw_read_lock(rwlock_t *lock)
{
	unsigned int spins = 0;

	umod_task_fast()->preempt_count++;
	while (!read_try(&lock->raw_lock))
		spin_wait(&spins);
}

static int kapi_raw_read_trylock(rwlock_t *lock)
{
	struct umod_task *t = umod_task_fast();

	t->preempt_count++;
	if (read_try(&lock->raw_lock))
		return 1;
	t->preempt_count--;
	return 0;
}

static void kapi_raw_read_unlock(rwlock_t *lock)
{
	__atomic_fetch_sub(&lock->raw_lock.cnts, 1, __ATOMIC_RELEASE);
	umod_task_fast()->preempt_count--;
}

static void kapi_raw_write_lock(rwlock_t *lock)
{
	unsigned int spins = 0;

	umod_task_fast()->preempt_count++;
	while (!write_try(&lock->raw_lock))
		spin_wait(&spins);
}

static int kapi_raw_write_trylock(rwlock_t *lock)
{
	struct umod_task *t = umod_task_fast();

	t->preempt_count++;
	if (write_try(&lock->raw_lock))
		return 1;
	t->preempt_count--;
	return 0;
}

static void kapi_raw_write_unlock(rwlock_t *lock)
{
	__atomic_store_n(&lock->raw_lock.cnts, 0, __ATOMIC_RELEASE);
	umod_task_fast()->preempt_count--;
}

static const struct umod_kapi_export spinlock_exports[] = {
	UMOD_KAPI("_raw_spin_lock", kapi_raw_spin_lock),
	UMOD_KAPI("_raw_spin_unlock", kapi_raw_spin_unlock),
	UMOD_KAPI("_raw_spin_trylock", kapi_raw_spin_trylock),
	UMOD_KAPI("_raw_spin_lock_irqsave", kapi_raw_spin_lock_irqsave),
	UMOD_KAPI("_raw_spin_unlock_irqrestore", kapi_raw_spin_unlock_irqrestore),
	UMOD_KAPI("_raw_spin_lock_irq", kapi_raw_spin_lock_irq),
	UMOD_KAPI("_raw_spin_unlock_irq", kapi_raw_spin_unlock_irq),
	UMOD_KAPI("_raw_spin_lock_bh", kapi_raw_spin_lock_bh),
	UMOD_KAPI("_raw_spin_unlock_bh", kapi_raw_spin_unlock_bh),
	UMOD_KAPI("_raw_spin_trylock_bh", kapi_raw_spin_trylock_bh),
	UMOD_KAPI("_raw_read_lock", kapi_raw_read_lock),
	UMOD_KAPI("_raw_read_trylock", kapi_raw_read_trylock),
	UMOD_KAPI("_raw_read_unlock", kapi_raw_read_unlock),
	UMOD_KAPI("_raw_write_lock", kapi_raw_write_lock),
	UMOD_KAPI("_raw_write_trylock", kapi_raw_write_trylock),
	UMOD_KAPI("_raw_write_unlock", kapi_raw_write_unlock),
};

const struct umod_kapi_table umod_kapi_spinlock = UMOD_KAPI_TABLE(spinlock_exports);
