// SPDX-License-Identifier: MIT
/*
 * kernel/time/timer.c, hrtimer.c and kernel/softirq.c through their
 * exported functions, with host-owned timers (no owner module: called
 * directly): mod_timer()'s return values, expiry order, softirq context,
 * del_timer_sync() waiting for a running callback from another thread,
 * an hrtimer restarting itself, a tasklet scheduled twice running once;
 * the three structures' 6.1 amd64 layouts; umod_thread_spawn() gives a host thread the process's CPUs, not its
 * creator's (a daemon thread pinned to its client's).
 */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <umod/kabi.h>
#include <umod/kabi/timer.h>

#include "kernel/kapi.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"
#include "kernel/time/timekeeping.h"

#include "kapi_lookup.h"

static int (*mod_timer)(struct timer_list *, unsigned long);
static int (*del_timer)(struct timer_list *);
static int (*del_timer_sync)(struct timer_list *);
static void (*hrtimer_init)(struct hrtimer *, int, unsigned int);
static void (*hrtimer_start_range_ns)(struct hrtimer *, int64_t, uint64_t, unsigned int);
static int (*hrtimer_cancel)(struct hrtimer *);
static uint64_t (*hrtimer_forward)(struct hrtimer *, int64_t, int64_t);
static void (*tasklet_setup)(struct tasklet_struct *, void (*)(struct tasklet_struct *));
static void (*tasklet_schedule)(struct tasklet_struct *);
static void (*tasklet_kill)(struct tasklet_struct *);

static int setup(void **state)
{
	(void)state;
	mod_timer = kapi_in(&umod_kapi_timer, "mod_timer");
	del_timer = kapi_in(&umod_kapi_timer, "timer_delete");
	del_timer_sync = kapi_in(&umod_kapi_timer, "timer_delete_sync");
	hrtimer_init = kapi_in(&umod_kapi_hrtimer, "hrtimer_init");
	hrtimer_start_range_ns = kapi_in(&umod_kapi_hrtimer, "hrtimer_start_range_ns");
	hrtimer_cancel = kapi_in(&umod_kapi_hrtimer, "hrtimer_cancel");
	hrtimer_forward = kapi_in(&umod_kapi_hrtimer, "hrtimer_forward");
	tasklet_setup = kapi_in(&umod_kapi_softirq, "tasklet_setup");
	tasklet_schedule = kapi_in(&umod_kapi_softirq, "__tasklet_schedule");
	tasklet_kill = kapi_in(&umod_kapi_softirq, "tasklet_kill");
	return !(mod_timer && del_timer && del_timer_sync && hrtimer_init &&
		 hrtimer_start_range_ns && hrtimer_cancel && hrtimer_forward &&
		 tasklet_setup && tasklet_schedule && tasklet_kill);
}

static void timer_init(struct timer_list *t, void (*fn)(struct timer_list *))
{
	memset(t, 0, sizeof(*t));
	t->function = fn;
}

static unsigned long jiffies_now(void)
{
	return (unsigned long)umod_jiffies64();
}

/* waits up to 2 s for *@flag */
static int wait_flag(atomic_int *flag, int value)
{
	for (int i = 0; i < 2000 && atomic_load(flag) < value; i++)
		usleep(1000);
	return atomic_load(flag);
}

static atomic_int fired;
static atomic_uint fired_preempt;

static void count_fn(struct timer_list *t)
{
	(void)t;
	atomic_store(&fired_preempt, umod_task_current()->preempt_count);
	atomic_fetch_add(&fired, 1);
}

/* 0 for an idle timer, 1 for a pending one, as Linux; del_timer likewise */
static void test_mod_timer_returns(void **state)
{
	struct timer_list t;

	(void)state;
	timer_init(&t, count_fn);
	atomic_store(&fired, 0);
	assert_int_equal(mod_timer(&t, jiffies_now() + 10 * UMOD_HZ), 0);
	assert_non_null(t.entry.pprev);		/* timer_pending() */
	assert_int_equal(mod_timer(&t, jiffies_now() + 10 * UMOD_HZ), 1);
	assert_int_equal(del_timer(&t), 1);
	assert_int_equal(del_timer(&t), 0);
	assert_null(t.entry.pprev);
	/* an expiry in the past runs at once, in softirq context */
	assert_int_equal(mod_timer(&t, jiffies_now() - 5), 0);
	assert_int_equal(wait_flag(&fired, 1), 1);
	assert_true(atomic_load(&fired_preempt) & UMOD_SOFTIRQ_MASK);
	assert_int_equal(del_timer_sync(&t), 0);
	assert_int_equal(mod_timer(&t, jiffies_now() + UMOD_HZ), 0);
	assert_int_equal(del_timer_sync(&t), 1);
}

