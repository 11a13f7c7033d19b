// SPDX-License-Identifier: MIT
/*
 * lib/idr.c: idr_alloc() hands out the lowest free id in [start, end),
 * -ENOSPC when full; find/remove/replace; cyclic allocation goes on from
 * the last id and wraps; iteration skips NULL entries; the table is
 * freed with the last id (idr_is_empty); ida ranges and reuse.
 */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "lib/klib.h"

static int a, b, c;

static void alloc_find_remove(void **state)
{
	struct idr idr = { 0 };

	assert_int_equal(umod_idr_alloc(&idr, &a, 0, 0, 0), 0);
	assert_int_equal(umod_idr_alloc(&idr, &b, 0, 0, 0), 1);
	assert_int_equal(umod_idr_alloc(&idr, &c, 10, 0, 0), 10);
	assert_ptr_equal(umod_idr_find(&idr, 1), &b);
	assert_null(umod_idr_find(&idr, 2));
	assert_ptr_equal(umod_idr_remove(&idr, 0), &a);
	assert_null(umod_idr_remove(&idr, 0));
	/* the lowest free id again */
	assert_int_equal(umod_idr_alloc(&idr, &a, 0, 0, 0), 0);
	/* [start, end): full, then an error */
	assert_int_equal(umod_idr_alloc(&idr, &a, 10, 12, 0), 11);
	assert_int_equal(umod_idr_alloc(&idr, &a, 10, 12, 0), -ENOSPC);
	assert_int_equal(umod_idr_alloc(&idr, &a, -1, 0, 0), -EINVAL);
	assert_int_equal(umod_idr_alloc(&idr, &a, INT_MAX, 0, 0), INT_MAX);
	assert_int_equal(umod_idr_alloc(&idr, &a, INT_MAX, 0, 0), -ENOSPC);
	assert_non_null(idr.idr_rt);
	umod_idr_destroy(&idr);
	assert_null(idr.idr_rt);
}

/* the lowest free id is found by a binary search over runs: holes anywhere */
static void holes_in_long_runs(void **state)
{
	struct idr idr = { 0 };

	for (int i = 0; i < 1000; i++)
		assert_int_equal(umod_idr_alloc(&idr, &a, 0, 0, 0), i);
	umod_idr_remove(&idr, 500);
	umod_idr_remove(&idr, 1);
	assert_int_equal(umod_idr_alloc(&idr, &b, 0, 0, 0), 1);
	assert_int_equal(umod_idr_alloc(&idr, &b, 0, 0, 0), 500);
	assert_int_equal(umod_idr_alloc(&idr, &b, 0, 0, 0), 1000);
	assert_int_equal(umod_idr_alloc(&idr, &b, 2000, 0, 0), 2000);
	assert_int_equal(umod_idr_alloc(&idr, &b, 999, 0, 0), 1001);
	assert_int_equal(umod_idr_alloc(&idr, &b, 0, 1002, 0), -ENOSPC);
	assert_ptr_equal(umod_idr_find(&idr, 500), &b);
	umod_idr_destroy(&idr);
}

static void cyclic_wraps(void **state)
{
	struct idr idr = { 0 };

	assert_int_equal(umod_idr_alloc_cyclic(&idr, &a, 1, 4, 0), 1);
	assert_int_equal(umod_idr_alloc_cyclic(&idr, &a, 1, 4, 0), 2);
	umod_idr_remove(&idr, 1);
	/* goes on after 2 rather than reusing 1 */
	assert_int_equal(umod_idr_alloc_cyclic(&idr, &a, 1, 4, 0), 3);
	/* the end reached: wraps to the start */
	assert_int_equal(umod_idr_alloc_cyclic(&idr, &a, 1, 4, 0), 1);
	assert_int_equal(umod_idr_alloc_cyclic(&idr, &a, 1, 4, 0), -ENOSPC);
	umod_idr_destroy(&idr);
}

static void iteration_and_emptiness(void **state)
{
	struct idr idr = { 0 };
	int id = 0, n = 0;
	void *p;

	assert_int_equal(umod_idr_alloc(&idr, &a, 5, 0, 0), 5);
	assert_int_equal(umod_idr_alloc(&idr, NULL, 6, 0, 0), 6);	/* reserved */
	assert_int_equal(umod_idr_alloc(&idr, &c, 9, 0, 0), 9);
	for (id = 0; (p = umod_idr_get_next(&idr, &id)); id++) {
		assert_true(id == 5 || id == 9);
		n++;
	}
	assert_int_equal(n, 2);
	umod_idr_remove(&idr, 5);
	umod_idr_remove(&idr, 6);
	assert_non_null(idr.idr_rt);
	umod_idr_remove(&idr, 9);
	/* the last id gone: the table too */
	assert_null(idr.idr_rt);
}

static void base_is_a_minimum(void **state)
{
	struct idr idr = { .idr_base = 1 };
	uint32_t next = 0;

	assert_int_equal(umod_idr_alloc(&idr, &a, 0, 0, 0), 1);
	assert_int_equal(umod_idr_alloc_u32(&idr, &b, &next, 100, 0), 0);
	assert_int_equal(next, 2);
	umod_idr_destroy(&idr);
}

static void ida_ranges(void **state)
{
	struct ida ida = { { 0 } };

	assert_int_equal(umod_ida_alloc_range(&ida, 0, ~0u, 0), 0);
	assert_int_equal(umod_ida_alloc_range(&ida, 0, ~0u, 0), 1);
	assert_int_equal(umod_ida_alloc_range(&ida, 5, 6, 0), 5);
	assert_int_equal(umod_ida_alloc_range(&ida, 5, 6, 0), 6);
	assert_int_equal(umod_ida_alloc_range(&ida, 5, 6, 0), -ENOSPC);
	assert_int_equal(umod_ida_alloc_range(&ida, 0x80000000u, ~0u, 0), -ENOSPC);
	umod_ida_free(&ida, 0);
	assert_int_equal(umod_ida_alloc_range(&ida, 0, ~0u, 0), 0);
	/* freeing an id never allocated only warns (no host: silent here) */
	umod_ida_free(&ida, 40);
	umod_idr_destroy(&ida.idr);
	assert_null(ida.idr.idr_rt);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(alloc_find_remove),
		cmocka_unit_test(holes_in_long_runs),
		cmocka_unit_test(cyclic_wraps),
		cmocka_unit_test(iteration_and_emptiness),
		cmocka_unit_test(base_is_a_minimum),
		cmocka_unit_test(ida_ranges),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
