// SPDX-License-Identifier: MIT
/*
 * kernel/time/jiffies.c: the exported variable (jiffies and jiffies_64 at
 * one address) is current when the tick is taken, moves 250 times a
 * second while it is held, stands still once the last holder lets go,
 * and the count starts at INITIAL_JIFFIES.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <time.h>

#include <cmocka.h>

#include "kernel/module/module.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"
#include "kernel/time/timekeeping.h"
#include "kernel/printk/internal.h"
#include "fs/internal.h"
#include "kapi_lookup.h"

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };

	while (nanosleep(&ts, &ts))
		;
}

static void test_one_variable(void **state)
{
	void *j = kapi_in(&umod_kapi_jiffies, "jiffies");

	assert_non_null(j);
	assert_ptr_equal(j, kapi_in(&umod_kapi_jiffies, "jiffies_64"));
	assert_true(umod_is_jiffies((uintptr_t)j));
}

static void test_ticks_while_held(void **state)
{
	volatile uint64_t *j = kapi_in(&umod_kapi_jiffies, "jiffies");
	uint64_t a, b;

	uint64_t before = umod_jiffies64();

	umod_jiffies_tick_get();	/* stores the count at once */
	umod_jiffies_tick_get();	/* a second module */
	a = *j;
	assert_true(a >= before && a <= umod_jiffies64());
	/* 25 ticks are 100 ms; however busy the machine, within 2 s */
	for (int i = 0; i < 200 && *j < a + 25; i++)
		sleep_ms(10);
	b = *j;
	assert_true(b >= a + 25);
	umod_jiffies_tick_put();
	for (int i = 0; i < 200 && *j == b; i++)
		sleep_ms(10);
	assert_true(*j > b);		/* one holder left: still ticking */
	umod_jiffies_tick_put();
	a = *j;
	sleep_ms(40);
	assert_int_equal(*j, a);	/* nobody reads it: no tick */
	assert_true(umod_jiffies64() >= a + 8);
}

static void test_initial(void **state)
{
	/* a fresh process counts from INITIAL_JIFFIES: 32-bit wrap 5 minutes in */
	assert_true(umod_jiffies64() >= UMOD_INITIAL_JIFFIES);
	assert_true(umod_jiffies64() - UMOD_INITIAL_JIFFIES < 300 * UMOD_HZ);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_variable),
		cmocka_unit_test(test_ticks_while_held),
		cmocka_unit_test(test_initial),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