static struct timer_list order_timers[5];
static int order_seen[5];
static atomic_int order_next, order_n;

/* the slot is written before order_n counts it: the test reads after */
static void order_fn(struct timer_list *t)
{
	order_seen[atomic_fetch_add(&order_next, 1)] = (int)(t - order_timers);
	atomic_fetch_add(&order_n, 1);
}

/* armed out of order, they run by expiry */
static void test_expiry_order(void **state)
{
	static const int delay[5] = { 9, 1, 5, 3, 7 };
	unsigned long now = jiffies_now();

	(void)state;
	atomic_store(&order_n, 0);
	atomic_store(&order_next, 0);
	for (int i = 0; i < 5; i++) {
		timer_init(&order_timers[i], order_fn);
		mod_timer(&order_timers[i], now + (unsigned long)delay[i]);
	}
	assert_int_equal(wait_flag(&order_n, 5), 5);
	assert_int_equal(order_seen[0], 1);
	assert_int_equal(order_seen[1], 3);
	assert_int_equal(order_seen[2], 2);
	assert_int_equal(order_seen[3], 4);
	assert_int_equal(order_seen[4], 0);
}

static atomic_int slow_in, slow_out;

static void slow_fn(struct timer_list *t)
{
	(void)t;
	atomic_store(&slow_in, 1);
	usleep(100 * 1000);
	atomic_store(&slow_out, 1);
}

/* del_timer_sync() from another thread returns only after the callback */
static void test_del_timer_sync_waits(void **state)
{
	struct timer_list t;

	(void)state;
	timer_init(&t, slow_fn);
	atomic_store(&slow_in, 0);
	atomic_store(&slow_out, 0);
	mod_timer(&t, jiffies_now());
	assert_int_equal(wait_flag(&slow_in, 1), 1);
	assert_int_equal(atomic_load(&slow_out), 0);
	assert_int_equal(del_timer_sync(&t), 0);
	assert_int_equal(atomic_load(&slow_out), 1);
}

static atomic_int hr_runs;

static enum hrtimer_restart hr_fn(struct hrtimer *h)
{
	if (atomic_fetch_add(&hr_runs, 1) + 1 >= 4)
		return HRTIMER_NORESTART;
	hrtimer_forward(h, h->base->get_time(), 2 * 1000 * 1000);	/* _now() */
	return HRTIMER_RESTART;
}

/* an hrtimer restarting itself with hrtimer_forward_now() */
static void test_hrtimer_restart(void **state)
{
	struct hrtimer h;

	(void)state;
	atomic_store(&hr_runs, 0);
	hrtimer_init(&h, 1 /* CLOCK_MONOTONIC */, 0 /* ABS */);
	assert_non_null(h.base);
	assert_int_equal(h.base->clockid, 1);
	h.function = hr_fn;
	hrtimer_start_range_ns(&h, 2 * 1000 * 1000, 0, 1 /* HRTIMER_MODE_REL */);
	assert_int_equal(h.state, 1);		/* hrtimer_is_queued() */
	assert_int_equal(wait_flag(&hr_runs, 4), 4);
	usleep(20 * 1000);
	assert_int_equal(atomic_load(&hr_runs), 4);
	assert_int_equal(hrtimer_cancel(&h), 0);
	assert_int_equal(h.state, 0);
	/* overruns: 10 intervals behind is 10 forward, then after now */
	h._softexpires = h.node.expires = 0;
	assert_int_equal(hrtimer_forward(&h, 100, 10), 11);
	assert_int_equal(h._softexpires, 110);
	assert_int_equal(h.node.expires, 110);
}

static atomic_int tasklet_runs;

static void tasklet_fn(struct tasklet_struct *t)
{
	(void)t;
	atomic_fetch_add(&tasklet_runs, 1);
}

