// SPDX-License-Identifier: MIT
/*
 * kernel/kunit/test.c, the parts that need no module: kunit_log_append()
 * feeds each non-empty line to the output sink (and nothing once it is
 * removed); a failed check marks the test failed; kunit_kmalloc_array()
 * outside a running case, or with n * size overflowing, gives NULL. The
 * runner itself runs in the e2e cases kunit_*.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/kapi.h"

#include "kapi_lookup.h"

#include <umod/kabi/kunit.h>
#include <umod/kunit.h>

static char got[8][64];
static int ngot;

static void sink(void *data, const char *line)
{
	if (ngot < 8)
		strncpy(got[ngot++], line, sizeof(got[0]) - 1);
}

static void log_append_lines(void **state)
{
	void (*append)(char *, const char *, ...) =
		kapi_in(&umod_kapi_kunit, "kunit_log_append");

	assert_non_null(append);
	ngot = 0;
	umod_kunit_set_output(sink, NULL);
	/* kunit_log() adds a newline to the caller's own: no empty line */
	append(NULL, "    # t: %s %d\n\n", "value", 7);
	append(NULL, "a\nb\n");
	umod_kunit_set_output(NULL, NULL);
	append(NULL, "lost\n");
	assert_int_equal(ngot, 3);
	assert_string_equal(got[0], "    # t: value 7");
	assert_string_equal(got[1], "a");
	assert_string_equal(got[2], "b");
}

static void failed_check_marks(void **state)
{
	void (*failed)(struct kunit *, const struct kunit_loc *, enum kunit_assert_type,
		     const struct kunit_assert *, assert_format_t, const char *, ...) =
		kapi_in(&umod_kapi_kunit, "__kunit_do_failed_assertion");
	assert_format_t fmt = kapi_in(&umod_kapi_kunit_assert, "kunit_fail_assert_format");
	static const struct kunit_loc loc = { .line = 1, .file = "t.c" };
	struct kunit_fail_assert a;
	struct kunit test = { .name = "t", .status = KUNIT_SUCCESS };

	assert_non_null(failed);
	failed(&test, &loc, KUNIT_EXPECTATION, &a.assert, fmt, "why %d", 1);
	assert_int_equal(test.status, KUNIT_FAILURE);
}

static void kmalloc_outside_case(void **state)
{
	void *(*km)(struct kunit *, size_t, size_t, unsigned int) =
		kapi_in(&umod_kapi_kunit, "kunit_kmalloc_array");
	struct kunit test = { .name = "t" };

	assert_non_null(km);
	assert_null(km(&test, 1, 8, 0));
	assert_null(km(&test, SIZE_MAX / 2, 4, 0));
}

static void filter_set_and_clear(void **state)
{
	assert_int_equal(umod_kunit_set_filter("suite.case*"), 0);
	assert_int_equal(umod_kunit_set_filter(NULL), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(log_append_lines),
		cmocka_unit_test(failed_check_marks),
		cmocka_unit_test(kmalloc_outside_case),
		cmocka_unit_test(filter_set_and_clear),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
