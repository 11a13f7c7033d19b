// SPDX-License-Identifier: GPL-2.0
/* A case that never ends: it sleeps in a loop for good. */
#include <kunit/test.h>
#include <linux/delay.h>

static void never_ends(struct kunit *test)
{
	kunit_info(test, "sleeping for good");
	for (;;)
		msleep(100);
}

static struct kunit_case never_cases[] = {
	KUNIT_CASE(never_ends),
	{}
};

static struct kunit_suite never_suite = {
	.name = "never",
	.test_cases = never_cases,
};

kunit_test_suites(&never_suite);

MODULE_LICENSE("GPL");
