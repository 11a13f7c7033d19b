/* SPDX-License-Identifier: MIT */
/* struct ratelimit_state: a module's, updated by the host's ___ratelimit(). */
#ifndef _UMOD_KABI_RATELIMIT_H
#define _UMOD_KABI_RATELIMIT_H

struct ratelimit_state {
	int lock;		/* Linux: a raw spinlock; here a flag the host spins on */
	int interval;		/* jiffies */
	int burst;
	int printed;
	int missed;
	unsigned long begin;	/* jiffies */
	unsigned long flags;
};

#endif /* _UMOD_KABI_RATELIMIT_H */
