// SPDX-License-Identifier: MIT
/*
 * lib/random.c: get_random_bytes() fills the whole buffer (getrandom(2)
 * returns at most 32 MiB at a time), and __get_random_u32_below() stays
 * below its ceiling and reaches every value of a small range.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/klib.h"

static void bytes_fill_the_buffer(void **state)
{
	size_t n = 40u << 20;
	unsigned char *b = calloc(1, n);
	size_t zero_tail = 0;

	assert_non_null(b);
	umod_get_random_bytes(b, n);
	/* the last 64 bytes all zero would mean the tail was never written */
	for (size_t i = n - 64; i < n; i++)
		zero_tail += !b[i];
	assert_true(zero_tail < 64);
	free(b);
}

static void below_ceiling(void **state)
{
	int seen[7] = { 0 };

	assert_int_equal(umod_get_random_u32_below(0), 0);
	assert_int_equal(umod_get_random_u32_below(1), 0);
	for (int i = 0; i < 7000; i++) {
		uint32_t v = umod_get_random_u32_below(7);

		assert_true(v < 7);
		seen[v]++;
	}
	/* each value about 1000 times: far from 0 and from 7000 */
	for (int i = 0; i < 7; i++)
		assert_true(seen[i] > 700 && seen[i] < 1300);
	for (int i = 0; i < 1000; i++)
		assert_true(umod_get_random_u32_below(0x80000001u) < 0x80000001u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bytes_fill_the_buffer),
		cmocka_unit_test(below_ceiling),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
