// SPDX-License-Identifier: MIT
/*
 * kernel/sched/core.c and kernel/sched/wait.c: the sleeping model and
 * wait queues through their exported functions, with host threads acting
 * as tasks. Timeouts return the jiffies left (0 when they ran out), a
 * wake_up_process() ends a sleep early, a signal ends an interruptible
 * wait with -ERESTARTSYS but not an uninterruptible one, wake_up() wakes
 * one exclusive waiter and wake_up_all() all of them. The wait loop here
 * is the one <linux/wait.h>'s macros expand to.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include <umod/kabi/wait.h>

#include "kernel/kapi.h"
#include "kernel/sched/sched.h"

#include "kapi_lookup.h"

#define TASK_RUNNING		0x0000u
#define TASK_INTERRUPTIBLE	0x0001u
#define TASK_UNINTERRUPTIBLE	0x0002u
#define TASK_KILLABLE		0x0102u
#define TASK_NORMAL		0x0003u
#define ERESTARTSYS		512
#define WQ_FLAG_EXCLUSIVE	0x01

static long (*schedule_timeout)(long);
static long (*schedule_timeout_uninterruptible)(long);
static int (*wake_up_process)(struct task_struct *);
static void (*init_waitqueue_head)(struct wait_queue_head *, const char *, void *);
static void (*init_wait_entry)(struct wait_queue_entry *, int);
static long (*prepare_to_wait_event)(struct wait_queue_head *, struct wait_queue_entry *, int);
static void (*finish_wait)(struct wait_queue_head *, struct wait_queue_entry *);
static int (*wake_up)(struct wait_queue_head *, unsigned int, int, void *);

static int setup(void **state)
{
	schedule_timeout = kapi_in(&umod_kapi_sched, "schedule_timeout");
	schedule_timeout_uninterruptible = kapi_in(&umod_kapi_sched,
						   "schedule_timeout_uninterruptible");
	wake_up_process = kapi_in(&umod_kapi_sched, "wake_up_process");
	init_waitqueue_head = kapi_in(&umod_kapi_wait, "__init_waitqueue_head");
	init_wait_entry = kapi_in(&umod_kapi_wait, "init_wait_entry");
	prepare_to_wait_event = kapi_in(&umod_kapi_wait, "prepare_to_wait_event");
	finish_wait = kapi_in(&umod_kapi_wait, "finish_wait");
	wake_up = kapi_in(&umod_kapi_wait, "__wake_up");
	return !(schedule_timeout && schedule_timeout_uninterruptible && wake_up_process &&
		 init_waitqueue_head && init_wait_entry && prepare_to_wait_event &&
		 finish_wait && wake_up);
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static struct umod_task *become_task(const char *comm)
{
	struct umod_task *t;

	assert_int_equal(umod_task_new(&t, comm, true), 0);
	umod_task_set_current(t);
	return t;
}

static void stop_being_task(struct umod_task *t)
{
	umod_task_set_current(NULL);
	umod_task_put(t);
}

/* ___wait_event() with ___wait_cond_timeout(), as wait_event_*_timeout() */
static long wait_cond_timeout(struct wait_queue_head *wq, atomic_int *cond, int state,
			      long timeout)
{
	struct wait_queue_entry e;
	long ret = timeout;

	init_wait_entry(&e, 0);
	for (;;) {
		long intr = prepare_to_wait_event(wq, &e, state);
		bool done = atomic_load(cond);

		if (done && !ret)
			ret = 1;
		if (done || !ret)
			break;
		if (intr)
			return intr;
		ret = schedule_timeout(ret);
	}
	finish_wait(wq, &e);
	return ret;
}

/* ---- schedule_timeout() ----------------------------------------------------- */

static void timeout_runs_out(void **state)
{
	struct umod_task *t = become_task("sleeper");
	uint64_t start = now_ms();

	t->task.__state = TASK_INTERRUPTIBLE;
	assert_int_equal(schedule_timeout(10), 0);	/* 10 jiffies: 40 ms */
	assert_true(now_ms() - start >= 36);
	assert_int_equal(t->task.__state, TASK_RUNNING);
	/* a running task does not sleep at all */
	start = now_ms();
	t->task.__state = TASK_RUNNING;
	assert_true(schedule_timeout(250) >= 249);
	assert_true(now_ms() - start < 100);
	/* a negative timeout is an error: 0, and running */
	t->task.__state = TASK_INTERRUPTIBLE;
	assert_int_equal(schedule_timeout(-1), 0);
	assert_int_equal(t->task.__state, TASK_RUNNING);
	stop_being_task(t);
}

