// SPDX-License-Identifier: MIT
/*
 * kernel/locking/spinlock.c and the contexts of kernel/sched/core.c:
 * spin locks exclude under contention and raise preempt_count(), the
 * irqsave forms keep the task's interrupt bit, rwlocks share among
 * readers, and a sleep under a spin lock (or with interrupts off, in
 * softirq context, inside rcu_read_lock()) gives the kernel's
 * might_sleep() report in the host's log, line by line, once per second.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <umod/kabi/spinlock.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/sched/sched.h"

#include "helpers.h"
#include "kapi_lookup.h"

static void (*spin_lock)(raw_spinlock_t *);
static void (*spin_unlock)(raw_spinlock_t *);
static int (*spin_trylock)(raw_spinlock_t *);
static void (*read_lock)(rwlock_t *);
static void (*read_unlock)(rwlock_t *);
static int (*write_trylock)(rwlock_t *);
static void (*write_unlock)(rwlock_t *);
static int (*preempt_count)(void);
static unsigned long (*irq_save)(void);
static void (*irq_restore)(unsigned long);
static unsigned long (*save_flags)(void);
static void (*might_sleep)(const char *, int);
static void (*msleep)(unsigned int);
static void (*rcu_lock)(void);
static void (*rcu_unlock)(void);
static unsigned long (*lock_irqsave)(raw_spinlock_t *);
static void (*unlock_irqrestore)(raw_spinlock_t *, unsigned long);
static void (*lock_irq)(raw_spinlock_t *);
static void (*unlock_irq)(raw_spinlock_t *);
static void (*lock_bh)(raw_spinlock_t *);
static void (*unlock_bh)(raw_spinlock_t *);
static int (*trylock_bh)(raw_spinlock_t *);

static int setup(void **state)
{
	spin_lock = kapi_in(&umod_kapi_spinlock, "_raw_spin_lock");
	spin_unlock = kapi_in(&umod_kapi_spinlock, "_raw_spin_unlock");
	spin_trylock = kapi_in(&umod_kapi_spinlock, "_raw_spin_trylock");
	read_lock = kapi_in(&umod_kapi_spinlock, "_raw_read_lock");
	read_unlock = kapi_in(&umod_kapi_spinlock, "_raw_read_unlock");
	write_trylock = kapi_in(&umod_kapi_spinlock, "_raw_write_trylock");
	write_unlock = kapi_in(&umod_kapi_spinlock, "_raw_write_unlock");
	preempt_count = kapi_in(&umod_kapi_sched, "preempt_count");
	irq_save = kapi_in(&umod_kapi_sched, "arch_local_irq_save");
	irq_restore = kapi_in(&umod_kapi_sched, "arch_local_irq_restore");
	save_flags = kapi_in(&umod_kapi_sched, "arch_local_save_flags");
	might_sleep = kapi_in(&umod_kapi_sched, "__might_sleep");
	msleep = kapi_in(&umod_kapi_delay, "msleep");
	rcu_lock = kapi_in(&umod_kapi_rcu, "__rcu_read_lock");
	rcu_unlock = kapi_in(&umod_kapi_rcu, "__rcu_read_unlock");
	lock_irqsave = kapi_in(&umod_kapi_spinlock, "_raw_spin_lock_irqsave");
	unlock_irqrestore = kapi_in(&umod_kapi_spinlock, "_raw_spin_unlock_irqrestore");
	lock_irq = kapi_in(&umod_kapi_spinlock, "_raw_spin_lock_irq");
	unlock_irq = kapi_in(&umod_kapi_spinlock, "_raw_spin_unlock_irq");
	lock_bh = kapi_in(&umod_kapi_spinlock, "_raw_spin_lock_bh");
	unlock_bh = kapi_in(&umod_kapi_spinlock, "_raw_spin_unlock_bh");
	trylock_bh = kapi_in(&umod_kapi_spinlock, "_raw_spin_trylock_bh");
	if (!(lock_irqsave && unlock_irqrestore && lock_irq && unlock_irq && lock_bh &&
	      unlock_bh && trylock_bh))
		return 1;
	return !(spin_lock && spin_unlock && spin_trylock && read_lock && read_unlock &&
		 write_trylock && write_unlock && preempt_count && irq_save && irq_restore &&
		 save_flags && might_sleep && msleep && rcu_lock && rcu_unlock);
}

#define ROUNDS	200000

static raw_spinlock_t counter_lock;
static long counter;

static void *count_thread(void *arg)
{
	for (int i = 0; i < ROUNDS; i++) {
		spin_lock(&counter_lock);
		counter++;	/* not atomic: only the lock keeps counts */
		spin_unlock(&counter_lock);
	}
	return NULL;
}

