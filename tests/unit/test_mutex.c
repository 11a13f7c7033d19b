// SPDX-License-Identifier: MIT
/*
 * kernel/locking/mutex.c through its exports: mutual exclusion among
 * tasks that sleep for it, mutex_trylock() under contention, and the
 * interruptible and killable forms returning -EINTR on a signal.
 */
#include <errno.h>
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

static void (*mutex_init)(struct mutex *, const char *, void *);
static void (*mutex_lock)(struct mutex *);
static int (*mutex_lock_interruptible)(struct mutex *);
static int (*mutex_lock_killable)(struct mutex *);
static int (*mutex_trylock)(struct mutex *);
static void (*mutex_unlock)(struct mutex *);

static int setup(void **state)
{
	const struct umod_kapi_table *m = &umod_kapi_mutex;

	mutex_init = kapi_in(m, "__mutex_init");
	mutex_lock = kapi_in(m, "mutex_lock");
	mutex_lock_interruptible = kapi_in(m, "mutex_lock_interruptible");
	mutex_lock_killable = kapi_in(m, "mutex_lock_killable");
	mutex_trylock = kapi_in(m, "mutex_trylock");
	mutex_unlock = kapi_in(m, "mutex_unlock");
	return !(mutex_init && mutex_lock && mutex_lock_interruptible && mutex_lock_killable &&
		 mutex_trylock && mutex_unlock);
}

#define ROUNDS	20000

static struct mutex counter_mutex;
static long counter;
static atomic_long tries_failed;

static long count_body(void *arg)
{
	for (int i = 0; i < ROUNDS; i++) {
		if (arg && !mutex_trylock(&counter_mutex)) {
			atomic_fetch_add(&tries_failed, 1);
			mutex_lock(&counter_mutex);
		} else if (!arg) {
			mutex_lock(&counter_mutex);
		}
		counter++;
		if (i % 512 == 0)
			sched_yield();	/* let the others contend */
		mutex_unlock(&counter_mutex);
	}
	return 0;
}

static void excludes_and_trylock_contends(void **state)
{
	struct task_thread tt[4];

	mutex_init(&counter_mutex, "m", NULL);
	for (int i = 0; i < 4; i++)
		assert_int_equal(task_thread_start(&tt[i], count_body, i & 1 ? &tt : NULL, 0), 0);
	for (int i = 0; i < 4; i++)
		task_thread_join(&tt[i]);
	assert_int_equal(counter, 4L * ROUNDS);
	assert_int_equal(counter_mutex.owner, 0);
	assert_true(counter_mutex.wait.head.next == &counter_mutex.wait.head);
}

static long try_once(void *m)
{
	return mutex_trylock(m);
}

static long lock_interruptible(void *m)
{
	long ret = mutex_lock_interruptible(m);

	if (!ret)
		mutex_unlock(m);
	return ret;
}

static long lock_killable(void *m)
{
	long ret = mutex_lock_killable(m);

	if (!ret)
		mutex_unlock(m);
	return ret;
}

static long lock_plain(void *m)
{
	mutex_lock(m);
	mutex_unlock(m);
	return 1;
}

static void trylock_and_signals(void **state)
{
	struct umod_task *me;
	struct task_thread a, b, c;
	struct mutex m;

	assert_int_equal(umod_task_new(&me, "owner", true), 0);
	umod_task_set_current(me);
	mutex_init(&m, "m", NULL);
	mutex_lock(&m);
	assert_int_equal(m.owner, (unsigned long)&me->task);
	assert_int_equal(mutex_trylock(&m), 0);
	assert_int_equal(task_thread_start(&a, try_once, &m, 0), 0);
	assert_int_equal(task_thread_join(&a), 0);

	assert_int_equal(task_thread_start(&a, lock_interruptible, &m, 0), 0);
	assert_int_equal(task_thread_start(&b, lock_killable, &m, 0), 0);
	assert_int_equal(task_thread_start(&c, lock_plain, &m, 20), 0);
	umod_task_signal(a.task);
	umod_task_signal(b.task);
	umod_task_signal(c.task);	/* an uninterruptible wait goes on */
	assert_int_equal(task_thread_join(&a), -EINTR);
	assert_int_equal(task_thread_join(&b), -EINTR);
	mutex_unlock(&m);
	assert_int_equal(task_thread_join(&c), 1);
	assert_int_equal(m.owner, 0);
	umod_task_set_current(NULL);
	umod_task_put(me);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(excludes_and_trylock_contends),
		cmocka_unit_test(trylock_and_signals),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
