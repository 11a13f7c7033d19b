// SPDX-License-Identifier: MIT
/*
 * rational_best_approximation() (lib/math/rational.c): the fraction
 * closest to given_numerator/given_denominator whose terms stay within
 * the maxima, from its continued fraction: the last convergent that
 * fits, or the best semi-convergent after it when that is closer.
 */
#include "kernel/kapi.h"

static void kapi_rational_best_approximation(unsigned long given_numerator,
					     unsigned long given_denominator,
					     unsigned long max_numerator,
					     unsigned long max_denominator,
					     unsigned long *best_numerator,
					     unsigned long *best_denominator)
{
	/* n/d: what is left to expand; p1/q1 the last convergent, p0/q0 the one before */
	unsigned long n = given_numerator, d = given_denominator;
	unsigned long p0 = 0, q0 = 1, p1 = 1, q1 = 0;

	while (d) {
		unsigned long prev_d = d, a = n / d, p2, q2;

		d = n % d;
		n = prev_d;
		p2 = p0 + a * p1;
		q2 = q0 + a * q1;
		if (p2 > max_numerator || q2 > max_denominator) {
			/* the largest t for which p0 + t*p1, q0 + t*q1 still fit */
			unsigned long t = ~0ul;

			if (q1)
				t = (max_denominator - q0) / q1;
			if (p1 && (max_numerator - p0) / p1 < t)
				t = (max_numerator - p0) / p1;
			/*
			 * That semi-convergent beats the last convergent when t is
			 * more than half of a, or exactly half and the remainders
			 * say so; with no convergent yet (q1 == 0) it is all we have.
			 */
			if (!q1 || 2 * t > a || (2 * t == a && q0 * prev_d > q1 * d)) {
				p1 = p0 + t * p1;
				q1 = q0 + t * q1;
			}
			break;
		}
		p0 = p1;
		q0 = q1;
		p1 = p2;
		q1 = q2;
	}
	*best_numerator = p1;
	*best_denominator = q1;
}

static const struct umod_kapi_export rational_exports[] = {
	UMOD_KAPI("rational_best_approximation", kapi_rational_best_approximation),
};

const struct umod_kapi_table umod_kapi_rational = UMOD_KAPI_TABLE(rational_exports);
