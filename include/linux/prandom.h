/* SPDX-License-Identifier: MIT */
/*
 * The fast pseudo-random generator (lib/random32.c): L'Ecuyer's
 * four-component Tausworthe generator over a state the caller keeps,
 * reproducible from a seed; not for anything secret.
 */
#ifndef _LINUX_PRANDOM_H
#define _LINUX_PRANDOM_H

#include <linux/types.h>
#include <linux/percpu.h>
#include <linux/random.h>
#include <umod/kabi/prandom.h>

u32 prandom_u32_state(struct rnd_state *state);
void prandom_bytes_state(struct rnd_state *state, void *buf, size_t nbytes);
void prandom_seed_full_state(struct rnd_state __percpu *pcpu_state);

/* each component has a minimum below which it would degenerate */
static inline u32 __seed(u32 x, u32 m)
{
	return (x < m) ? x + m : x;
}

static inline void prandom_seed_state(struct rnd_state *state, u64 seed)
{
	u32 i = ((seed >> 32) ^ (seed << 10) ^ seed) & 0xffffffffUL;

	state->s1 = __seed(i, 2U);
	state->s2 = __seed(i, 8U);
	state->s3 = __seed(i, 16U);
	state->s4 = __seed(i, 128U);
}

/* the linear congruential step of Numerical Recipes */
static inline u32 next_pseudo_random32(u32 seed)
{
	return seed * 1664525 + 1013904223;
}

#endif /* _LINUX_PRANDOM_H */
