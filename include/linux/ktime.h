/* SPDX-License-Identifier: MIT */
/* ktime_t: signed nanoseconds, and its arithmetic, as the kernel's */
#ifndef _LINUX_KTIME_H
#define _LINUX_KTIME_H

#include <linux/jiffies.h>
#include <linux/time64.h>
#include <linux/types.h>
#include <linux/time.h>

#define KTIME_MAX		((s64)~((u64)1 << 63))
#define KTIME_MIN		(-KTIME_MAX - 1)
#define KTIME_SEC_MAX		(KTIME_MAX / NSEC_PER_SEC)

static inline ktime_t ktime_set(const s64 secs, const unsigned long nsecs)
{
	if (secs >= KTIME_SEC_MAX)
		return KTIME_MAX;
	return secs * NSEC_PER_SEC + (s64)nsecs;
}

#define ktime_sub(lhs, rhs)	((lhs) - (rhs))
#define ktime_add(lhs, rhs)	((lhs) + (rhs))
#define ktime_add_unsafe(lhs, rhs) ((u64)(lhs) + (rhs))
#define ktime_add_ns(kt, nsval)	((kt) + (nsval))
#define ktime_sub_ns(kt, nsval)	((kt) - (nsval))

static inline ktime_t timespec64_to_ktime(struct timespec64 ts)
{
	return ktime_set(ts.tv_sec, ts.tv_nsec);
}

static inline s64 ktime_to_ns(const ktime_t kt)
{
	return kt;
}

static inline int ktime_compare(const ktime_t cmp1, const ktime_t cmp2)
{
	if (cmp1 < cmp2)
		return -1;
	if (cmp1 > cmp2)
		return 1;
	return 0;
}

static inline bool ktime_after(const ktime_t cmp1, const ktime_t cmp2)
{
	return ktime_compare(cmp1, cmp2) > 0;
}

static inline bool ktime_before(const ktime_t cmp1, const ktime_t cmp2)
{
	return ktime_compare(cmp1, cmp2) < 0;
}

static inline struct timespec64 ktime_to_timespec64(ktime_t kt)
{
	return ns_to_timespec64(kt);
}

static inline s64 ktime_divns(const ktime_t kt, s64 div)
{
	return kt / div;
}

static inline s64 ktime_to_us(const ktime_t kt)
{
	return ktime_divns(kt, NSEC_PER_USEC);
}

static inline s64 ktime_to_ms(const ktime_t kt)
{
	return ktime_divns(kt, NSEC_PER_MSEC);
}

static inline s64 ktime_us_delta(const ktime_t later, const ktime_t earlier)
{
	return ktime_to_us(ktime_sub(later, earlier));
}

static inline s64 ktime_ms_delta(const ktime_t later, const ktime_t earlier)
{
	return ktime_to_ms(ktime_sub(later, earlier));
}

static inline ktime_t ktime_add_us(const ktime_t kt, const u64 usec)
{
	return ktime_add_ns(kt, usec * NSEC_PER_USEC);
}

static inline ktime_t ktime_add_ms(const ktime_t kt, const u64 msec)
{
	return ktime_add_ns(kt, msec * NSEC_PER_MSEC);
}

static inline ktime_t ktime_sub_us(const ktime_t kt, const u64 usec)
{
	return ktime_sub_ns(kt, usec * NSEC_PER_USEC);
}

static inline ktime_t ktime_sub_ms(const ktime_t kt, const u64 msec)
{
	return ktime_sub_ns(kt, msec * NSEC_PER_MSEC);
}

static inline ktime_t ns_to_ktime(u64 ns)
{
	return (ktime_t)ns;
}

static inline ktime_t us_to_ktime(u64 us)
{
	return (ktime_t)(us * NSEC_PER_USEC);
}

static inline ktime_t ms_to_ktime(u64 ms)
{
	return (ktime_t)(ms * NSEC_PER_MSEC);
}

#include <linux/timekeeping.h>

/* lhs + rhs, clamped to KTIME_MAX on overflow */
ktime_t ktime_add_safe(const ktime_t lhs, const ktime_t rhs);

#endif /* _LINUX_KTIME_H */
