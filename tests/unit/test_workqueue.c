// SPDX-License-Identifier: MIT
/*
 * kernel/workqueue.c through its exported functions, with host-owned work
 * items (no owner module: called directly): flush_work() and
 * flush_workqueue() wait, cancel_work_sync() of a queued item returns
 * true and it never runs, max_active 1 serialises and a larger one does
 * not, delayed work runs after its delay or is taken back.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <umod/kabi/timer.h>

#include "kernel/kapi.h"
#include "kernel/time/timekeeping.h"

#include "kapi_lookup.h"

static struct workqueue_struct *(*alloc_workqueue)(const char *, unsigned int, int, ...);
static void (*destroy_workqueue)(struct workqueue_struct *);
static bool (*queue_work_on)(int, struct workqueue_struct *, struct work_struct *);
static bool (*queue_delayed_work_on)(int, struct workqueue_struct *, struct delayed_work *,
				     unsigned long);
static bool (*flush_work)(struct work_struct *);
static void (*flush_workqueue)(struct workqueue_struct *);
static bool (*cancel_work_sync)(struct work_struct *);
static bool (*cancel_delayed_work)(struct delayed_work *);
static bool (*cancel_delayed_work_sync)(struct delayed_work *);
static struct workqueue_struct **system_wq;

static int setup(void **state)
{
	const struct umod_kapi_table *t = &umod_kapi_workqueue;

	(void)state;
	alloc_workqueue = kapi_in(t, "alloc_workqueue");
	destroy_workqueue = kapi_in(t, "destroy_workqueue");
	queue_work_on = kapi_in(t, "queue_work_on");
	queue_delayed_work_on = kapi_in(t, "queue_delayed_work_on");
	flush_work = kapi_in(t, "flush_work");
	flush_workqueue = kapi_in(t, "__flush_workqueue");
	cancel_work_sync = kapi_in(t, "cancel_work_sync");
	cancel_delayed_work = kapi_in(t, "cancel_delayed_work");
	cancel_delayed_work_sync = kapi_in(t, "cancel_delayed_work_sync");
	system_wq = kapi_in(t, "system_wq");
	return !(alloc_workqueue && destroy_workqueue && queue_work_on &&
		 queue_delayed_work_on && flush_work && flush_workqueue && cancel_work_sync &&
		 cancel_delayed_work && cancel_delayed_work_sync && system_wq && *system_wq);
}

static void work_init(struct work_struct *w, work_func_t fn)
{
	memset(w, 0, sizeof(*w));
	w->entry.next = w->entry.prev = &w->entry;
	w->func = fn;
}

static void dwork_init(struct delayed_work *dw, work_func_t fn)
{
	memset(dw, 0, sizeof(*dw));
	work_init(&dw->work, fn);
}

static atomic_int slow_done;

static void slow_fn(struct work_struct *w)
{
	(void)w;
	usleep(50 * 1000);
	atomic_fetch_add(&slow_done, 1);
}

static void test_flush_waits(void **state)
{
	struct work_struct w;

	(void)state;
	atomic_store(&slow_done, 0);
	work_init(&w, slow_fn);
	assert_true(queue_work_on(0, *system_wq, &w));
	assert_true(flush_work(&w));
	assert_int_equal(atomic_load(&slow_done), 1);
	assert_false(flush_work(&w));	/* idle: nothing to wait for */

	assert_true(queue_work_on(0, *system_wq, &w));
	flush_workqueue(*system_wq);
	assert_int_equal(atomic_load(&slow_done), 2);
}

static atomic_int gate, blocker_in, target_runs;

static void blocker_fn(struct work_struct *w)
{
	(void)w;
	atomic_store(&blocker_in, 1);
	while (!atomic_load(&gate))
		usleep(1000);
}

static void target_fn(struct work_struct *w)
{
	(void)w;
	atomic_fetch_add(&target_runs, 1);
}

/* an item waiting behind another on an ordered queue is taken back */
static void test_cancel_queued(void **state)
{
	struct workqueue_struct *wq = alloc_workqueue("test_ordered", 1u << 1, 1);
	struct work_struct blocker, target;

	(void)state;
	assert_non_null(wq);
	atomic_store(&gate, 0);
	atomic_store(&blocker_in, 0);
	atomic_store(&target_runs, 0);
	work_init(&blocker, blocker_fn);
	work_init(&target, target_fn);
	assert_true(queue_work_on(0, wq, &blocker));
	assert_true(queue_work_on(0, wq, &target));
	for (int i = 0; i < 2000 && !atomic_load(&blocker_in); i++)
		usleep(1000);
	assert_true(cancel_work_sync(&target));
	assert_false(cancel_work_sync(&target));
	assert_false(target.data.counter & 1);	/* work_pending() */
	atomic_store(&gate, 1);
	flush_workqueue(wq);
	assert_int_equal(atomic_load(&target_runs), 0);
	destroy_workqueue(wq);
}

static atomic_int running, most;

static void busy_fn(struct work_struct *w)
{
	int now = atomic_fetch_add(&running, 1) + 1;
	int seen = atomic_load(&most);

	(void)w;
	while (now > seen && !atomic_compare_exchange_weak(&most, &seen, now))
		;
	usleep(20 * 1000);
	atomic_fetch_sub(&running, 1);
}

static int most_at_once(int max_active)
{
	struct workqueue_struct *wq = alloc_workqueue("test_max%d", 0, max_active, max_active);
	struct work_struct w[4];

	atomic_store(&running, 0);
	atomic_store(&most, 0);
	for (int i = 0; i < 4; i++) {
		work_init(&w[i], busy_fn);
		queue_work_on(0, wq, &w[i]);
	}
	flush_workqueue(wq);
	destroy_workqueue(wq);
	return atomic_load(&most);
}

static void test_max_active(void **state)
{
	(void)state;
	assert_int_equal(most_at_once(1), 1);
	assert_true(most_at_once(4) >= 2);
}

static atomic_int late_runs;

static void late_fn(struct work_struct *w)
{
	(void)w;
	atomic_fetch_add(&late_runs, 1);
}

static void test_delayed(void **state)
{
	struct delayed_work dw;

	(void)state;
	atomic_store(&late_runs, 0);
	dwork_init(&dw, late_fn);
	assert_true(queue_delayed_work_on(0, *system_wq, &dw, 2));
	assert_false(queue_delayed_work_on(0, *system_wq, &dw, 2));
	for (int i = 0; i < 2000 && !atomic_load(&late_runs); i++)
		usleep(1000);
	assert_int_equal(atomic_load(&late_runs), 1);
	assert_true(queue_delayed_work_on(0, *system_wq, &dw, 100 * UMOD_HZ));
	assert_true(cancel_delayed_work(&dw));
	assert_false(cancel_delayed_work_sync(&dw));
	assert_int_equal(atomic_load(&late_runs), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flush_waits),
		cmocka_unit_test(test_cancel_queued),
		cmocka_unit_test(test_max_active),
		cmocka_unit_test(test_delayed),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
