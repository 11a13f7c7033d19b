/* SPDX-License-Identifier: MIT */
/* struct timespec64 and its helpers, as the kernel's */
#ifndef _LINUX_TIME64_H
#define _LINUX_TIME64_H

#include <linux/types.h>
#include <linux/math.h>
#include <linux/math64.h>
#include <linux/time.h>

#define MSEC_PER_SEC		1000L
#define USEC_PER_MSEC		1000L
#define NSEC_PER_USEC		1000L
#define NSEC_PER_MSEC		1000000L
#define USEC_PER_SEC		1000000L
#define NSEC_PER_SEC		1000000000L
#define PSEC_PER_SEC		1000000000000LL
#define FSEC_PER_SEC		1000000000000000LL

#define TIME64_MAX		((s64)~((u64)1 << 63))
#define TIME64_MIN		(-TIME64_MAX - 1)
#define KTIME_SEC_MIN		(KTIME_MIN / NSEC_PER_SEC)

struct timespec64 {
	time64_t tv_sec;	/* seconds */
	long tv_nsec;		/* nanoseconds */
};

static inline int timespec64_equal(const struct timespec64 *a, const struct timespec64 *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

static inline int timespec64_compare(const struct timespec64 *lhs,
				     const struct timespec64 *rhs)
{
	if (lhs->tv_sec < rhs->tv_sec)
		return -1;
	if (lhs->tv_sec > rhs->tv_sec)
		return 1;
	return (int)(lhs->tv_nsec - rhs->tv_nsec);
}

static inline s64 timespec64_to_ns(const struct timespec64 *ts)
{
	return (ts->tv_sec * NSEC_PER_SEC) + ts->tv_nsec;
}

static inline struct timespec64 ns_to_timespec64(s64 nsec)
{
	struct timespec64 ts = { 0, 0 };
	s64 rem;

	if (!nsec)
		return ts;
	ts.tv_sec = nsec / NSEC_PER_SEC;
	rem = nsec % NSEC_PER_SEC;
	if (rem < 0) {
		ts.tv_sec--;
		rem += NSEC_PER_SEC;
	}
	ts.tv_nsec = (long)rem;
	return ts;
}

static inline struct timespec64 timespec64_sub(struct timespec64 lhs, struct timespec64 rhs)
{
	return ns_to_timespec64(timespec64_to_ns(&lhs) - timespec64_to_ns(&rhs));
}

static inline struct timespec64 timespec64_add(struct timespec64 lhs, struct timespec64 rhs)
{
	return ns_to_timespec64(timespec64_to_ns(&lhs) + timespec64_to_ns(&rhs));
}

static inline bool timespec64_valid(const struct timespec64 *ts)
{
	return ts->tv_sec >= 0 && (unsigned long)ts->tv_nsec < NSEC_PER_SEC;
}

#endif /* _LINUX_TIME64_H */
