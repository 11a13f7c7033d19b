/* SPDX-License-Identifier: MIT */
/*
 * jiffies: ticks of HZ (250, as Debian's 6.1 kernel) since the host
 * started, counted from INITIAL_JIFFIES as the kernel does, so that the
 * low 32 bits wrap five minutes in and wrap bugs show. A variable, as in
 * 6.1: the host's tick stores it while a module that reads it is loaded.
 */
#ifndef _LINUX_JIFFIES_H
#define _LINUX_JIFFIES_H

#include <linux/cache.h>
#include <linux/limits.h>
#include <linux/math.h>
/* the library's (issue 36 item 2), there once it is merged */
#if __has_include(<linux/math64.h>)
#include <linux/math64.h>
#endif
#include <linux/minmax.h>
#include <linux/types.h>
#include <linux/time.h>
#include <linux/timex.h>
#include <asm/param.h>

#define TICK_NSEC		((NSEC_PER_SEC + HZ / 2) / HZ)

#define INITIAL_JIFFIES		((unsigned long)(unsigned int)(-300 * HZ))
#define MAX_JIFFY_OFFSET	((LONG_MAX >> 1) - 1)

/* one variable under two names, as on 64-bit Linux */
extern u64 __cacheline_aligned_in_smp jiffies_64;
extern unsigned long volatile __cacheline_aligned_in_smp jiffies;

static inline u64 get_jiffies_64(void)
{
	return (u64)jiffies;
}

/* comparisons that survive the wrap */
#define time_after(a, b)	((long)((b) - (a)) < 0)
#define time_before(a, b)	time_after(b, a)
#define time_after_eq(a, b)	((long)((a) - (b)) >= 0)
#define time_before_eq(a, b)	time_after_eq(b, a)
#define time_in_range(a, b, c)	(time_after_eq(a, b) && time_before_eq(a, c))
#define time_in_range_open(a, b, c) (time_after_eq(a, b) && time_before(a, c))
#define time_after64(a, b)	((s64)((b) - (a)) < 0)
#define time_before64(a, b)	time_after64(b, a)
#define time_after_eq64(a, b)	((s64)((a) - (b)) >= 0)
#define time_before_eq64(a, b)	time_after_eq64(b, a)
#define time_is_before_jiffies(a)	time_after(jiffies, a)
#define time_is_after_jiffies(a)	time_before(jiffies, a)
#define time_is_before_eq_jiffies(a)	time_after_eq(jiffies, a)
#define time_is_after_eq_jiffies(a)	time_before_eq(jiffies, a)

/* conversions round up to whole jiffies, as the kernel's (HZ divides 1000) */
static inline unsigned int jiffies_to_msecs(const unsigned long j)
{
	return (unsigned int)((MSEC_PER_SEC / HZ) * j);
}

static inline unsigned int jiffies_to_usecs(const unsigned long j)
{
	return (unsigned int)((USEC_PER_SEC / HZ) * j);
}

static inline u64 jiffies_to_nsecs(const unsigned long j)
{
	return (u64)j * (NSEC_PER_SEC / HZ);
}

static inline u64 jiffies64_to_nsecs(u64 j)
{
	return j * (NSEC_PER_SEC / HZ);
}

static inline u64 jiffies64_to_msecs(u64 j)
{
	return j * (MSEC_PER_SEC / HZ);
}

static inline unsigned long msecs_to_jiffies(const unsigned int m)
{
	if ((int)m < 0)
		return MAX_JIFFY_OFFSET;
	return (m + (MSEC_PER_SEC / HZ) - 1) / (MSEC_PER_SEC / HZ);
}

static inline unsigned long usecs_to_jiffies(const unsigned int u)
{
	if (u > jiffies_to_usecs(MAX_JIFFY_OFFSET))
		return MAX_JIFFY_OFFSET;
	return (u + (USEC_PER_SEC / HZ) - 1) / (USEC_PER_SEC / HZ);
}

static inline unsigned long nsecs_to_jiffies(u64 n)
{
	return (unsigned long)((n + (NSEC_PER_SEC / HZ) - 1) / (NSEC_PER_SEC / HZ));
}

static inline u64 nsecs_to_jiffies64(u64 n)
{
	return (n + (NSEC_PER_SEC / HZ) - 1) / (NSEC_PER_SEC / HZ);
}

static inline clock_t jiffies_to_clock_t(unsigned long x)
{
	return (clock_t)(x / (HZ / USER_HZ));
}

#define round_jiffies(j)		(j)
#define round_jiffies_relative(j)	(j)
#define round_jiffies_up(j)		(j)
#define round_jiffies_up_relative(j)	(j)

#endif /* _LINUX_JIFFIES_H */
