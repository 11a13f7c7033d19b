/* SPDX-License-Identifier: MIT */
/*
 * The clocks: monotonic (since the host started: "boot"), boottime (the
 * same: a process does not suspend), real (wall-clock) and TAI.
 */
#ifndef _LINUX_TIMEKEEPING_H
#define _LINUX_TIMEKEEPING_H

#include <linux/time64.h>
#include <linux/types.h>
#include <linux/errno.h>

ktime_t ktime_get(void);
ktime_t ktime_get_real(void);
ktime_t ktime_get_boottime(void);
ktime_t ktime_get_clocktai(void);
ktime_t ktime_get_raw(void);
time64_t ktime_get_seconds(void);
time64_t ktime_get_real_seconds(void);
void ktime_get_ts64(struct timespec64 *ts);
void ktime_get_real_ts64(struct timespec64 *ts);
void ktime_get_boottime_ts64(struct timespec64 *ts);
void ktime_get_raw_ts64(struct timespec64 *ts);
void ktime_get_coarse_real_ts64(struct timespec64 *ts);

static inline u64 ktime_get_ns(void)
{
	return (u64)ktime_get();
}

static inline u64 ktime_get_real_ns(void)
{
	return (u64)ktime_get_real();
}

static inline u64 ktime_get_boottime_ns(void)
{
	return (u64)ktime_get_boottime();
}

static inline u64 ktime_get_raw_ns(void)
{
	return (u64)ktime_get_raw();
}

static inline u64 ktime_get_clocktai_ns(void)
{
	return (u64)ktime_get_clocktai();
}

#define ktime_get_mono_fast_ns()	ktime_get_ns()
#define ktime_get_boot_fast_ns()	ktime_get_boottime_ns()
#define ktime_get_coarse()		ktime_get()
#define ktime_get_coarse_ns()		ktime_get_ns()
#define ktime_get_coarse_ts64(ts)	ktime_get_ts64(ts)

#endif /* _LINUX_TIMEKEEPING_H */
