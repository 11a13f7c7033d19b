// SPDX-License-Identifier: MIT
/*
 * kernel/rcu/update.c through its exports: synchronize_rcu() waits for a
 * reader that began before it, a call_rcu() callback runs only after the
 * readers of its time left, in softirq context, and rcu_barrier() waits
 * for it; rcu_read_lock() nests and counts in the task's RCU depth.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <umod/kabi/types.h>

#include "kernel/kapi.h"
#include "kernel/sched/sched.h"

#include "kapi_lookup.h"
#include "task_thread.h"

static void (*rcu_read_lock)(void);
static void (*rcu_read_unlock)(void);
static void (*synchronize_rcu)(void);
static void (*call_rcu)(struct callback_head *, void (*)(struct callback_head *));
static void (*rcu_barrier)(void);

static int setup(void **state)
{
	rcu_read_lock = kapi_in(&umod_kapi_rcu, "__rcu_read_lock");
	rcu_read_unlock = kapi_in(&umod_kapi_rcu, "__rcu_read_unlock");
	synchronize_rcu = kapi_in(&umod_kapi_rcu, "synchronize_rcu");
	call_rcu = kapi_in(&umod_kapi_rcu, "call_rcu");
	rcu_barrier = kapi_in(&umod_kapi_rcu, "rcu_barrier");
	return !(rcu_read_lock && rcu_read_unlock && synchronize_rcu && call_rcu && rcu_barrier);
}

static atomic_int in_section, reader_done;

/* a reader that stays inside for 100 ms */
static long slow_reader(void *arg)
{
	rcu_read_lock();
	rcu_read_lock();		/* nests */
	atomic_store(&in_section, 1);
	usleep(100000);
	atomic_store(&reader_done, 1);
	rcu_read_unlock();
	usleep(10000);
	rcu_read_unlock();
	return umod_task_fast()->rcu_read_depth;
}

static void synchronize_waits_for_readers(void **state)
{
	struct task_thread tt;

	atomic_store(&in_section, 0);
	atomic_store(&reader_done, 0);
	assert_int_equal(task_thread_start(&tt, slow_reader, NULL, 0), 0);
	while (!atomic_load(&in_section))
		usleep(1000);
	synchronize_rcu();
	assert_int_equal(atomic_load(&reader_done), 1);
	assert_int_equal(task_thread_join(&tt), 0);
	/* with no reader it returns on its own */
	synchronize_rcu();
}

struct obj {
	struct callback_head rcu;
	atomic_int freed;
	unsigned int preempt_count;
};

static void obj_free(struct callback_head *head)
{
	struct obj *o = (struct obj *)head;

	o->preempt_count = umod_task_fast()->preempt_count;
	atomic_store(&o->freed, atomic_load(&reader_done) ? 1 : -1);
}

static void callback_after_grace_period(void **state)
{
	struct task_thread tt;
	struct obj o[3] = { 0 };

	atomic_store(&in_section, 0);
	atomic_store(&reader_done, 0);
	assert_int_equal(task_thread_start(&tt, slow_reader, NULL, 0), 0);
	while (!atomic_load(&in_section))
		usleep(1000);
	for (int i = 0; i < 3; i++)
		call_rcu(&o[i].rcu, obj_free);
	usleep(30000);
	assert_int_equal(atomic_load(&o[0].freed), 0);	/* the reader is still in */
	rcu_barrier();
	for (int i = 0; i < 3; i++) {
		assert_int_equal(atomic_load(&o[i].freed), 1);
		assert_int_equal(o[i].preempt_count & UMOD_SOFTIRQ_MASK, UMOD_SOFTIRQ_OFFSET);
	}
	task_thread_join(&tt);
	rcu_barrier();		/* nothing queued: returns */
}

static void depth_counts(void **state)
{
	struct umod_task *t = umod_task_fast();

	rcu_read_lock();
	assert_int_equal(t->rcu_read_depth, 1);
	rcu_read_lock();
	assert_int_equal(t->rcu_read_depth, 2);
	rcu_read_unlock();
	rcu_read_unlock();
	assert_int_equal(t->rcu_read_depth, 0);
}

/* ---- readers against an updater: under ASan or TSan a use after free shows */

struct version {
	struct callback_head rcu;
	long serial;
	long payload[8];
};

static struct version *published;
static atomic_int updating;

static long reader_loop(void *arg)
{
	long seen = 0;

	while (atomic_load(&updating)) {
		struct version *v;

		rcu_read_lock();
		v = __atomic_load_n(&published, __ATOMIC_ACQUIRE);
		for (int i = 0; i < 8; i++)
			if (v->payload[i] != v->serial)
				seen = -1000000;	/* torn or freed */
		seen++;
		rcu_read_unlock();
	}
	return seen;
}

static void version_free(struct callback_head *head)
{
	free(head);
}

static struct version *version_new(long serial)
{
	struct version *v = calloc(1, sizeof(*v));

	assert_non_null(v);
	v->serial = serial;
	for (int i = 0; i < 8; i++)
		v->payload[i] = serial;
	return v;
}

static void readers_against_updater(void **state)
{
	struct task_thread r[2];

	published = version_new(0);
	atomic_store(&updating, 1);
	for (int i = 0; i < 2; i++)
		assert_int_equal(task_thread_start(&r[i], reader_loop, NULL, 0), 0);
	for (long s = 1; s <= 200; s++) {
		struct version *old = published;

		__atomic_store_n(&published, version_new(s), __ATOMIC_RELEASE);
		if (s & 1) {
			synchronize_rcu();
			free(old);
		} else {
			call_rcu(&old->rcu, version_free);
		}
	}
	atomic_store(&updating, 0);
	for (int i = 0; i < 2; i++)
		assert_true(task_thread_join(&r[i]) > 0);
	rcu_barrier();
	free(published);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(synchronize_waits_for_readers),
		cmocka_unit_test(callback_after_grace_period),
		cmocka_unit_test(depth_counts),
		cmocka_unit_test(readers_against_updater),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
