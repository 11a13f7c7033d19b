// SPDX-License-Identifier: GPL-2.0
/* A case that never ends in time, between two that do; <kunit/test.h>
 * brings <linux/module.h> and <linux/slab.h>, as 6.1's. */
#include <kunit/test.h>
#include <linux/delay.h>

static void slow_before(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, true);
}

static void slow_sleeps(struct kunit *test)
{
	msleep(3000);
}

static struct kunit_case slow_cases[] = {
	KUNIT_CASE(slow_before),
	KUNIT_CASE(slow_sleeps),
	KUNIT_CASE(slow_before),
	{}
};

static struct kunit_suite slow_suite = {
	.name = "slow",
	.test_cases = slow_cases,
};

kunit_test_suites(&slow_suite);

MODULE_LICENSE("GPL");
