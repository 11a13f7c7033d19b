/* SPDX-License-Identifier: MIT */
/*
 * What a failed expectation or assertion tells the runner, as Linux 6.1's
 * <kunit/assert.h>: the values and the source text of the check, and the
 * host's function that words the message (kernel/kunit/assert.c).
 */
#ifndef _KUNIT_ASSERT_H
#define _KUNIT_ASSERT_H

#include <linux/printk.h>
#include <linux/types.h>
#include <umod/kabi/kunit.h>
#include <linux/err.h>

#define KUNIT_INIT_UNARY_ASSERT_STRUCT(cond, expect_true)		\
	{ .condition = cond, .expected_true = expect_true }

#define KUNIT_INIT_PTR_NOT_ERR_STRUCT(txt, val)	{ .text = txt, .value = val }

#define KUNIT_INIT_BINARY_ASSERT_STRUCT(text_, left_val, right_val)	\
	{ .text = text_, .left_value = left_val, .right_value = right_val }

void kunit_fail_assert_format(const struct kunit_assert *assert,
			      const struct va_format *message,
			      struct string_stream *stream);
void kunit_unary_assert_format(const struct kunit_assert *assert,
			       const struct va_format *message,
			       struct string_stream *stream);
void kunit_ptr_not_err_assert_format(const struct kunit_assert *assert,
				     const struct va_format *message,
				     struct string_stream *stream);
void kunit_binary_assert_format(const struct kunit_assert *assert,
				const struct va_format *message,
				struct string_stream *stream);
void kunit_binary_ptr_assert_format(const struct kunit_assert *assert,
				    const struct va_format *message,
				    struct string_stream *stream);
void kunit_binary_str_assert_format(const struct kunit_assert *assert,
				    const struct va_format *message,
				    struct string_stream *stream);

#endif /* _KUNIT_ASSERT_H */
