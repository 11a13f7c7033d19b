// SPDX-License-Identifier: MIT
/*
 * lib/math/div64.c: iter_div_u64_rem() leaves the 64-bit remainder and
 * counts the quotient in 32 bits, as the time code relies on;
 * mul_u64_u64_div_u64() (exported where it is not inline) keeps the
 * whole 128-bit product.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

typedef uint32_t (*iter_div_fn)(uint64_t, uint32_t, uint64_t *);

static void iter_div_keeps_remainder(void **state)
{
	iter_div_fn f = KAPI_FN(&umod_kapi_div64, "iter_div_u64_rem", iter_div_fn);
	uint64_t rem;

	assert_non_null(f);
	/* 3.7 s of nanoseconds: 3 seconds, 700 ms left over */
	assert_int_equal(f(3700000000ull, 1000000000u, &rem), 3);
	assert_int_equal(rem, 700000000ull);
	assert_int_equal(f(5, 7, &rem), 0);
	assert_int_equal(rem, 5);
	assert_int_equal(f(14, 7, &rem), 2);
	assert_int_equal(rem, 0);
	/* a divisor of 1 counts every unit: the quotient is 32 bits wide */
	assert_int_equal(f(100000, 1, &rem), 100000);
}

#ifndef __x86_64__
typedef uint64_t (*mul_div_fn)(uint64_t, uint64_t, uint64_t);

static void mul_div_uses_the_whole_product(void **state)
{
	mul_div_fn f = KAPI_FN(&umod_kapi_div64, "mul_u64_u64_div_u64", mul_div_fn);

	/* the product needs 65 bits, the quotient 64 */
	assert_int_equal(f(1ull << 62, 6, 3), 1ull << 63);
	assert_int_equal(f(~0ull, ~0ull, ~0ull), ~0ull);
	assert_int_equal(f(1000000007ull, 1ull << 40, 1ull << 20), 1000000007ull << 20);
}
#endif

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(iter_div_keeps_remainder),
#ifndef __x86_64__
		cmocka_unit_test(mul_div_uses_the_whole_product),
#endif
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
