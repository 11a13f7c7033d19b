/* SPDX-License-Identifier: MIT */
/*
 * kernel/time/: the clocks (jiffies.c, hrtimer.c's clock ids).
 */
#ifndef _UMOD_KERNEL_TIME_TIMEKEEPING_H
#define _UMOD_KERNEL_TIME_TIMEKEEPING_H

#include <stdint.h>

#define UMOD_HZ			250u	/* HZ */
/* INITIAL_JIFFIES: the low 32 bits wrap five minutes after boot */
#define UMOD_INITIAL_JIFFIES	((uint64_t)(uint32_t)(-300 * (int)UMOD_HZ))

/* nanoseconds of CLOCK_MONOTONIC since libumod started ("boot") */
uint64_t umod_ns_since_boot(void);
/* get_jiffies_64() */
uint64_t umod_jiffies64(void);
/* now on a clock of linux/hrtimer.h's numbering, ns (hrtimer.c) */
int64_t umod_clock_now(int clockid);

#endif /* _UMOD_KERNEL_TIME_TIMEKEEPING_H */
