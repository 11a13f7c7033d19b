/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_RATELIMIT_TYPES_H
#define _LINUX_RATELIMIT_TYPES_H

#include <linux/compiler.h>
#include <umod/kabi/ratelimit.h>
#include <linux/bits.h>
#include <linux/param.h>
#include <asm/byteorder.h>

#define DEFAULT_RATELIMIT_INTERVAL	(5 * 250)	/* 5 * HZ */
#define DEFAULT_RATELIMIT_BURST		10

/* don't print "callbacks suppressed" at each interval, only on release */
#define RATELIMIT_MSG_ON_RELEASE	(1UL << 0)

#define RATELIMIT_STATE_INIT(name, interval_init, burst_init) {		\
		.interval	= interval_init,			\
		.burst		= burst_init,				\
	}

#define RATELIMIT_STATE_INIT_DISABLED					\
	RATELIMIT_STATE_INIT(ratelimit_state, 0, DEFAULT_RATELIMIT_BURST)

#define DEFINE_RATELIMIT_STATE(name, interval_init, burst_init)	\
	struct ratelimit_state name =					\
		RATELIMIT_STATE_INIT(name, interval_init, burst_init)

/*
 * True if the caller may go on (print): at most @rs->burst times per
 * @rs->interval jiffies; the caller's log gets "callbacks suppressed".
 */
extern int ___ratelimit(struct ratelimit_state *rs, const char *func);
#define __ratelimit(state)	___ratelimit(state, __func__)

#endif /* _LINUX_RATELIMIT_TYPES_H */
