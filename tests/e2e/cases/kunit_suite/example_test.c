// SPDX-License-Identifier: GPL-2.0
/* A KUnit test module as written for Linux 6.1. */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/slab.h>

static void example_pass(struct kunit *test)
{
	int a = 2;

	KUNIT_EXPECT_EQ(test, 1 + 1, a);
	KUNIT_EXPECT_STREQ(test, "abc", "abc");
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, test);
	kunit_info(test, "all good\n");
}

static void example_fail(struct kunit *test)
{
	int a = 1, b = 2;
	const char *s = "left";

	KUNIT_EXPECT_EQ(test, a, b);
	KUNIT_EXPECT_EQ_MSG(test, a, 3, "a is %d", a);
	KUNIT_EXPECT_STREQ(test, s, "right");
	KUNIT_EXPECT_TRUE(test, a > b);
	KUNIT_EXPECT_NULL(test, ERR_PTR(-ENOMEM) ? NULL : s);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, ERR_PTR(-ENOMEM));
}

static void example_assert(struct kunit *test)
{
	int *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_GT(test, *p, 0);
	kunit_err(test, "not reached: the assertion ended the case\n");
}

static void example_skip(struct kunit *test)
{
	kunit_skip(test, "no hardware here");
	kunit_err(test, "not reached: kunit_skip() ended the case\n");
}

static void example_fault(struct kunit *test)
{
	int *volatile p = NULL;

	*p = 1;
}

static void example_mark_skipped(struct kunit *test)
{
	kunit_mark_skipped(test, "marked, went on");
	KUNIT_EXPECT_LE(test, 1, 2);
}

struct square { int in, out; };

static const struct square squares[] = { { 1, 1 }, { 2, 4 }, { 3, 10 } };

static void square_desc(const struct square *t, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%d squared", t->in);
}

KUNIT_ARRAY_PARAM(square, squares, square_desc);

static void example_params(struct kunit *test)
{
	const struct square *t = test->param_value;

	KUNIT_EXPECT_EQ(test, t->in * t->in, t->out);
}

static struct kunit_case example_cases[] = {
	KUNIT_CASE(example_pass),
	KUNIT_CASE(example_fail),
	KUNIT_CASE(example_assert),
	KUNIT_CASE(example_skip),
	KUNIT_CASE(example_fault),
	KUNIT_CASE(example_mark_skipped),
	KUNIT_CASE_PARAM(example_params, square_gen_params),
	KUNIT_CASE(example_pass),
	{}
};

static struct kunit_suite example_suite = {
	.name = "example",
	.test_cases = example_cases,
};

kunit_test_suite(example_suite);

MODULE_LICENSE("GPL");