static void spin_lock_excludes(void **state)
{
	pthread_t th[3];

	for (int i = 0; i < 3; i++)
		assert_int_equal(pthread_create(&th[i], NULL, count_thread, NULL), 0);
	for (int i = 0; i < 3; i++)
		pthread_join(th[i], NULL);
	assert_int_equal(counter, 3L * ROUNDS);
	assert_int_equal(counter_lock.raw_lock.locked, 0);
}

static void *trylock_thread(void *arg)
{
	return (void *)(intptr_t)spin_trylock(arg);
}

static void trylock_and_preempt_count(void **state)
{
	raw_spinlock_t lock = { { 0 } };
	pthread_t th;
	void *got;

	assert_int_equal(preempt_count(), 0);
	spin_lock(&lock);
	assert_int_equal(preempt_count(), 1);
	/* held: another task's trylock fails and leaves its count alone */
	assert_int_equal(pthread_create(&th, NULL, trylock_thread, &lock), 0);
	pthread_join(th, &got);
	assert_int_equal((intptr_t)got, 0);
	assert_int_equal(spin_trylock(&lock), 0);
	assert_int_equal(preempt_count(), 1);
	spin_unlock(&lock);
	assert_int_equal(preempt_count(), 0);
	assert_int_equal(spin_trylock(&lock), 1);
	assert_int_equal(preempt_count(), 1);
	spin_unlock(&lock);
	assert_int_equal(preempt_count(), 0);
}

static void irqsave_nests(void **state)
{
	unsigned long outer, inner;

	assert_true(save_flags() & 0x200);	/* enabled */
	outer = irq_save();
	assert_false(save_flags() & 0x200);
	inner = irq_save();
	irq_restore(inner);
	assert_false(save_flags() & 0x200);	/* still off: the outer save holds */
	irq_restore(outer);
	assert_true(save_flags() & 0x200);
}

/* 6.1's out-of-line forms: the interrupt bit or the softirq count, then the lock */
static void irq_and_bh_forms(void **state)
{
	raw_spinlock_t lock = { { 0 } };
	unsigned long flags;

	flags = lock_irqsave(&lock);
	assert_true(flags & 0x200);
	assert_false(save_flags() & 0x200);
	assert_int_equal(preempt_count(), 1);
	assert_int_equal(spin_trylock(&lock), 0);	/* held */
	assert_int_equal(preempt_count(), 1);
	unlock_irqrestore(&lock, flags);
	assert_true(save_flags() & 0x200);
	assert_int_equal(preempt_count(), 0);

	lock_irq(&lock);
	assert_false(save_flags() & 0x200);
	unlock_irq(&lock);
	assert_true(save_flags() & 0x200);
	assert_int_equal(preempt_count(), 0);

	lock_bh(&lock);
	assert_int_equal(preempt_count(), 2 * UMOD_SOFTIRQ_OFFSET + 1);
	assert_int_equal(trylock_bh(&lock), 0);		/* held: the count put back */
	assert_int_equal(preempt_count(), 2 * UMOD_SOFTIRQ_OFFSET + 1);
	unlock_bh(&lock);
	assert_int_equal(preempt_count(), 0);
	assert_int_equal(trylock_bh(&lock), 1);
	assert_int_equal(preempt_count(), 2 * UMOD_SOFTIRQ_OFFSET + 1);
	unlock_bh(&lock);
	assert_int_equal(preempt_count(), 0);
}

static void rwlock_readers_share(void **state)
{
	rwlock_t lock = { { 0 } };

	read_lock(&lock);
	read_lock(&lock);
	assert_int_equal(preempt_count(), 2);
	assert_int_equal(write_trylock(&lock), 0);
	read_unlock(&lock);
	assert_int_equal(write_trylock(&lock), 0);
	read_unlock(&lock);
	assert_int_equal(write_trylock(&lock), 1);
	assert_int_equal(lock.raw_lock.cnts, -1);
	write_unlock(&lock);
	assert_int_equal(preempt_count(), 0);
}

