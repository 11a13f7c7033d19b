/* SPDX-License-Identifier: MIT */
/*
 * KUnit, as Linux 6.1's <kunit/test.h>: suites of cases, expectations and
 * assertions. The module declares its suites in .kunit_test_suites; the
 * umod loader runs them after the module's init (kernel/kunit/test.c),
 * each case on its own thread, printing KTAP to the kernel log.
 */
#ifndef _KUNIT_TEST_H
#define _KUNIT_TEST_H

#include <linux/array_size.h>
#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/err.h>
#include <linux/gfp.h>
#include <linux/init.h>
#include <linux/kconfig.h>
#include <linux/kern_levels.h>
#include <linux/kernel.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/stdarg.h>
#include <linux/string.h>
#include <linux/types.h>
#include <kunit/assert.h>

#define KUNIT_SUBTEST_INDENT		"    "
#define KUNIT_SUBSUBTEST_INDENT		"        "

#define KUNIT_CASE(test_name) { .run_case = test_name, .name = #test_name }
#define KUNIT_CASE_PARAM(test_name, gen_params)				\
	{ .run_case = test_name, .name = #test_name,			\
	  .generate_params = gen_params }

/* as 6.1: pointers to the module's suites, run by the loader after init */
#define __kunit_suites_name(n)	__KUNIT_PASTE(__kunit_suites_, n)
#define __KUNIT_PASTE_(a, b)		a##b
#define __KUNIT_PASTE(a, b)		__KUNIT_PASTE_(a, b)
#define kunit_test_suites(__suites...)					\
	static struct kunit_suite *__kunit_suites_name(__LINE__)[]	\
	__attribute__((__used__, __section__(".kunit_test_suites"),	\
		       __aligned__(sizeof(struct kunit_suite *)))) = { __suites }
#define kunit_test_suite(suite)		kunit_test_suites(&suite)
#define kunit_test_init_section_suites(__suites...) kunit_test_suites(__suites)
#define kunit_test_init_section_suite(suite) kunit_test_suites(&suite)

void *kunit_kmalloc_array(struct kunit *test, size_t n, size_t size, gfp_t gfp);
void kunit_kfree(struct kunit *test, const void *ptr);

static inline void *kunit_kmalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	return kunit_kmalloc_array(test, 1, size, gfp);
}

static inline void *kunit_kzalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	return kunit_kmalloc(test, size, gfp | __GFP_ZERO);
}

static inline void *kunit_kcalloc(struct kunit *test, size_t n, size_t size, gfp_t gfp)
{
	return kunit_kmalloc_array(test, n, size, gfp | __GFP_ZERO);
}

void __printf(2, 3) kunit_log_append(char *log, const char *fmt, ...);

/* to the runner's copy (umod kunit's output), and to the kernel log; the
 * copy first, so that umod kunit knows the record for a KTAP line */
