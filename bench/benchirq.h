/* SPDX-License-Identifier: MIT */
/*
 * Between bench/gpioirq.c (the host) and benchirq.ko: the module hands
 * over what its handlers saw at init. Used by module and host alike:
 * includes nothing.
 */
#ifndef _UMOD_BENCHIRQ_H
#define _UMOD_BENCHIRQ_H

struct benchirq_ops {
	/* ktime_get_ns() in the hard handler of GPIO 17, in the threaded one of GPIO 18 */
	unsigned long long (*hard_at)(void);
	unsigned long long (*thread_at)(void);
	/* ktime_get_ns() now: the same clock, for the host's start time */
	unsigned long long (*now)(void);
};

int benchirq_register(const struct benchirq_ops *ops);

#endif
