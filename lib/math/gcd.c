// SPDX-License-Identifier: MIT
/* gcd() (lib/math/gcd.c): Stein's binary algorithm, no division */
#include "kernel/kapi.h"
#include "lib/klib.h"

/* gcd(0, b) is b and gcd(a, 0) is a, as the kernel's */
static unsigned long kapi_gcd(unsigned long a, unsigned long b)
{
	int shift;

	if (!a || !b)
		return a | b;
	/* the power of two both share, put back at the end */
	shift = __builtin_ctzl(a | b);
	a >>= __builtin_ctzl(a);
	do {
		b >>= __builtin_ctzl(b);
		if (a > b) {
			unsigned long t = a;

			a = b;
			b = t;
		}
		b -= a;
	} while (b);
	return a << shift;
}

unsigned long umod_gcd(unsigned long a, unsigned long b)
{
	return kapi_gcd(a, b);
}

static const struct umod_kapi_export gcd_exports[] = {
	UMOD_KAPI_GPL("gcd", kapi_gcd),
};

const struct umod_kapi_table umod_kapi_gcd = UMOD_KAPI_TABLE(gcd_exports);