#define kunit_log(lvl, test_or_suite, fmt, ...)				\
	do {								\
		kunit_log_append((test_or_suite)->log, fmt "\n",	\
				 ##__VA_ARGS__);			\
		printk(lvl fmt, ##__VA_ARGS__);				\
	} while (0)
#define kunit_printk(lvl, test, fmt, ...)				\
	kunit_log(lvl, test, KUNIT_SUBTEST_INDENT "# %s: " fmt,		\
		  (test)->name, ##__VA_ARGS__)
#define kunit_info(test, fmt, ...)	kunit_printk(KERN_INFO, test, fmt, ##__VA_ARGS__)
#define kunit_warn(test, fmt, ...)	kunit_printk(KERN_WARNING, test, fmt, ##__VA_ARGS__)
#define kunit_err(test, fmt, ...)	kunit_printk(KERN_ERR, test, fmt, ##__VA_ARGS__)

/* the case is skipped (its status; the case goes on) */
#define kunit_mark_skipped(test, fmt, ...)				\
	do {								\
		(test)->status = KUNIT_SKIPPED;				\
		snprintf((test)->status_comment, KUNIT_STATUS_COMMENT_SIZE, \
			 fmt, ##__VA_ARGS__);				\
	} while (0)
/* ... and ends here */
#define kunit_skip(test, fmt, ...)					\
	do {								\
		kunit_mark_skipped((test), fmt, ##__VA_ARGS__);		\
		__kunit_abort(test);					\
	} while (0)

void __printf(6, 7) __kunit_do_failed_assertion(struct kunit *test,
		const struct kunit_loc *loc, enum kunit_assert_type type,
		const struct kunit_assert *assert, assert_format_t assert_format,
		const char *fmt, ...);
void __noreturn __kunit_abort(struct kunit *test);

#define KUNIT_CURRENT_LOC	{ .file = __FILE__, .line = __LINE__ }

#define _KUNIT_FAILED(test, assert_type, assert_class, assert_format, INITIALIZER, fmt, ...) \
	do {								\
		static const struct kunit_loc __loc = KUNIT_CURRENT_LOC; \
		const struct assert_class __assertion = INITIALIZER;	\
		__kunit_do_failed_assertion(test, &__loc, assert_type,	\
					    &__assertion.assert,	\
					    assert_format, fmt, ##__VA_ARGS__); \
		if (assert_type == KUNIT_ASSERTION)			\
			__kunit_abort(test);				\
	} while (0)

#define KUNIT_FAIL_ASSERTION(test, assert_type, fmt, ...)		\
	_KUNIT_FAILED(test, assert_type, kunit_fail_assert,		\
		      kunit_fail_assert_format, {}, fmt, ##__VA_ARGS__)

#define KUNIT_FAIL(test, fmt, ...)					\
	KUNIT_FAIL_ASSERTION(test, KUNIT_EXPECTATION, fmt, ##__VA_ARGS__)

#define KUNIT_UNARY_ASSERTION(test, assert_type, condition_, expected_true_, fmt, ...) \
	do {								\
		if (likely(!!(condition_) == !!expected_true_))		\
			break;						\
		_KUNIT_FAILED(test, assert_type, kunit_unary_assert,	\
			      kunit_unary_assert_format,		\
			      KUNIT_INIT_UNARY_ASSERT_STRUCT(#condition_, expected_true_), \
			      fmt, ##__VA_ARGS__);			\
	} while (0)

#define KUNIT_TRUE_MSG_ASSERTION(test, assert_type, condition, fmt, ...) \
	KUNIT_UNARY_ASSERTION(test, assert_type, condition, true, fmt, ##__VA_ARGS__)
#define KUNIT_FALSE_MSG_ASSERTION(test, assert_type, condition, fmt, ...) \
	KUNIT_UNARY_ASSERTION(test, assert_type, condition, false, fmt, ##__VA_ARGS__)

/* left op right with their values, for the message: evaluated once */
#define KUNIT_BASE_BINARY_ASSERTION(test, assert_class, format_func, assert_type, \
				    left, op, right, fmt, ...)		\
	do {								\
		const typeof(left) __left = (left);			\
		const typeof(right) __right = (right);			\
		static const struct kunit_binary_assert_text __text = {	\
			.operation = #op, .left_text = #left,		\
			.right_text = #right,				\
		};							\
		if (likely(__left op __right))				\
			break;						\
		_KUNIT_FAILED(test, assert_type, assert_class, format_func, \
			      KUNIT_INIT_BINARY_ASSERT_STRUCT(&__text, __left, __right), \
			      fmt, ##__VA_ARGS__);			\
	} while (0)

#define KUNIT_BINARY_INT_ASSERTION(test, assert_type, left, op, right, fmt, ...) \
	KUNIT_BASE_BINARY_ASSERTION(test, kunit_binary_assert,		\
				    kunit_binary_assert_format, assert_type, \
				    left, op, right, fmt, ##__VA_ARGS__)
#define KUNIT_BINARY_PTR_ASSERTION(test, assert_type, left, op, right, fmt, ...) \
	KUNIT_BASE_BINARY_ASSERTION(test, kunit_binary_ptr_assert,	\
				    kunit_binary_ptr_assert_format, assert_type, \
				    left, op, right, fmt, ##__VA_ARGS__)

#define KUNIT_BINARY_STR_ASSERTION(test, assert_type, left, op, right, fmt, ...) \
	do {								\
		const char *__left = (left);				\
		const char *__right = (right);				\
		static const struct kunit_binary_assert_text __text = {	\
			.operation = #op, .left_text = #left,		\
			.right_text = #right,				\
		};							\
		if (likely(strcmp(__left, __right) op 0))		\
			break;						\
		_KUNIT_FAILED(test, assert_type, kunit_binary_str_assert, \
			      kunit_binary_str_assert_format,		\
			      KUNIT_INIT_BINARY_ASSERT_STRUCT(&__text, __left, __right), \
			      fmt, ##__VA_ARGS__);			\
	} while (0)

#define KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, assert_type, ptr, fmt, ...) \
	do {								\
		const typeof(ptr) __ptr = (ptr);			\
		if (!IS_ERR_OR_NULL(__ptr))				\
			break;						\
		_KUNIT_FAILED(test, assert_type, kunit_ptr_not_err_assert, \
			      kunit_ptr_not_err_assert_format,		\
			      KUNIT_INIT_PTR_NOT_ERR_STRUCT(#ptr, __ptr), \
			      fmt, ##__VA_ARGS__);			\
	} while (0)

/* the families: EXPECT goes on after a failure, ASSERT ends the case */
#define KUNIT_EXPECT_TRUE(test, c)	KUNIT_EXPECT_TRUE_MSG(test, c, NULL)
#define KUNIT_EXPECT_TRUE_MSG(test, c, fmt, ...) \
	KUNIT_TRUE_MSG_ASSERTION(test, KUNIT_EXPECTATION, c, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_FALSE(test, c)	KUNIT_EXPECT_FALSE_MSG(test, c, NULL)
#define KUNIT_EXPECT_FALSE_MSG(test, c, fmt, ...) \
	KUNIT_FALSE_MSG_ASSERTION(test, KUNIT_EXPECTATION, c, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_TRUE(test, c)	KUNIT_ASSERT_TRUE_MSG(test, c, NULL)
#define KUNIT_ASSERT_TRUE_MSG(test, c, fmt, ...) \
	KUNIT_TRUE_MSG_ASSERTION(test, KUNIT_ASSERTION, c, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_FALSE(test, c)	KUNIT_ASSERT_FALSE_MSG(test, c, NULL)
#define KUNIT_ASSERT_FALSE_MSG(test, c, fmt, ...) \
	KUNIT_FALSE_MSG_ASSERTION(test, KUNIT_ASSERTION, c, fmt, ##__VA_ARGS__)


#define KUNIT_EXPECT_EQ_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, l, ==, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NE_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, l, !=, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_LT_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, l, <, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_LE_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, l, <=, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_GT_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, l, >, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_GE_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, l, >=, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_PTR_EQ_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, l, ==, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_PTR_NE_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, l, !=, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_STREQ_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_EXPECTATION, l, ==, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_STRNEQ_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_EXPECTATION, l, !=, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NULL_MSG(test, p, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, p, ==, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NOT_NULL_MSG(test, p, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, p, !=, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG(test, p, fmt, ...) \
	KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, KUNIT_EXPECTATION, p, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_ERR_OR_NULL_MSG(test, p, fmt, ...) \
	KUNIT_TRUE_MSG_ASSERTION(test, KUNIT_EXPECTATION, IS_ERR_OR_NULL(p), fmt, ##__VA_ARGS__)

#define KUNIT_ASSERT_EQ_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, l, ==, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NE_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, l, !=, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_LT_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, l, <, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_LE_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, l, <=, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_GT_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, l, >, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_GE_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, l, >=, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_PTR_EQ_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, l, ==, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_PTR_NE_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, l, !=, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_STREQ_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_ASSERTION, l, ==, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_STRNEQ_MSG(test, l, r, fmt, ...) \
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_ASSERTION, l, !=, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NULL_MSG(test, p, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, p, ==, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NOT_NULL_MSG(test, p, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, p, !=, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, p, fmt, ...) \
	KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, KUNIT_ASSERTION, p, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_ERR_OR_NULL_MSG(test, p, fmt, ...) \
	KUNIT_TRUE_MSG_ASSERTION(test, KUNIT_ASSERTION, IS_ERR_OR_NULL(p), fmt, ##__VA_ARGS__)

#define KUNIT_EXPECT_EQ(test, l, r)	KUNIT_EXPECT_EQ_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_NE(test, l, r)	KUNIT_EXPECT_NE_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_LT(test, l, r)	KUNIT_EXPECT_LT_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_LE(test, l, r)	KUNIT_EXPECT_LE_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_GT(test, l, r)	KUNIT_EXPECT_GT_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_GE(test, l, r)	KUNIT_EXPECT_GE_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_PTR_EQ(test, l, r)	KUNIT_EXPECT_PTR_EQ_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_PTR_NE(test, l, r)	KUNIT_EXPECT_PTR_NE_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_STREQ(test, l, r)	KUNIT_EXPECT_STREQ_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_STRNEQ(test, l, r)	KUNIT_EXPECT_STRNEQ_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_NULL(test, p)	KUNIT_EXPECT_NULL_MSG(test, p, NULL)
#define KUNIT_EXPECT_NOT_NULL(test, p)	KUNIT_EXPECT_NOT_NULL_MSG(test, p, NULL)
#define KUNIT_EXPECT_NOT_ERR_OR_NULL(test, p) KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG(test, p, NULL)
#define KUNIT_EXPECT_ERR_OR_NULL(test, p) KUNIT_EXPECT_ERR_OR_NULL_MSG(test, p, NULL)
#define KUNIT_ASSERT_EQ(test, l, r)	KUNIT_ASSERT_EQ_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_NE(test, l, r)	KUNIT_ASSERT_NE_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_LT(test, l, r)	KUNIT_ASSERT_LT_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_LE(test, l, r)	KUNIT_ASSERT_LE_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_GT(test, l, r)	KUNIT_ASSERT_GT_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_GE(test, l, r)	KUNIT_ASSERT_GE_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_PTR_EQ(test, l, r)	KUNIT_ASSERT_PTR_EQ_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_PTR_NE(test, l, r)	KUNIT_ASSERT_PTR_NE_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_STREQ(test, l, r)	KUNIT_ASSERT_STREQ_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_STRNEQ(test, l, r)	KUNIT_ASSERT_STRNEQ_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_NULL(test, p)	KUNIT_ASSERT_NULL_MSG(test, p, NULL)
#define KUNIT_ASSERT_NOT_NULL(test, p)	KUNIT_ASSERT_NOT_NULL_MSG(test, p, NULL)
#define KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p) KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, p, NULL)
#define KUNIT_ASSERT_ERR_OR_NULL(test, p) KUNIT_ASSERT_ERR_OR_NULL_MSG(test, p, NULL)

/* NAME_gen_params(): the elements of @array in turn, described by @get_desc */
#define KUNIT_ARRAY_PARAM(name, array, get_desc)			\
	static const void *name##_gen_params(const void *prev, char *desc) \
	{								\
		typeof((array)[0]) *__next = prev ?			\
			((typeof(__next))prev) + 1 : (array);		\
		void (*__get_desc)(typeof(__next), char *) = get_desc;	\
		if (__next - (array) < (long)ARRAY_SIZE(array)) {	\
			if (__get_desc)					\
				__get_desc(__next, desc);		\
			return __next;					\
		}							\
		return NULL;						\
	}

#endif /* _KUNIT_TEST_H */
