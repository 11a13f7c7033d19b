// SPDX-License-Identifier: GPL-2.0
/* A KUnit suite of 20 small passing cases, for the kunit benchmark. */
#include <kunit/test.h>

static void bench_case(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, 64, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	strscpy(buf, "kunit", 64);
	KUNIT_EXPECT_STREQ(test, buf, "kunit");
	KUNIT_EXPECT_EQ(test, strlen(buf), 5);
}

#define C(n)	{ .run_case = bench_case, .name = "bench_case_" #n }

static struct kunit_case bench_cases[] = {
	C(1), C(2), C(3), C(4), C(5), C(6), C(7), C(8), C(9), C(10),
	C(11), C(12), C(13), C(14), C(15), C(16), C(17), C(18), C(19), C(20),
	{}
};

static struct kunit_suite bench_suite = {
	.name = "bench",
	.test_cases = bench_cases,
};

kunit_test_suite(bench_suite);

MODULE_LICENSE("GPL");
