/* SPDX-License-Identifier: MIT */
/* struct rnd_state, shared by lib/random32.c and linux/prandom.h */
#ifndef _UMOD_KABI_PRANDOM_H
#define _UMOD_KABI_PRANDOM_H

struct rnd_state {
	unsigned int s1, s2, s3, s4;
};

#endif /* _UMOD_KABI_PRANDOM_H */
