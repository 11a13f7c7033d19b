// SPDX-License-Identifier: MIT
/* util/array.c: growth by doubling, no change while there is room, overflow refused. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "util/array.h"

static void grows(void **state)
{
	int *v = NULL;
	unsigned int cap = 0;

	for (unsigned int i = 0; i < 1000; i++) {
		assert_int_equal(umod_array_reserve(&v, &cap, i, sizeof(*v)), 0);
		assert_true(cap > i);
		v[i] = (int)i;
	}
	assert_int_equal(cap, 1024);
	for (unsigned int i = 0; i < 1000; i++)
		assert_int_equal(v[i], (int)i);
	/* room left: nothing moves */
	int *before = v;

	assert_int_equal(umod_array_reserve(&v, &cap, 1000, sizeof(*v)), 0);
	assert_ptr_equal(v, before);
	free(v);
}

static void overflow(void **state)
{
	char *v = NULL;
	unsigned int cap = 1u << 31;

	/* doubling would wrap: refused, the array untouched */
	assert_int_equal(umod_array_reserve(&v, &cap, cap, 1), -ENOMEM);
	assert_null(v);
	assert_int_equal(cap, 1u << 31);
	cap = 8;
	assert_int_equal(umod_array_reserve(&v, &cap, 8, SIZE_MAX / 8), -ENOMEM);
	assert_int_equal(cap, 8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(grows),
		cmocka_unit_test(overflow),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
