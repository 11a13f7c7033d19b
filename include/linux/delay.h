/* SPDX-License-Identifier: MIT */
/*
 * Delays: msleep() and friends sleep (the task's state says so; a sleep
 * in atomic context is reported); udelay(), ndelay() and mdelay() spin
 * on the monotonic clock, as the kernel's busy waits.
 */
#ifndef _LINUX_DELAY_H
#define _LINUX_DELAY_H

#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/math.h>

void msleep(unsigned int msecs);
unsigned long msleep_interruptible(unsigned int msecs);
void usleep_range_state(unsigned long min, unsigned long max, unsigned int state);
void __udelay(unsigned long usecs);
void __ndelay(unsigned long nsecs);
/* @xloops: the delay in 2^-32 s units, as 6.1's constant delays pass it */
void __const_udelay(unsigned long xloops);
/* never defined: a constant delay of 20 ms or more fails to link, as in 6.1 */
extern void __bad_udelay(void);
extern void __bad_ndelay(void);

#define MAX_UDELAY_MS	5

/* asm-generic/delay.h's: 0x10c7 is 2^32 / 10^6, 5 is 2^32 / 10^9, rounded up */
#define udelay(n)							\
	({								\
		if (__builtin_constant_p(n)) {				\
			if ((n) / 20000 >= 1)				\
				__bad_udelay();				\
			else						\
				__const_udelay((n) * 0x10c7ul);		\
		} else {						\
			__udelay(n);					\
		}							\
	})
#define ndelay(n)							\
	({								\
		if (__builtin_constant_p(n)) {				\
			if ((n) / 20000 >= 1)				\
				__bad_ndelay();				\
			else						\
				__const_udelay((n) * 5ul);		\
		} else {						\
			__ndelay(n);					\
		}							\
	})
#define mdelay(n) (							\
	(__builtin_constant_p(n) && (n) <= MAX_UDELAY_MS) ? udelay((n) * 1000) : \
	({ unsigned long __ms = (n); while (__ms--) udelay(1000); }))

static inline void ssleep(unsigned int seconds)
{
	msleep(seconds * 1000);
}

static inline void usleep_range(unsigned long min, unsigned long max)
{
	usleep_range_state(min, max, TASK_UNINTERRUPTIBLE);
}

static inline void usleep_idle_range(unsigned long min, unsigned long max)
{
	usleep_range_state(min, max, TASK_IDLE);
}

/* the kernel's choice of sleep by length */
static inline void fsleep(unsigned long usecs)
{
	if (usecs <= 10)
		udelay(usecs);
	else if (usecs <= 20000)
		usleep_range(usecs, 2 * usecs);
	else
		msleep((unsigned int)((usecs + 999) / 1000));
}

#endif /* _LINUX_DELAY_H */
