// SPDX-License-Identifier: MIT
/*
 * kernel/kunit/assert.c: the wording of failed checks, as 6.1's
 * lib/kunit/assert.c: a value whose source text is that value is not
 * repeated; pointers and strings; the not-error check; the _MSG line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/kapi.h"
#include "kernel/kunit/kunit.h"

#include "kapi_lookup.h"

#include <umod/kabi/kunit.h>

struct va_format {
	const char *fmt;
	va_list *va;
};

/* the text one of the exported format functions makes of @a */
static char *format(const char *fn, const struct kunit_assert *a, const struct va_format *msg)
{
	assert_format_t f = (assert_format_t)kapi_in(&umod_kapi_kunit_assert, fn);
	struct string_stream s = { 0 };

	assert_non_null(f);
	f(a, msg, &s);
	assert_non_null(s.buf);
	return s.buf;
}

static void literals(void **state)
{
	assert_true(umod_kunit_is_literal("3", 3));
	assert_true(umod_kunit_is_literal("-12", -12));
	assert_false(umod_kunit_is_literal("a", 3));
	assert_false(umod_kunit_is_literal("03", 3));
	assert_true(umod_kunit_is_str_literal("\"abc\"", "abc"));
	assert_false(umod_kunit_is_str_literal("\"abc\"", "abd"));
	assert_false(umod_kunit_is_str_literal("s", "s"));
	assert_false(umod_kunit_is_str_literal("\"", ""));
}

static void binary_int(void **state)
{
	static const struct kunit_binary_assert_text t = { "==", "a", "3" };
	struct kunit_binary_assert a = { .text = &t, .left_value = 1, .right_value = 3 };
	char *s = format("kunit_binary_assert_format", &a.assert, NULL);

	assert_string_equal(s, "    Expected a == 3, but\n        a == 1 (0x1)\n");
	free(s);
	a.left_value = -1;
	s = format("kunit_binary_assert_format", &a.assert, NULL);
	assert_string_equal(s, "    Expected a == 3, but\n        a == -1 (0xffffffffffffffff)\n");
	free(s);
}

static char *with_msg(const char *fn, const struct kunit_assert *a, const char *fmt, ...)
{
	va_list ap;
	struct va_format msg = { .fmt = fmt, .va = &ap };
	char *s;

	va_start(ap, fmt);
	s = format(fn, a, &msg);
	va_end(ap);
	return s;
}

static void strings_and_msg(void **state)
{
	static const struct kunit_binary_assert_text t = { "==", "s", "\"right\"" };
	struct kunit_binary_str_assert a = { .text = &t, .left_value = "left",
					     .right_value = "right" };
	char *s = with_msg("kunit_binary_str_assert_format", &a.assert, "n=%d", 5);

	assert_string_equal(s, "    Expected s == \"right\", but\n"
			       "        s == \"left\"\n        n=5\n");
	free(s);
}

static void unary_and_not_err(void **state)
{
	struct kunit_unary_assert u = { .condition = "x > y", .expected_true = 0 };
	struct kunit_ptr_not_err_assert e = { .text = "p", .value = (void *)(intptr_t)-12 };
	char *s = format("kunit_unary_assert_format", &u.assert, NULL);

	assert_string_equal(s, "    Expected x > y to be false, but is true\n");
	free(s);
	s = format("kunit_ptr_not_err_assert_format", &e.assert, NULL);
	assert_string_equal(s, "    Expected p is not error, but is: -12\n");
	free(s);
	e.value = NULL;
	s = format("kunit_ptr_not_err_assert_format", &e.assert, NULL);
	assert_string_equal(s, "    Expected p is not null, but is\n");
	free(s);
}

static void pointers(void **state)
{
	static const struct kunit_binary_assert_text t = { "==", "p", "NULL" };
	struct kunit_binary_ptr_assert a = { .text = &t, .left_value = (void *)0x1000,
					     .right_value = NULL };
	char *s = format("kunit_binary_ptr_assert_format", &a.assert, NULL);

	assert_string_equal(s, "    Expected p == NULL, but\n"
			       "        p == 0000000000001000\n"
			       "        NULL == 0000000000000000\n");
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(literals),
		cmocka_unit_test(binary_int),
		cmocka_unit_test(strings_and_msg),
		cmocka_unit_test(unary_and_not_err),
		cmocka_unit_test(pointers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
