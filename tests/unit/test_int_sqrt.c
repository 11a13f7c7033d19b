// SPDX-License-Identifier: MIT
/* lib/math/int_sqrt.c and int_pow.c: floors at every perfect square, the extremes */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

typedef unsigned long (*sqrt_fn)(unsigned long);
typedef uint64_t (*pow_fn)(uint64_t, unsigned int);

static void sqrt_floors(void **state)
{
	sqrt_fn isqrt = KAPI_FN(&umod_kapi_int_sqrt, "int_sqrt", sqrt_fn);

	assert_int_equal(isqrt(0), 0);
	assert_int_equal(isqrt(1), 1);
	assert_int_equal(isqrt(2), 1);
	assert_int_equal(isqrt(3), 1);
	assert_int_equal(isqrt(4), 2);
	for (unsigned long r = 2; r < 70000; r += 7) {
		assert_int_equal(isqrt(r * r), r);
		assert_int_equal(isqrt(r * r - 1), r - 1);
		assert_int_equal(isqrt(r * r + 2 * r), r);
	}
	assert_int_equal(isqrt(~0ul), 0xfffffffful);
	assert_int_equal(isqrt(0xfffffffe00000001ul), 0xfffffffful);
	assert_int_equal(isqrt(0xfffffffe00000000ul), 0xfffffffeul);
}

static void pow_cases(void **state)
{
	pow_fn ipow = KAPI_FN(&umod_kapi_int_pow, "int_pow", pow_fn);

	assert_int_equal(ipow(0, 0), 1);
	assert_int_equal(ipow(7, 0), 1);
	assert_int_equal(ipow(0, 5), 0);
	assert_int_equal(ipow(2, 10), 1024);
	assert_int_equal(ipow(10, 19), 10000000000000000000ull);
	assert_int_equal(ipow(3, 40), 12157665459056928801ull);
	/* modulo 2^64 past that */
	assert_int_equal(ipow(2, 64), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sqrt_floors),
		cmocka_unit_test(pow_cases),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
