// SPDX-License-Identifier: GPL-2.0
/* The control: kzalloc() in a case is the test's own to free. */
#include <kunit/test.h>

static void leaky_case(struct kunit *test)
{
	KUNIT_EXPECT_NOT_NULL(test, kzalloc(48, GFP_KERNEL));
}

static struct kunit_case leaky_cases[] = {
	KUNIT_CASE(leaky_case),
	{}
};

static struct kunit_suite leaky_suite = {
	.name = "leaky",
	.test_cases = leaky_cases,
};

kunit_test_suite(leaky_suite);

MODULE_LICENSE("GPL");
