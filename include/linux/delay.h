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

#define MAX_UDELAY_MS	5

#define udelay(n)	__udelay(n)
#define ndelay(n)	__ndelay(n)
#define mdelay(n)	__udelay((unsigned long)(n) * 1000UL)

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
