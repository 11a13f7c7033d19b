// SPDX-License-Identifier: MIT
/* lib/memcat_p.c: two NULL-terminated arrays joined, in order, terminated */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"
#include "kernel/module/internal.h"
#include "mm/internal.h"

typedef void **(*memcat_fn)(void **, void **);

static void joined(void **state)
{
	memcat_fn f = KAPI_FN(&umod_kapi_memcat_p, "__memcat_p", memcat_fn);
	int x, y, z;
	void *a[] = { &x, &y, NULL }, *b[] = { &z, NULL }, *none[] = { NULL };
	void **r = f(a, b), **e;

	assert_non_null(r);
	assert_ptr_equal(r[0], &x);
	assert_ptr_equal(r[1], &y);
	assert_ptr_equal(r[2], &z);
	assert_null(r[3]);
	umod_kfree(r);
	e = f(none, none);
	assert_non_null(e);
	assert_null(e[0]);
	umod_kfree(e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(joined),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
