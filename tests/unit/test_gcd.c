// SPDX-License-Identifier: MIT
/* lib/math/gcd.c and lcm.c: zero operands, shared powers of two, big values */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

typedef unsigned long (*ul2_fn)(unsigned long, unsigned long);

static void gcd_cases(void **state)
{
	ul2_fn gcd = KAPI_FN(&umod_kapi_gcd, "gcd", ul2_fn);

	assert_int_equal(gcd(0, 0), 0);
	assert_int_equal(gcd(0, 12), 12);
	assert_int_equal(gcd(12, 0), 12);
	assert_int_equal(gcd(12, 18), 6);
	assert_int_equal(gcd(48, 64), 16);
	assert_int_equal(gcd(17, 5), 1);
	assert_int_equal(gcd(1ul << 63, 1ul << 40), 1ul << 40);
	assert_int_equal(gcd(~0ul, ~0ul - 1), 1);
	assert_int_equal(gcd(3ul * 1000000007, 5ul * 1000000007), 1000000007);
}

static void lcm_cases(void **state)
{
	ul2_fn lcm = KAPI_FN(&umod_kapi_lcm, "lcm", ul2_fn);
	ul2_fn lcm_nz = KAPI_FN(&umod_kapi_lcm, "lcm_not_zero", ul2_fn);

	assert_int_equal(lcm(4, 6), 12);
	assert_int_equal(lcm(0, 6), 0);
	assert_int_equal(lcm(6, 0), 0);
	assert_int_equal(lcm(7, 7), 7);
	/* divides before it multiplies: no overflow on the way */
	assert_int_equal(lcm(1ul << 62, 1ul << 61), 1ul << 62);
	assert_int_equal(lcm_nz(0, 6), 6);
	assert_int_equal(lcm_nz(6, 0), 6);
	assert_int_equal(lcm_nz(0, 0), 0);
	assert_int_equal(lcm_nz(4, 6), 12);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(gcd_cases),
		cmocka_unit_test(lcm_cases),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
