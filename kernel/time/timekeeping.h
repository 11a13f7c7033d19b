/* SPDX-License-Identifier: MIT */
/*
 * kernel/time/: the clocks (jiffies.c, hrtimer.c's clock ids).
 */
#ifndef _UMOD_KERNEL_TIME_TIMEKEEPING_H
#define _UMOD_KERNEL_TIME_TIMEKEEPING_H

#include <stdbool.h>
#include <stdint.h>

#define UMOD_HZ			250u	/* HZ */
/* INITIAL_JIFFIES: the low 32 bits wrap five minutes after boot */
#define UMOD_INITIAL_JIFFIES	((uint64_t)(uint32_t)(-300 * (int)UMOD_HZ))

/* nanoseconds of CLOCK_MONOTONIC since libumod started ("boot") */
uint64_t umod_ns_since_boot(void);
/* the jiffies count now, from the clock (what the tick stores) */
uint64_t umod_jiffies64(void);
/* jiffies (the variable modules read) brought up to the clock */
void umod_jiffies_sync(void);
/*
 * From now on every store to jiffies also goes to *@low, a genuine host's
 * low copy of it (kernel/module/genuine.c), which is brought up to date.
 */
void umod_jiffies_mirror(volatile uint64_t *low);
/* is @addr the jiffies/jiffies_64 variable, or its low mirror? */
bool umod_is_jiffies(uintptr_t addr);
/*
 * The tick that keeps the exported jiffies variable current: held by
 * every loaded module that references jiffies or jiffies_64, running
 * while one does.
 */
void umod_jiffies_tick_get(void);
void umod_jiffies_tick_put(void);
/* now on a clock of linux/hrtimer.h's numbering, ns (hrtimer.c) */
int64_t umod_clock_now(int clockid);

#endif /* _UMOD_KERNEL_TIME_TIMEKEEPING_H */
