// SPDX-License-Identifier: GPL-2.0
/* Per-case state from kunit_kzalloc() in the suite's init: freed by KUnit. */
#include <kunit/test.h>

struct ctx {
	int calls;
	char *buf;
};

static int suite_runs;

static int alloc_suite_init(struct kunit_suite *suite)
{
	suite_runs++;
	return 0;
}

static void alloc_suite_exit(struct kunit_suite *suite)
{
	pr_info("alloc_test: suite_exit after %d suite_init\n", suite_runs);
}

static int alloc_init(struct kunit *test)
{
	struct ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	if (!c)
		return -ENOMEM;
	c->buf = kunit_kmalloc(test, 64, GFP_KERNEL);
	test->priv = c;
	return 0;
}

static void alloc_exit(struct kunit *test)
{
	struct ctx *c = test->priv;

	KUNIT_EXPECT_EQ(test, c->calls, 1);
}

static void alloc_zeroed(struct kunit *test)
{
	struct ctx *c = test->priv;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, c->buf);
	KUNIT_EXPECT_EQ(test, c->calls, 0);
	c->calls++;
}

static void alloc_and_free(struct kunit *test)
{
	struct ctx *c = test->priv;
	int *v = kunit_kcalloc(test, 16, sizeof(*v), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, v);
	KUNIT_EXPECT_EQ(test, v[15], 0);
	kunit_kfree(test, v);
	c->calls++;
}

/* as in Linux, the suites run while the module's __init code is there */
static int __init init_add(int x, int y)
{
	return x + y;
}

static void alloc_calls_init_code(struct kunit *test)
{
	struct ctx *c = test->priv;

	KUNIT_EXPECT_EQ(test, init_add(1, 2), 3);
	c->calls++;
}

static struct kunit_case alloc_cases[] = {
	KUNIT_CASE(alloc_zeroed),
	KUNIT_CASE(alloc_and_free),
	KUNIT_CASE(alloc_calls_init_code),
	{}
};

static struct kunit_suite alloc_suite = {
	.name = "alloc",
	.suite_init = alloc_suite_init,
	.suite_exit = alloc_suite_exit,
	.init = alloc_init,
	.exit = alloc_exit,
	.test_cases = alloc_cases,
};

kunit_test_suite(alloc_suite);

MODULE_LICENSE("GPL");
