// SPDX-License-Identifier: MIT
/*
 * kernel/sched/completion.c through its exports: a completion completed
 * from another task ends a wait, complete_all() wakes every waiter, each
 * complete() lets one wait through, and the timeout, interruptible and
 * killable forms return what the kernel's return.
 */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <umod/kabi/mutex.h>

#include "kernel/kapi.h"
#include "kernel/sched/sched.h"

#include "kapi_lookup.h"
#include "task_thread.h"

#define ERESTARTSYS	512

static void (*init_wq)(struct wait_queue_head *, const char *, void *);
static void (*wait_for)(struct completion *);
static unsigned long (*wait_timeout)(struct completion *, unsigned long);
static int (*wait_interruptible)(struct completion *);
static long (*wait_interruptible_timeout)(struct completion *, unsigned long);
static int (*wait_killable)(struct completion *);
static bool (*try_wait)(struct completion *);
static bool (*done)(struct completion *);
static void (*complete)(struct completion *);
static void (*complete_all)(struct completion *);

static int setup(void **state)
{
	const struct umod_kapi_table *c = &umod_kapi_completion;

	init_wq = kapi_in(&umod_kapi_wait, "__init_waitqueue_head");
	wait_for = kapi_in(c, "wait_for_completion");
	wait_timeout = kapi_in(c, "wait_for_completion_timeout");
	wait_interruptible = kapi_in(c, "wait_for_completion_interruptible");
	wait_interruptible_timeout = kapi_in(c, "wait_for_completion_interruptible_timeout");
	wait_killable = kapi_in(c, "wait_for_completion_killable");
	try_wait = kapi_in(c, "try_wait_for_completion");
	done = kapi_in(c, "completion_done");
	complete = kapi_in(c, "complete");
	complete_all = kapi_in(c, "complete_all");
	return !(init_wq && wait_for && wait_timeout && wait_interruptible &&
		 wait_interruptible_timeout && wait_killable && try_wait && done && complete &&
		 complete_all);
}

static void init(struct completion *x)
{
	x->done = 0;
	init_wq(&x->wait, "x", NULL);
}

static long do_wait(void *x)
{
	wait_for(x);
	return 0;
}

static long do_wait_timeout(void *x)
{
	return (long)wait_timeout(x, 125);	/* 500 ms */
}

static long do_wait_interruptible(void *x)
{
	return wait_interruptible(x);
}

static long do_wait_killable(void *x)
{
	return wait_killable(x);
}

static void completed_from_another_task(void **state)
{
	struct completion x;
	struct task_thread tt;
	long left;

	init(&x);
	assert_false(done(&x));
	assert_int_equal(task_thread_start(&tt, do_wait_timeout, &x, 20), 0);
	complete(&x);
	left = task_thread_join(&tt);
	assert_true(left > 100 && left <= 125);
	assert_int_equal(x.done, 0);	/* the wait took it */
	assert_false(done(&x));
}

static void timeouts(void **state)
{
	struct completion x;
	uint64_t start = test_now_ms();

	init(&x);
	assert_int_equal(wait_timeout(&x, 5), 0);		/* 20 ms, then 0 */
	assert_true(test_now_ms() - start >= 16);	/* 5 jiffies from within one */
	assert_int_equal(wait_interruptible_timeout(&x, 2), 0);
	complete(&x);
	assert_true(done(&x));
	/* done already: the whole timeout is left */
	assert_int_equal(wait_timeout(&x, 7), 7);
	complete(&x);
	/* and a zero timeout with it done is 1, not 0 */
	assert_int_equal(wait_timeout(&x, 0), 1);
	assert_false(try_wait(&x));
	complete(&x);
	complete(&x);
	assert_true(try_wait(&x));
	assert_true(try_wait(&x));
	assert_false(try_wait(&x));
}

static void complete_all_wakes_everyone(void **state)
{
	struct completion x;
	struct task_thread tt[4];

	init(&x);
	for (int i = 0; i < 4; i++)
		assert_int_equal(task_thread_start(&tt[i], do_wait, &x, i == 3 ? 20 : 0), 0);
	complete_all(&x);
	for (int i = 0; i < 4; i++)
		assert_int_equal(task_thread_join(&tt[i]), 0);
	assert_int_equal(x.done, UINT_MAX);
	/* every later wait passes too */
	assert_int_equal(wait_interruptible(&x), 0);
	assert_true(try_wait(&x));
}

static void one_complete_one_waiter(void **state)
{
	struct completion x;
	struct task_thread a, b;
	uint64_t start = test_now_ms();

	init(&x);
	assert_int_equal(task_thread_start(&a, do_wait_timeout, &x, 0), 0);
	assert_int_equal(task_thread_start(&b, do_wait_timeout, &x, 20), 0);
	complete(&x);
	/* one got it at once, the other waited its 500 ms out */
	assert_int_equal((task_thread_join(&a) > 0) + (task_thread_join(&b) > 0), 1);
	assert_true(test_now_ms() - start >= 480);
}

static void signals(void **state)
{
	struct completion x;
	struct task_thread a, b;

	init(&x);
	assert_int_equal(task_thread_start(&a, do_wait_interruptible, &x, 0), 0);
	assert_int_equal(task_thread_start(&b, do_wait_killable, &x, 20), 0);
	umod_task_signal(a.task);
	umod_task_signal(b.task);
	assert_int_equal(task_thread_join(&a), -ERESTARTSYS);
	assert_int_equal(task_thread_join(&b), -ERESTARTSYS);
	assert_int_equal(x.wait.head.next, &x.wait.head);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(completed_from_another_task),
		cmocka_unit_test(timeouts),
		cmocka_unit_test(complete_all_wakes_everyone),
		cmocka_unit_test(one_complete_one_waiter),
		cmocka_unit_test(signals),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
