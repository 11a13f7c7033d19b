// SPDX-License-Identifier: MIT
/*
 * The clocks modules read: monotonic and boottime are nanoseconds since
 * libumod started (the jiffies clock: "boot"), one value for both as a
 * process never suspends; realtime and TAI are the host's. Read on each
 * call (vDSO), nothing ticks.
 */
#include <time.h>

#include "kernel/kapi.h"
#include "kernel/time/timekeeping.h"

#define KCLOCK_REALTIME		0
#define KCLOCK_MONOTONIC	1
#define KCLOCK_TAI		11

struct ktimespec64 {		/* struct timespec64 */
	int64_t tv_sec;
	long tv_nsec;
};

static void to_ts64(int64_t ns, struct ktimespec64 *ts)
{
	ts->tv_sec = ns / 1000000000;
	ts->tv_nsec = (long)(ns % 1000000000);
}

static int64_t kapi_ktime_get(void)
{
	return umod_clock_now(KCLOCK_MONOTONIC);
}

static int64_t kapi_ktime_get_real(void)
{
	return umod_clock_now(KCLOCK_REALTIME);
}

static int64_t kapi_ktime_get_clocktai(void)
{
	return umod_clock_now(KCLOCK_TAI);
}

/* CLOCK_MONOTONIC_RAW: not slewed by NTP */
static int64_t kapi_ktime_get_raw(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int64_t kapi_ktime_get_seconds(void)
{
	return kapi_ktime_get() / 1000000000;
}

static int64_t kapi_ktime_get_real_seconds(void)
{
	return kapi_ktime_get_real() / 1000000000;
}

static void kapi_ktime_get_ts64(struct ktimespec64 *ts)
{
	to_ts64(kapi_ktime_get(), ts);
}

static void kapi_ktime_get_real_ts64(struct ktimespec64 *ts)
{
	to_ts64(kapi_ktime_get_real(), ts);
}

static void kapi_ktime_get_raw_ts64(struct ktimespec64 *ts)
{
	to_ts64(kapi_ktime_get_raw(), ts);
}

static const struct umod_kapi_export timekeeping_exports[] = {
	UMOD_KAPI_GPL("ktime_get", kapi_ktime_get),
	UMOD_KAPI("ktime_get_real", kapi_ktime_get_real),
	UMOD_KAPI("ktime_get_boottime", kapi_ktime_get),
	UMOD_KAPI("ktime_get_clocktai", kapi_ktime_get_clocktai),
	UMOD_KAPI_GPL("ktime_get_raw", kapi_ktime_get_raw),
	UMOD_KAPI_GPL("ktime_get_seconds", kapi_ktime_get_seconds),
	UMOD_KAPI_GPL("ktime_get_real_seconds", kapi_ktime_get_real_seconds),
	UMOD_KAPI_GPL("ktime_get_ts64", kapi_ktime_get_ts64),
	UMOD_KAPI("ktime_get_real_ts64", kapi_ktime_get_real_ts64),
	UMOD_KAPI("ktime_get_boottime_ts64", kapi_ktime_get_ts64),
	UMOD_KAPI("ktime_get_raw_ts64", kapi_ktime_get_raw_ts64),
	UMOD_KAPI("ktime_get_coarse_real_ts64", kapi_ktime_get_real_ts64),
};

const struct umod_kapi_table umod_kapi_timekeeping = UMOD_KAPI_TABLE(timekeeping_exports);
