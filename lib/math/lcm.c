// SPDX-License-Identifier: MIT
/* lcm() and lcm_not_zero() (lib/math/lcm.c) */
#include "kernel/kapi.h"
#include "lib/klib.h"

/* 0 when either is 0; divides first, so only a result too big overflows */
static unsigned long kapi_lcm(unsigned long a, unsigned long b)
{
	if (!a || !b)
		return 0;
	return a / umod_gcd(a, b) * b;
}

/* as lcm(), but one of them when the other is 0 */
static unsigned long kapi_lcm_not_zero(unsigned long a, unsigned long b)
{
	unsigned long l = kapi_lcm(a, b);

	if (l)
		return l;
	return b ? b : a;
}

static const struct umod_kapi_export lcm_exports[] = {
	UMOD_KAPI_GPL("lcm", kapi_lcm),
	UMOD_KAPI_GPL("lcm_not_zero", kapi_lcm_not_zero),
};

const struct umod_kapi_table umod_kapi_lcm = UMOD_KAPI_TABLE(lcm_exports);
