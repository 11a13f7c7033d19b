// SPDX-License-Identifier: MIT
/*
 * The 64-bit divisions a 64-bit kernel keeps out of line (lib/math/div64.c):
 * the others are the C operators, inline in linux/math64.h.
 */
#include <stdint.h>

#include "kernel/kapi.h"

/*
 * The quotient by repeated subtraction, for dividends known to be a few
 * divisors at most (nanoseconds into seconds): cheaper than a division.
 */
static uint32_t kapi_iter_div_u64_rem(uint64_t dividend, uint32_t divisor,
				      uint64_t *remainder)
{
	uint32_t q = 0;

	while (dividend >= divisor) {
		dividend -= divisor;
		q++;
	}
	*remainder = dividend;
	return q;
}

#ifndef __x86_64__
/*
 * (a * mul) / div with a 128-bit product. x86-64's is inline mulq/divq
 * (asm/div64.h); elsewhere modules call this one, which is exact where
 * 6.1's generic version drops low bits of very large operands, and
 * keeps the low 64 bits of a quotient that does not fit.
 */
static uint64_t kapi_mul_u64_u64_div_u64(uint64_t a, uint64_t mul, uint64_t div)
{
	return (uint64_t)((unsigned __int128)a * mul / div);
}
#endif

static const struct umod_kapi_export div64_exports[] = {
	UMOD_KAPI("iter_div_u64_rem", kapi_iter_div_u64_rem),
#ifndef __x86_64__
	UMOD_KAPI("mul_u64_u64_div_u64", kapi_mul_u64_u64_div_u64),
#endif
};

const struct umod_kapi_table umod_kapi_div64 = UMOD_KAPI_TABLE(div64_exports);
