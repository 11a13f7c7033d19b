// SPDX-License-Identifier: MIT
/* lib/find_bit.c: the n-th set bit across words, of a & b and a & ~b, past the end */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

typedef unsigned long (*nth_fn)(const unsigned long *, unsigned long, unsigned long);
typedef unsigned long (*nth2_fn)(const unsigned long *, const unsigned long *, unsigned long,
				 unsigned long);

static void nth_bits(void **state)
{
	nth_fn nth = KAPI_FN(&umod_kapi_find_bit, "__find_nth_bit", nth_fn);
	nth2_fn nth_and = KAPI_FN(&umod_kapi_find_bit, "__find_nth_and_bit", nth2_fn);
	nth2_fn nth_andnot = KAPI_FN(&umod_kapi_find_bit, "__find_nth_andnot_bit", nth2_fn);
	/* bits 1, 5, 63, 64, 70, 129 */
	static const unsigned long a[3] = { 0x8000000000000022ul, 0x41, 0x2 };
	static const unsigned long b[3] = { 0x8000000000000020ul, 0x40, 0x0 };

	assert_int_equal(nth(a, 192, 0), 1);
	assert_int_equal(nth(a, 192, 1), 5);
	assert_int_equal(nth(a, 192, 2), 63);
	assert_int_equal(nth(a, 192, 3), 64);
	assert_int_equal(nth(a, 192, 4), 70);
	assert_int_equal(nth(a, 192, 5), 129);
	assert_int_equal(nth(a, 192, 6), 192);
	/* the size cuts the last word: bit 129 is not below 129 */
	assert_int_equal(nth(a, 129, 5), 129);
	assert_int_equal(nth(a, 70, 4), 70);
	assert_int_equal(nth_and(a, b, 192, 0), 5);
	assert_int_equal(nth_and(a, b, 192, 2), 70);
	assert_int_equal(nth_and(a, b, 192, 3), 192);
	assert_int_equal(nth_andnot(a, b, 192, 0), 1);
	assert_int_equal(nth_andnot(a, b, 192, 1), 64);
	assert_int_equal(nth_andnot(a, b, 192, 2), 129);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nth_bits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
