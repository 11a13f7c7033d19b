// SPDX-License-Identifier: MIT
/*
 * lib/linear_ranges.c: a regulator's three ranges (as 6.1's KUnit test
 * builds them, one of step 0), selectors to values and back, rounding
 * down and up, the ends of each range.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <umod/kabi/linear_range.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

#define T	(&umod_kapi_linear_ranges)

typedef unsigned int (*count_fn)(const struct linear_range *);
typedef unsigned int (*count_array_fn)(const struct linear_range *, int);
typedef int (*value_fn)(const struct linear_range *, unsigned int, unsigned int *);
typedef int (*value_array_fn)(const struct linear_range *, int, unsigned int, unsigned int *);
typedef int (*sel_fn)(const struct linear_range *, unsigned int, unsigned int *, bool *);
typedef int (*sel_array_fn)(const struct linear_range *, int, unsigned int, unsigned int *,
			    bool *);
typedef void (*within_fn)(const struct linear_range *, unsigned int, unsigned int *);

/* 1000..1100 by 10 on 2..12, 1200 flat on 13..15, 1300..1450 by 50 on 16..19 */
static const struct linear_range ranges[] = {
	{ .min = 1000, .min_sel = 2, .max_sel = 12, .step = 10 },
	{ .min = 1200, .min_sel = 13, .max_sel = 15, .step = 0 },
	{ .min = 1300, .min_sel = 16, .max_sel = 19, .step = 50 },
};

static void counts_and_values(void **state)
{
	count_fn in_range = KAPI_FN(T, "linear_range_values_in_range", count_fn);
	count_array_fn in_array = KAPI_FN(T, "linear_range_values_in_range_array",
					  count_array_fn);
	count_fn max = KAPI_FN(T, "linear_range_get_max_value", count_fn);
	value_fn value = KAPI_FN(T, "linear_range_get_value", value_fn);
	value_array_fn value_array = KAPI_FN(T, "linear_range_get_value_array", value_array_fn);
	unsigned int v = 0;

	assert_int_equal(in_range(&ranges[0]), 11);
	assert_int_equal(in_range(&ranges[1]), 3);
	assert_int_equal(in_range(NULL), 0);
	assert_int_equal(in_array(ranges, 3), 18);
	assert_int_equal(max(&ranges[0]), 1100);
	assert_int_equal(max(&ranges[1]), 1200);
	assert_int_equal(value(&ranges[0], 2, &v), 0);
	assert_int_equal(v, 1000);
	assert_int_equal(value(&ranges[0], 12, &v), 0);
	assert_int_equal(v, 1100);
	assert_int_equal(value(&ranges[0], 1, &v), -EINVAL);
	assert_int_equal(value(&ranges[0], 13, &v), -EINVAL);
	assert_int_equal(value_array(ranges, 3, 14, &v), 0);
	assert_int_equal(v, 1200);
	assert_int_equal(value_array(ranges, 3, 18, &v), 0);
	assert_int_equal(v, 1400);
	assert_int_equal(value_array(ranges, 3, 20, &v), -EINVAL);
	assert_int_equal(value_array(ranges, 3, 0, &v), -EINVAL);
}

static void selectors(void **state)
{
	sel_fn low = KAPI_FN(T, "linear_range_get_selector_low", sel_fn);
	sel_fn high = KAPI_FN(T, "linear_range_get_selector_high", sel_fn);
	sel_array_fn low_array = KAPI_FN(T, "linear_range_get_selector_low_array", sel_array_fn);
	within_fn within = KAPI_FN(T, "linear_range_get_selector_within", within_fn);
	unsigned int sel = 0;
	bool found = true;

	/* 1015 lies between selectors 3 (1010) and 4 (1020) */
	assert_int_equal(low(&ranges[0], 1015, &sel, &found), 0);
	assert_true(found);
	assert_int_equal(sel, 3);
	assert_int_equal(high(&ranges[0], 1015, &sel, &found), 0);
	assert_true(found);
	assert_int_equal(sel, 4);
	/* below a range: low refuses, high gives its first selector, not found */
	assert_int_equal(low(&ranges[0], 999, &sel, &found), -EINVAL);
	assert_false(found);
	assert_int_equal(high(&ranges[0], 999, &sel, &found), 0);
	assert_false(found);
	assert_int_equal(sel, 2);
	/* above: low gives its last selector, not found; high refuses */
	assert_int_equal(low(&ranges[0], 1150, &sel, &found), 0);
	assert_false(found);
	assert_int_equal(sel, 12);
	assert_int_equal(high(&ranges[0], 1150, &sel, &found), -EINVAL);
	/* step 0: low takes the first selector of the value, high the last */
	assert_int_equal(low(&ranges[1], 1200, &sel, &found), 0);
	assert_int_equal(sel, 13);
	assert_int_equal(high(&ranges[1], 1200, &sel, &found), 0);
	assert_int_equal(sel, 15);
	/* the array: the range holding the value wins; between ranges, the last below */
	assert_int_equal(low_array(ranges, 3, 1325, &sel, &found), 0);
	assert_true(found);
	assert_int_equal(sel, 16);
	assert_int_equal(low_array(ranges, 3, 1250, &sel, &found), 0);
	assert_false(found);
	assert_int_equal(sel, 15);
	assert_int_equal(low_array(ranges, 3, 900, &sel, &found), -EINVAL);
	within(&ranges[2], 100, &sel);
	assert_int_equal(sel, 16);
	within(&ranges[2], 5000, &sel);
	assert_int_equal(sel, 19);
	within(&ranges[2], 1399, &sel);
	assert_int_equal(sel, 17);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counts_and_values),
		cmocka_unit_test(selectors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