static void might_sleep_under_spin_lock(void **state)
{
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);
	struct module kmod = { .name = "fake" };
	struct umod_module *mod = fake_module_new(host, "fake", &kmod, NULL, 0);
	struct umod_task *t;
	struct umod_call call = { .mod = mod };
	raw_spinlock_t lock = { { 0 } };
	char want[128];

	assert_non_null(mod);
	assert_int_equal(umod_task_new(&t, "sleeper", false), 0);
	umod_task_set_current(t);
	call.task = t;
	t->call = &call;
	umod_might_sleep_reset_ratelimit();

	might_sleep("fake.c", 1);		/* not atomic: nothing */
	assert_int_equal(cap.n, 0);
	spin_lock(&lock);
	might_sleep("drivers/fake/fake.c", 42);
	spin_unlock(&lock);
	assert_string_equal(cap.lines[0],
		"BUG: sleeping function called from invalid context at drivers/fake/fake.c:42");
	snprintf(want, sizeof(want),
		 "in_atomic(): 1, irqs_disabled(): 0, non_block: 0, pid: %d, name: sleeper",
		 t->task.pid);
	assert_string_equal(cap.lines[1], want);
	assert_string_equal(cap.lines[2], "preempt_count: 1, expected: 0");
	assert_string_equal(cap.lines[3], "RCU nest depth: 0, expected: 0");
	assert_int_equal(cap.levels[0], 3);	/* KERN_ERR */
	assert_true(strstr(cap.lines[4], "CPU: ") == cap.lines[4]);
	assert_true(capture_has(&cap, "Call Trace:"));
	assert_true(atomic_load(&host->taints) & (1ul << 9));	/* W */

	/* the second within a second is held back, as the kernel's */
	cap.n = 0;
	spin_lock(&lock);
	msleep(1);
	spin_unlock(&lock);
	assert_int_equal(cap.n, 0);
	/* with interrupts off, also outside a lock */
	umod_might_sleep_reset_ratelimit();
	irq_restore(irq_save() & 0);
	msleep(1);
	irq_restore(0x200);
	assert_true(cap.n > 3);
	assert_true(strstr(cap.lines[0], "at kernel/sched/delay.c:") != NULL);
	assert_true(strstr(cap.lines[1], "in_atomic(): 0, irqs_disabled(): 1,") == cap.lines[1]);

	/* in softirq context (a timer's, an RCU callback's) */
	umod_might_sleep_reset_ratelimit();
	cap.n = 0;
	t->preempt_count = UMOD_SOFTIRQ_OFFSET;
	might_sleep("fake.c", 7);
	t->preempt_count = 0;
	assert_true(cap.n > 3);
	assert_true(strstr(cap.lines[1], "in_atomic(): 1, irqs_disabled(): 0,") == cap.lines[1]);
	assert_string_equal(cap.lines[2], "preempt_count: 100, expected: 0");
	/* inside rcu_read_lock(), as 6.1 with PREEMPT_RCU */
	umod_might_sleep_reset_ratelimit();
	cap.n = 0;
	rcu_lock();
	might_sleep("fake.c", 8);
	rcu_unlock();
	assert_true(cap.n > 3);
	assert_true(strstr(cap.lines[1], "in_atomic(): 0, irqs_disabled(): 0,") == cap.lines[1]);
	assert_string_equal(cap.lines[2], "preempt_count: 0, expected: 0");
	assert_string_equal(cap.lines[3], "RCU nest depth: 1, expected: 0");

	t->call = NULL;
	umod_task_set_current(NULL);
	umod_task_put(t);
	fake_module_free(mod);
	umod_host_unref(host);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(spin_lock_excludes),
		cmocka_unit_test(trylock_and_preempt_count),
		cmocka_unit_test(irqsave_nests),
		cmocka_unit_test(irq_and_bh_forms),
		cmocka_unit_test(rwlock_readers_share),
		cmocka_unit_test(might_sleep_under_spin_lock),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