struct sleeper {
	pthread_t thread;
	struct umod_task *task;
	struct wait_queue_head *wq;
	atomic_int *cond;
	int state;
	long timeout;
	long ret;
	atomic_int ready;
};

static void *sleep_thread(void *arg)
{
	struct sleeper *s = arg;

	s->task = become_task("sleeper");
	umod_task_get(s->task);
	if (s->wq) {
		atomic_store(&s->ready, 1);
		s->ret = wait_cond_timeout(s->wq, s->cond, s->state, s->timeout);
	} else {
		s->task->task.__state = (unsigned int)s->state;
		atomic_store(&s->ready, 1);
		s->ret = schedule_timeout(s->timeout);
	}
	stop_being_task(s->task);
	return NULL;
}

static void start_sleeper(struct sleeper *s)
{
	assert_int_equal(pthread_create(&s->thread, NULL, sleep_thread, s), 0);
	while (!atomic_load(&s->ready))
		usleep(1000);
	usleep(20000);	/* into its sleep */
}

static void end_sleeper(struct sleeper *s)
{
	pthread_join(s->thread, NULL);
	umod_task_put(s->task);
}

static void wake_up_process_ends_sleep(void **state)
{
	struct sleeper s = { .state = TASK_UNINTERRUPTIBLE, .timeout = 2500 };
	uint64_t start = now_ms();

	start_sleeper(&s);
	assert_int_equal(wake_up_process(&s.task->task), 1);
	pthread_join(s.thread, NULL);
	assert_true(s.ret > 2000 && s.ret < 2500);
	assert_true(now_ms() - start < 2000);
	/* a running task is not woken again */
	assert_int_equal(wake_up_process(&s.task->task), 0);
	umod_task_put(s.task);
}

/* MAX_JIFFY_OFFSET, as msecs_to_jiffies() gives for a huge count: sleeps until woken */
static void huge_timeout_until_woken(void **state)
{
	long huge = (long)((~0UL >> 1) >> 1) - 1;
	struct sleeper s = { .state = TASK_INTERRUPTIBLE, .timeout = huge };

	start_sleeper(&s);
	assert_int_equal(s.ret, 0);	/* still asleep */
	assert_int_equal(wake_up_process(&s.task->task), 1);
	end_sleeper(&s);
	assert_true(s.ret > huge - 250 && s.ret <= huge);
}

static void signal_spares_uninterruptible(void **state)
{
	struct sleeper s = { .state = TASK_UNINTERRUPTIBLE, .timeout = 25 };

	start_sleeper(&s);
	umod_task_signal(s.task);
	assert_true(umod_task_fatal_pending(s.task));
	end_sleeper(&s);
	assert_int_equal(s.ret, 0);	/* slept its 100 ms out */
}

/* ---- wait queues ------------------------------------------------------------ */

static void wait_timeout_values(void **state)
{
	struct umod_task *t = become_task("waiter");
	struct wait_queue_head wq;
	atomic_int cond = 0;

	init_waitqueue_head(&wq, "wq", NULL);
	assert_int_equal(wait_cond_timeout(&wq, &cond, TASK_UNINTERRUPTIBLE, 5), 0);
	assert_true(wq.head.next == &wq.head);	/* finish_wait() dequeued us */
	atomic_store(&cond, 1);
	assert_int_equal(wait_cond_timeout(&wq, &cond, TASK_UNINTERRUPTIBLE, 5), 5);
	/* true as the time runs out: at least 1 */
	assert_int_equal(wait_cond_timeout(&wq, &cond, TASK_UNINTERRUPTIBLE, 0), 1);
	stop_being_task(t);
}

