// SPDX-License-Identifier: MIT
/*
 * kernel/locking/mutex.c through its exports: mutual exclusion among
 * tasks that sleep for it, mutex_trylock() under contention, and the
 * interruptible and killable forms returning -EINTR on a signal; the
 * wound/wait mutexes: -EALREADY, and two contexts taking two locks in
 * opposite orders under wait-die (the younger dies at once) and
 * wound-wait (the older wounds the younger, which backs off when it next
 * meets contention), each ending with both contexts through.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <umod/kabi/mutex.h>
#include <umod/kabi/ww_mutex.h>

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
static bool (*mutex_is_locked)(struct mutex *);

static int setup(void **state)
{
	const struct umod_kapi_table *m = &umod_kapi_mutex;

	mutex_init = kapi_in(m, "__mutex_init");
	mutex_lock = kapi_in(m, "mutex_lock");
	mutex_lock_interruptible = kapi_in(m, "mutex_lock_interruptible");
	mutex_lock_killable = kapi_in(m, "mutex_lock_killable");
	mutex_trylock = kapi_in(m, "mutex_trylock");
	mutex_unlock = kapi_in(m, "mutex_unlock");
	mutex_is_locked = kapi_in(m, "mutex_is_locked");
	return !mutex_is_locked || !(mutex_init && mutex_lock && mutex_lock_interruptible && mutex_lock_killable &&
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

/*
 * A mutex as 6.1's DEFINE_MUTEX() initialises it (wait_list pointing at
 * itself, by 6.1's names) is the host's wait queue: it locks, and
 * mutex_is_locked() says so.
 */
static void static_6_1_initializer(void **state)
{
	static struct mutex m = {
		.owner = 0,
		.wait_list = { &m.wait_list, &m.wait_list },
	};

	assert_int_equal(offsetof(struct mutex, wait_lock), 8);
	assert_int_equal(offsetof(struct mutex, osq), 12);
	assert_int_equal(offsetof(struct mutex, wait_list), 16);
	assert_ptr_equal(&m.wait.head, &m.wait_list);
	assert_false(mutex_is_locked(&m));
	mutex_lock(&m);
	assert_true(mutex_is_locked(&m));
	assert_int_equal(mutex_trylock(&m), 0);
	mutex_unlock(&m);
	assert_false(mutex_is_locked(&m));
}

/* ---- wound/wait ------------------------------------------------------------ */

static int (*ww_lock)(struct ww_mutex *, struct ww_acquire_ctx *);
static int (*ww_trylock)(struct ww_mutex *, struct ww_acquire_ctx *);
static void (*ww_unlock)(struct ww_mutex *);

static struct ww_mutex l1, l2;
static atomic_int step;

struct ww_side {
	unsigned long stamp;
	int wait_die;
	struct ww_mutex *first, *second;
	int first_step, second_step;	/* take first at step first_step, second at second_step */
	int got_second, got_slow;
};

static void wait_step(int n)
{
	while (atomic_load(&step) < n)
		usleep(1000);
}

/*
 * Takes @first, lets the other side take its lock, then asks for
 * @second: on -EDEADLK it backs off (drops @first), takes @second with
 * lock_slow and then @first again, as the kernel's documentation says.
 */
static long ww_side_body(void *arg)
{
	struct ww_side *s = arg;
	struct ww_acquire_ctx ctx = {
		.task = &umod_task_current()->task, .stamp = s->stamp,
		.is_wait_die = (unsigned short)s->wait_die,
	};

	wait_step(s->first_step);
	assert_int_equal(ww_lock(s->first, &ctx), 0);
	atomic_fetch_add(&step, 1);
	wait_step(s->second_step);
	s->got_second = ww_lock(s->second, &ctx);
	if (s->got_second == -EDEADLK) {
		ww_unlock(s->first);
		s->got_slow = ww_lock(s->second, &ctx);
		assert_int_equal(ww_lock(s->first, &ctx), 0);
	}
	assert_int_equal(ctx.acquired, 2);
	ww_unlock(s->second);
	ww_unlock(s->first);
	assert_int_equal(ctx.acquired, 0);
	return 0;
}

static void ww_round(int wait_die, int *older_got, int *younger_got, int *younger_slow)
{
	struct ww_side older = { 1, wait_die, &l1, &l2, 0, 2, 0, 0 };
	struct ww_side younger = { 2, wait_die, &l2, &l1, 1, 2, 0, 0 };
	struct task_thread a, b;

	mutex_init(&l1.base, "l1", NULL);
	mutex_init(&l2.base, "l2", NULL);
	l1.ctx = l2.ctx = NULL;
	atomic_store(&step, 0);
	assert_int_equal(task_thread_start(&a, ww_side_body, &older, 0), 0);
	assert_int_equal(task_thread_start(&b, ww_side_body, &younger, 0), 0);
	task_thread_join(&a);
	task_thread_join(&b);
	*older_got = older.got_second;
	*younger_got = younger.got_second;
	*younger_slow = younger.got_slow;
	assert_int_equal(l1.base.owner, 0);
	assert_int_equal(l2.base.owner, 0);
}

static void ww_wait_die_and_wound_wait(void **state)
{
	int older, younger, slow;

	ww_lock = kapi_in(&umod_kapi_mutex, "ww_mutex_lock");
	ww_trylock = kapi_in(&umod_kapi_mutex, "ww_mutex_trylock");
	ww_unlock = kapi_in(&umod_kapi_mutex, "ww_mutex_unlock");
	/* wait-die: the younger, asking for the older's lock, dies; the older waits */
	ww_round(1, &older, &younger, &slow);
	assert_int_equal(older, 0);
	assert_int_equal(younger, -EDEADLK);
	assert_int_equal(slow, 0);
	/* wound-wait: the older wounds the younger, which backs off all the same */
	ww_round(0, &older, &younger, &slow);
	assert_int_equal(older, 0);
	assert_int_equal(younger, -EDEADLK);
	assert_int_equal(slow, 0);
}

static long ww_alone(void *arg)
{
	struct ww_acquire_ctx ctx = { .task = &umod_task_current()->task, .stamp = 7 };

	mutex_init(&l1.base, "l1", NULL);
	l1.ctx = NULL;
	assert_int_equal(ww_lock(&l1, &ctx), 0);
	assert_int_equal(ww_lock(&l1, &ctx), -EALREADY);
	assert_int_equal(ww_trylock(&l1, &ctx), 0);
	ww_unlock(&l1);
	assert_int_equal(ww_trylock(&l1, &ctx), 1);
	assert_ptr_equal(l1.ctx, &ctx);
	ww_unlock(&l1);
	/* no context: a plain mutex */
	assert_int_equal(ww_lock(&l1, NULL), 0);
	assert_null(l1.ctx);
	ww_unlock(&l1);
	return 0;
}

static void ww_one_context(void **state)
{
	struct task_thread a;

	ww_lock = kapi_in(&umod_kapi_mutex, "ww_mutex_lock");
	ww_trylock = kapi_in(&umod_kapi_mutex, "ww_mutex_trylock");
	ww_unlock = kapi_in(&umod_kapi_mutex, "ww_mutex_unlock");
	assert_int_equal(task_thread_start(&a, ww_alone, NULL, 0), 0);
	task_thread_join(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(excludes_and_trylock_contends),
		cmocka_unit_test(trylock_and_signals),
		cmocka_unit_test(static_6_1_initializer),
		cmocka_unit_test(ww_one_context),
		cmocka_unit_test(ww_wait_die_and_wound_wait),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
