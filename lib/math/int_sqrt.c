// SPDX-License-Identifier: MIT
/* int_sqrt() (lib/math/int_sqrt.c): the floor of the square root */
#include "kernel/kapi.h"

/*
 * Digit by digit in base 4: @bit walks down the even powers of two from
 * the highest one not above @x; no multiplication, no division.
 */
static unsigned long kapi_int_sqrt(unsigned long x)
{
	unsigned long root = 0, bit;

	if (x <= 1)
		return x;
	bit = 1ul << ((63 - __builtin_clzl(x)) & ~1);
	while (bit) {
		if (x >= root + bit) {
			x -= root + bit;
			root = (root >> 1) + bit;
		} else {
			root >>= 1;
		}
		bit >>= 2;
	}
	return root;
}

static const struct umod_kapi_export int_sqrt_exports[] = {
	UMOD_KAPI("int_sqrt", kapi_int_sqrt),
};

const struct umod_kapi_table umod_kapi_int_sqrt = UMOD_KAPI_TABLE(int_sqrt_exports);
