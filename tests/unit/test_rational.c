// SPDX-License-Identifier: MIT
/*
 * lib/math/rational.c: the cases of 6.1's own KUnit test (rational-test.c),
 * each a rule of the algorithm: the convergent, a semi-convergent past it
 * on either bound, the answer that is exact, the first term too big.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

typedef void (*approx_fn)(unsigned long, unsigned long, unsigned long, unsigned long,
			  unsigned long *, unsigned long *);

static const struct {
	unsigned long num, den, max_num, max_den, exp_num, exp_den;
	const char *what;
} cases[] = {
	{ 1230, 10, 100, 20, 100, 1, "exceeds bounds, semi-convergent term > 1/2 last term" },
	{ 34567, 100, 120, 20, 120, 1, "exceeds bounds, semi-convergent term < 1/2 last term" },
	{ 1, 30, 100, 10, 0, 1, "closest to zero" },
	{ 1, 19, 100, 10, 1, 10, "closest to smallest non-zero" },
	{ 27, 32, 16, 16, 11, 13, "use convergent" },
	{ 1155, 7735, 255, 255, 33, 221, "exact answer" },
	{ 87, 32, 70, 32, 68, 25, "semiconvergent, numerator limit" },
	{ 14533, 4626, 15000, 2400, 7433, 2366, "semiconvergent, denominator limit" },
	{ 31415, 10000, 255, 31, 22, 7, "pi in 8 and 5 bits" },
	{ 5, 0, 10, 10, 1, 0, "infinity" },
	{ 0, 5, 10, 10, 0, 1, "zero" },
};

static void approximations(void **state)
{
	approx_fn f = KAPI_FN(&umod_kapi_rational, "rational_best_approximation", approx_fn);

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned long n = 0, d = 0;

		f(cases[i].num, cases[i].den, cases[i].max_num, cases[i].max_den, &n, &d);
		if (n != cases[i].exp_num || d != cases[i].exp_den)
			fail_msg("%s: %lu/%lu, expected %lu/%lu", cases[i].what, n, d,
				 cases[i].exp_num, cases[i].exp_den);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(approximations),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
