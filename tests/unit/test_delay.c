// SPDX-License-Identifier: MIT
/*
 * kernel/sched/delay.c through its exports: msleep() sleeps at least
 * its time (whole jiffies, as the kernel's), msleep_interruptible()
 * returns the milliseconds left when a signal ends it, usleep_range()
 * sleeps its minimum, and udelay() spins its time.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "kernel/kapi.h"
#include "kernel/sched/sched.h"

#include "kapi_lookup.h"
#include "task_thread.h"

static void (*msleep)(unsigned int);
static unsigned long (*msleep_interruptible)(unsigned int);
static void (*usleep_range_state)(unsigned long, unsigned long, unsigned int);
static void (*udelay)(unsigned long);
static void (*const_udelay)(unsigned long);

static int setup(void **state)
{
	msleep = kapi_in(&umod_kapi_delay, "msleep");
	msleep_interruptible = kapi_in(&umod_kapi_delay, "msleep_interruptible");
	usleep_range_state = kapi_in(&umod_kapi_delay, "usleep_range_state");
	udelay = kapi_in(&umod_kapi_delay, "__udelay");
	const_udelay = kapi_in(&umod_kapi_delay, "__const_udelay");
	return !(msleep && msleep_interruptible && usleep_range_state && udelay && const_udelay);
}

static void sleeps_its_time(void **state)
{
	uint64_t t0 = test_now_ms();

	msleep(30);
	assert_true(test_now_ms() - t0 >= 30);
	t0 = test_now_ms();
	usleep_range_state(10000, 20000, 0x2);
	assert_true(test_now_ms() - t0 >= 10);
	t0 = test_now_ms();
	udelay(5000);
	assert_true(test_now_ms() - t0 >= 5);
	/* 6.1's udelay(5000) of a constant: 5000 * 0x10c7 in 2^-32 s units */
	t0 = test_now_ms();
	const_udelay(5000 * 0x10c7ul);
	assert_true(test_now_ms() - t0 >= 5);
	assert_int_equal(msleep_interruptible(8), 0);
	assert_int_equal(umod_task_fast()->task.__state, 0);
}

static long sleep_long(void *arg)
{
	return (long)msleep_interruptible(2000);
}

static long sleep_long_uninterruptible(void *arg)
{
	uint64_t t0 = test_now_ms();

	msleep(100);
	return (long)(test_now_ms() - t0);
}

static void signal_ends_interruptible_only(void **state)
{
	struct task_thread a, b;
	long left;

	assert_int_equal(task_thread_start(&a, sleep_long, NULL, 0), 0);
	assert_int_equal(task_thread_start(&b, sleep_long_uninterruptible, NULL, 20), 0);
	umod_task_signal(a.task);
	umod_task_signal(b.task);
	left = task_thread_join(&a);
	assert_true(left > 1500 && left <= 2004);
	assert_true(task_thread_join(&b) >= 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sleeps_its_time),
		cmocka_unit_test(signal_ends_interruptible_only),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
