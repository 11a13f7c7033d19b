// SPDX-License-Identifier: MIT
/*
 * kernel/locking/semaphore.c through its exports: counting semaphores
 * (down_trylock()'s inverted result, down_timeout()'s -ETIME,
 * down_interruptible()'s -EINTR, up() handing the count to a sleeper)
 * and reader-writer semaphores (readers share, a writer waits for them,
 * downgrade_write() lets readers in).
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

static void (*init_wq)(struct wait_queue_head *, const char *, void *);
static void (*down)(struct semaphore *);
static int (*down_interruptible)(struct semaphore *);
static int (*down_trylock)(struct semaphore *);
static int (*down_timeout)(struct semaphore *, long);
static void (*up)(struct semaphore *);
static void (*init_rwsem)(struct rw_semaphore *, const char *, void *);
static void (*down_read)(struct rw_semaphore *);
static int (*down_read_trylock)(struct rw_semaphore *);
static void (*down_write)(struct rw_semaphore *);
static int (*down_write_trylock)(struct rw_semaphore *);
static void (*up_read)(struct rw_semaphore *);
static void (*up_write)(struct rw_semaphore *);
static void (*downgrade_write)(struct rw_semaphore *);

static int setup(void **state)
{
	const struct umod_kapi_table *s = &umod_kapi_semaphore;

	init_wq = kapi_in(&umod_kapi_wait, "__init_waitqueue_head");
	down = kapi_in(s, "down");
	down_interruptible = kapi_in(s, "down_interruptible");
	down_trylock = kapi_in(s, "down_trylock");
	down_timeout = kapi_in(s, "down_timeout");
	up = kapi_in(s, "up");
	init_rwsem = kapi_in(s, "__init_rwsem");
	down_read = kapi_in(s, "down_read");
	down_read_trylock = kapi_in(s, "down_read_trylock");
	down_write = kapi_in(s, "down_write");
	down_write_trylock = kapi_in(s, "down_write_trylock");
	up_read = kapi_in(s, "up_read");
	up_write = kapi_in(s, "up_write");
	downgrade_write = kapi_in(s, "downgrade_write");
	return !(init_wq && down && down_interruptible && down_trylock && down_timeout && up &&
		 init_rwsem && down_read && down_read_trylock && down_write &&
		 down_write_trylock && up_read && up_write && downgrade_write);
}

static long do_down(void *sem)
{
	down(sem);
	return 1;
}

static long do_down_interruptible(void *sem)
{
	return down_interruptible(sem);
}

static void counting(void **state)
{
	struct semaphore sem = { .count = 2 };
	struct task_thread a, b;
	uint64_t start;

	init_wq(&sem.wait, "sem", NULL);
	assert_int_equal(down_trylock(&sem), 0);
	down(&sem);
	assert_int_equal(sem.count, 0);
	assert_int_equal(down_trylock(&sem), 1);	/* 1: not taken */
	start = test_now_ms();
	assert_int_equal(down_timeout(&sem, 5), -ETIME);
	assert_true(test_now_ms() - start >= 16);	/* 5 jiffies from within one */

	assert_int_equal(task_thread_start(&a, do_down, &sem, 0), 0);
	assert_int_equal(task_thread_start(&b, do_down_interruptible, &sem, 20), 0);
	umod_task_signal(b.task);
	assert_int_equal(task_thread_join(&b), -EINTR);
	up(&sem);				/* to the sleeper in down() */
	assert_int_equal(task_thread_join(&a), 1);
	assert_int_equal(sem.count, 0);
	up(&sem);
	up(&sem);
	assert_int_equal(down_timeout(&sem, 5), 0);
	assert_int_equal(sem.count, 1);
}

static atomic_int writer_in;

static long do_write(void *sem)
{
	down_write(sem);
	atomic_store(&writer_in, 1);
	up_write(sem);
	return 1;
}

static long do_read(void *sem)
{
	down_read(sem);
	up_read(sem);
	return 1;
}

static void readers_and_writers(void **state)
{
	struct rw_semaphore sem;
	struct task_thread w, r;

	init_rwsem(&sem, "sem", NULL);
	down_read(&sem);
	assert_int_equal(down_read_trylock(&sem), 1);
	assert_int_equal(sem.count, 2);
	assert_int_equal(down_write_trylock(&sem), 0);
	assert_int_equal(task_thread_start(&w, do_write, &sem, 20), 0);
	up_read(&sem);
	usleep(20000);
	assert_int_equal(atomic_load(&writer_in), 0);	/* one reader still in */
	up_read(&sem);
	assert_int_equal(task_thread_join(&w), 1);
	assert_int_equal(atomic_load(&writer_in), 1);
	assert_int_equal(sem.count, 0);

	down_write(&sem);
	assert_int_equal(down_read_trylock(&sem), 0);
	assert_int_equal(task_thread_start(&r, do_read, &sem, 20), 0);
	downgrade_write(&sem);			/* the reader may come in now */
	assert_int_equal(task_thread_join(&r), 1);
	assert_int_equal(sem.count, 1);
	assert_int_equal(down_write_trylock(&sem), 0);
	up_read(&sem);
	assert_int_equal(down_write_trylock(&sem), 1);
	up_write(&sem);
	assert_int_equal(sem.count, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counting),
		cmocka_unit_test(readers_and_writers),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