/* scheduled twice while disabled, it runs once when enabled */
static void test_tasklet_once(void **state)
{
	struct tasklet_struct t;

	(void)state;
	atomic_store(&tasklet_runs, 0);
	tasklet_setup(&t, tasklet_fn);
	t.count.counter = 1;	/* tasklet_disable_nosync() */
	/* the inline tasklet_schedule(): the second finds SCHED set */
	t.state |= 1;
	tasklet_schedule(&t);
	usleep(10 * 1000);
	assert_int_equal(atomic_load(&tasklet_runs), 0);
	t.count.counter = 0;	/* the inline tasklet_enable() */
	assert_int_equal(wait_flag(&tasklet_runs, 1), 1);
	usleep(10 * 1000);
	assert_int_equal(atomic_load(&tasklet_runs), 1);
	tasklet_kill(&t);
}

#define assert_at(type, field, off)	assert_int_equal(offsetof(type, field), off)

/* 6.1 amd64's layouts (no lockdep), which 6.1 modules' inlines read */
static void test_layout_is_6_1(void **state)
{
	(void)state;
	assert_int_equal(sizeof(struct timer_list), 40);
	assert_at(struct timer_list, entry.next, 0);
	assert_at(struct timer_list, entry.pprev, 8);
	assert_at(struct timer_list, expires, 16);
	assert_at(struct timer_list, function, 24);
	assert_at(struct timer_list, flags, 32);

	assert_int_equal(sizeof(struct hrtimer), 64);
	assert_at(struct hrtimer, node.node, 0);
	assert_at(struct hrtimer, node.expires, 24);
	assert_at(struct hrtimer, _softexpires, 32);
	assert_at(struct hrtimer, function, 40);
	assert_at(struct hrtimer, base, 48);
	assert_at(struct hrtimer, state, 56);
	assert_at(struct hrtimer, is_rel, 57);
	assert_at(struct hrtimer, is_soft, 58);
	assert_at(struct hrtimer, is_hard, 59);
	assert_int_equal(sizeof(struct hrtimer_clock_base), 64);
	assert_at(struct hrtimer_clock_base, running, 24);
	assert_at(struct hrtimer_clock_base, active, 32);
	assert_at(struct hrtimer_clock_base, get_time, 48);

	assert_int_equal(sizeof(struct tasklet_struct), 40);
	assert_at(struct tasklet_struct, next, 0);
	assert_at(struct tasklet_struct, state, 8);
	assert_at(struct tasklet_struct, count, 16);
	assert_at(struct tasklet_struct, use_callback, 20);
	assert_at(struct tasklet_struct, func, 24);
	assert_at(struct tasklet_struct, callback, 24);
	assert_at(struct tasklet_struct, data, 32);
}

static void *count_cpus(void *arg)
{
	cpu_set_t set;

	*(int *)arg = sched_getaffinity(0, sizeof(set), &set) ? -1 : CPU_COUNT(&set);
	return NULL;
}

/* on a thread pinned to one CPU, as a daemon's request thread: spawn one */
static void *spawn_pinned(void *arg)
{
	cpu_set_t set;
	pthread_t th;
	int cpu = sched_getcpu();

	CPU_ZERO(&set);
	CPU_SET(cpu < 0 ? 0 : cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) || umod_thread_spawn(&th, count_cpus, arg))
		return NULL;
	pthread_join(th, NULL);
	return NULL;
}

static void test_spawn_takes_process_cpus(void **state)
{
	cpu_set_t all;
	pthread_t th;
	int spawned = 0;

	(void)state;
	assert_int_equal(sched_getaffinity(getpid(), sizeof(all), &all), 0);
	if (CPU_COUNT(&all) < 2)
		skip();
	assert_int_equal(pthread_create(&th, NULL, spawn_pinned, &spawned), 0);
	pthread_join(th, NULL);
	assert_int_equal(spawned, CPU_COUNT(&all));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout_is_6_1),
		cmocka_unit_test(test_spawn_takes_process_cpus),
		cmocka_unit_test(test_mod_timer_returns),
		cmocka_unit_test(test_expiry_order),
		cmocka_unit_test(test_del_timer_sync_waits),
		cmocka_unit_test(test_hrtimer_restart),
		cmocka_unit_test(test_tasklet_once),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
