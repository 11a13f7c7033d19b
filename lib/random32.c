// SPDX-License-Identifier: MIT
/*
 * prandom (lib/random32.c): L'Ecuyer's maximally equidistributed
 * combined Tausworthe generator (LFSR113, period 2^113), as the kernel's,
 * so a module that seeds it with prandom_seed_state() gets the numbers
 * it gets on Linux.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <umod/kabi/prandom.h>

#include "kernel/kapi.h"

/* one component: shift-register step with L'Ecuyer's parameters */
static uint32_t taus(uint32_t s, unsigned int a, unsigned int b, uint32_t mask, unsigned int d)
{
	return ((s & mask) << d) ^ (((s << a) ^ s) >> b);
}

static uint32_t kapi_prandom_u32_state(struct rnd_state *st)
{
	st->s1 = taus(st->s1, 6, 13, 0xfffffffeu, 18);
	st->s2 = taus(st->s2, 2, 27, 0xfffffff8u, 2);
	st->s3 = taus(st->s3, 13, 21, 0xfffffff0u, 7);
	st->s4 = taus(st->s4, 3, 12, 0xffffff80u, 13);
	return st->s1 ^ st->s2 ^ st->s3 ^ st->s4;
}

/* whole words first (native byte order), then the low bytes of one more */
static void kapi_prandom_bytes_state(struct rnd_state *st, void *buf, size_t nbytes)
{
	unsigned char *p = buf;

	for (; nbytes >= 4; nbytes -= 4, p += 4) {
		uint32_t w = kapi_prandom_u32_state(st);

		memcpy(p, &w, 4);
	}
	if (nbytes) {
		uint32_t rem = kapi_prandom_u32_state(st);

		for (; nbytes; nbytes--, rem >>= 8)
			*p++ = (unsigned char)rem;
	}
}

static const struct umod_kapi_export random32_exports[] = {
	UMOD_KAPI("prandom_u32_state", kapi_prandom_u32_state),
	UMOD_KAPI("prandom_bytes_state", kapi_prandom_bytes_state),
};

const struct umod_kapi_table umod_kapi_random32 = UMOD_KAPI_TABLE(random32_exports);