static void wake_up_ends_wait(void **state)
{
	struct wait_queue_head wq;
	atomic_int cond = 0;
	struct sleeper s = { .wq = &wq, .cond = &cond, .state = TASK_INTERRUPTIBLE,
			     .timeout = 2500 };

	init_waitqueue_head(&wq, "wq", NULL);
	start_sleeper(&s);
	/* a wake without the condition: it goes back to sleep */
	wake_up(&wq, TASK_NORMAL, 1, NULL);
	usleep(20000);
	atomic_store(&cond, 1);
	wake_up(&wq, TASK_INTERRUPTIBLE, 1, NULL);
	end_sleeper(&s);
	assert_true(s.ret > 2000 && s.ret <= 2500);
	assert_true(wq.head.next == &wq.head);
}

static void signal_ends_interruptible_wait(void **state)
{
	struct wait_queue_head wq;
	atomic_int cond = 0;
	struct sleeper s = { .wq = &wq, .cond = &cond, .state = TASK_INTERRUPTIBLE,
			     .timeout = 2500 };
	struct sleeper k = { .wq = &wq, .cond = &cond, .state = TASK_KILLABLE,
			     .timeout = 2500 };
	uint64_t start = now_ms();

	init_waitqueue_head(&wq, "wq", NULL);
	start_sleeper(&s);
	start_sleeper(&k);
	umod_task_signal(s.task);
	umod_task_signal(k.task);
	end_sleeper(&s);
	end_sleeper(&k);
	assert_int_equal(s.ret, -ERESTARTSYS);
	assert_int_equal(k.ret, -ERESTARTSYS);
	assert_true(now_ms() - start < 2000);
	assert_true(wq.head.next == &wq.head);
}

static void wake_up_one_exclusive(void **state)
{
	struct wait_queue_head wq;
	struct wait_queue_entry e1, e2;
	struct umod_task *t = become_task("waker");
	struct umod_task *a, *b;

	assert_int_equal(umod_task_new(&a, "a", true), 0);
	assert_int_equal(umod_task_new(&b, "b", true), 0);
	init_waitqueue_head(&wq, "wq", NULL);
	init_wait_entry(&e1, WQ_FLAG_EXCLUSIVE);
	init_wait_entry(&e2, WQ_FLAG_EXCLUSIVE);
	e1.private = &a->task;
	e2.private = &b->task;
	a->task.__state = b->task.__state = TASK_UNINTERRUPTIBLE;
	/* queued by hand: prepare_to_wait_event() would set our own state */
	e1.entry.next = &e2.entry;
	e1.entry.prev = &wq.head;
	e2.entry.next = &wq.head;
	e2.entry.prev = &e1.entry;
	wq.head.next = &e1.entry;
	wq.head.prev = &e2.entry;

	/* 6.1's __wake_up() returns the exclusive waiters it woke */
	assert_int_equal(wake_up(&wq, TASK_NORMAL, 1, NULL), 1);
	assert_int_equal(a->task.__state, TASK_RUNNING);
	assert_int_equal(b->task.__state, TASK_UNINTERRUPTIBLE);
	assert_true(wq.head.next == &e2.entry);		/* autoremoved */
	/* wake_up_interruptible() leaves an uninterruptible sleeper alone */
	assert_int_equal(wake_up(&wq, TASK_INTERRUPTIBLE, 0, NULL), 0);
	assert_int_equal(b->task.__state, TASK_UNINTERRUPTIBLE);
	assert_int_equal(wake_up(&wq, TASK_NORMAL, 0, NULL), 1);	/* wake_up_all() */
	assert_int_equal(b->task.__state, TASK_RUNNING);
	assert_true(wq.head.next == &wq.head);
	umod_task_put(a);
	umod_task_put(b);
	stop_being_task(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(timeout_runs_out),
		cmocka_unit_test(wake_up_process_ends_sleep),
		cmocka_unit_test(huge_timeout_until_woken),
		cmocka_unit_test(signal_spares_uninterruptible),
		cmocka_unit_test(wait_timeout_values),
		cmocka_unit_test(wake_up_ends_wait),
		cmocka_unit_test(signal_ends_interruptible_wait),
		cmocka_unit_test(wake_up_one_exclusive),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
