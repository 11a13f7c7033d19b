// SPDX-License-Identifier: MIT
/*
 * kernel/kthread.c through its exported functions, with host-owned
 * threads (no owner module): the thread's task is named by the format,
 * kthread_stop() returns threadfn's result for a running thread and for
 * one that already ended, and -EINTR without running threadfn for one
 * never woken, as Linux; umod_for_each_kthread() lists a thread from its
 * start to its end, with its pid (the thread id), name and state letter.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <umod/kabi.h>
#include <umod/umod.h>

#include "kernel/kapi.h"
#include "kernel/sched/sched.h"

#include "kapi_lookup.h"

static struct task_struct *(*kthread_create)(int (*)(void *), void *, int, const char *, ...);
static int (*kthread_stop)(struct task_struct *);
static bool (*kthread_should_stop)(void);
static int (*wake_up_process)(struct task_struct *);

static int setup(void **state)
{
	(void)state;
	kthread_create = kapi_in(&umod_kapi_kthread, "kthread_create_on_node");
	kthread_stop = kapi_in(&umod_kapi_kthread, "kthread_stop");
	kthread_should_stop = kapi_in(&umod_kapi_kthread, "kthread_should_stop");
	wake_up_process = kapi_in(&umod_kapi_sched, "wake_up_process");
	return !(kthread_create && kthread_stop && kthread_should_stop && wake_up_process);
}

static atomic_int ran;
static char seen_comm[16];

static int quick_fn(void *data)
{
	snprintf(seen_comm, sizeof(seen_comm), "%s", umod_task_current()->task.comm);
	atomic_store(&ran, 1);
	return (int)(intptr_t)data;
}

/* ended by itself before kthread_stop(): its result all the same */
static void test_stop_exited(void **state)
{
	struct task_struct *k;

	(void)state;
	atomic_store(&ran, 0);
	k = kthread_create(quick_fn, (void *)42, -1, "quick/%d", 3);
	assert_false((uintptr_t)k >= (uintptr_t)-4095);
	assert_string_equal(k->comm, "quick/3");
	assert_true(k->flags & UMOD_PF_KTHREAD);
	usleep(20 * 1000);
	assert_int_equal(atomic_load(&ran), 0);	/* sleeps until woken */
	wake_up_process(k);
	for (int i = 0; i < 2000 && !atomic_load(&ran); i++)
		usleep(1000);
	usleep(20 * 1000);
	assert_string_equal(seen_comm, "quick/3");
	assert_int_equal(kthread_stop(k), 42);
}

/* never woken: threadfn does not run, kthread_stop() says -EINTR */
static void test_stop_never_woken(void **state)
{
	struct task_struct *k;

	(void)state;
	atomic_store(&ran, 0);
	k = kthread_create(quick_fn, (void *)42, -1, "never");
	assert_int_equal(kthread_stop(k), -EINTR);
	assert_int_equal(atomic_load(&ran), 0);
}

static int loop_fn(void *data)
{
	int n = 0;

	(void)data;
	while (!kthread_should_stop()) {
		usleep(1000);
		n++;
	}
	return n > 0 ? 7 : -1;
}

/* a running thread sees kthread_should_stop() and ends with its result */
static void test_stop_running(void **state)
{
	struct task_struct *k;

	(void)state;
	k = kthread_create(loop_fn, NULL, -1, "looper");
	wake_up_process(k);
	usleep(20 * 1000);
	assert_int_equal(kthread_stop(k), 7);
}

struct seen {
	int pid;
	char comm[16];
	char state;
	unsigned int flags;
	int count;
};

static int look(void *data, struct umod_task *t)
{
	struct seen *s = data;

	if (strcmp(umod_task_get_comm(t), "listed"))
		return 0;
	s->pid = umod_task_get_pid(t);
	s->state = umod_task_get_state(t);
	s->flags = umod_task_get_flags(t);
	s->count++;
	return 0;
}

static int stop_fn(void *data)
{
	(void)data;
	while (!kthread_should_stop())
		usleep(1000);
	return 0;
}

static void test_listed_while_running(void **state)
{
	struct task_struct *k;
	struct seen s = { 0 };

	(void)state;
	assert_int_equal(umod_for_each_kthread(NULL, NULL), -EINVAL);
	k = kthread_create(stop_fn, NULL, -1, "listed");
	/* created, never woken: TASK_UNINTERRUPTIBLE, "D" as Linux shows it */
	for (int i = 0; i < 2000 && !s.count; i++) {
		umod_for_each_kthread(look, &s);
		usleep(1000);
	}
	assert_int_equal(s.count, 1);
	assert_int_equal(s.state, 'D');
	assert_int_equal(s.pid, k->pid);
	assert_true(s.pid > 0 && s.pid != getpid());
	assert_true(s.flags & UMOD_PF_KTHREAD);
	wake_up_process(k);
	usleep(20 * 1000);
	s.count = 0;
	umod_for_each_kthread(look, &s);
	assert_int_equal(s.count, 1);
	assert_int_equal(s.state, 'R');
	assert_int_equal(kthread_stop(k), 0);
	s.count = 0;
	umod_for_each_kthread(look, &s);
	assert_int_equal(s.count, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_listed_while_running),
		cmocka_unit_test(test_stop_exited),
		cmocka_unit_test(test_stop_never_woken),
		cmocka_unit_test(test_stop_running),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
