// SPDX-License-Identifier: MIT
/* int_pow() (lib/math/int_pow.c): @base to the @exp, modulo 2^64 */
#include <stdint.h>

#include "kernel/kapi.h"

/* by squaring: O(log exp) multiplications; int_pow(x, 0) is 1 */
static uint64_t kapi_int_pow(uint64_t base, unsigned int exp)
{
	uint64_t result = 1;

	while (exp) {
		if (exp & 1)
			result *= base;
		exp >>= 1;
		base *= base;
	}
	return result;
}

static const struct umod_kapi_export int_pow_exports[] = {
	UMOD_KAPI_GPL("int_pow", kapi_int_pow),
};

const struct umod_kapi_table umod_kapi_int_pow = UMOD_KAPI_TABLE(int_pow_exports);
