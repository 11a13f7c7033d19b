// SPDX-License-Identifier: MIT
/*
 * <linux/delay.h>: msleep() sleeps whole jiffies through
 * schedule_timeout(), as the kernel's (so msleep(1) sleeps 4 to 8 ms at
 * HZ=250); usleep_range() sleeps the minimum on the monotonic clock; the
 * udelay() family spins, as busy waits in the kernel do.
 */
#include <errno.h>
#include <time.h>

#include "kernel/kapi.h"
#include "kernel/sched/sched.h"
#include "kernel/time/timekeeping.h"

#define TASK_INTERRUPTIBLE	0x0001u
#define TASK_UNINTERRUPTIBLE	0x0002u

/* "kernel/sched/delay.c": the report names sources as the kernel's do */
#define SITE	umod_src_rel(__FILE__), __LINE__

static uint64_t monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static unsigned long ms_to_jiffies(unsigned int ms)
{
	const unsigned int per = 1000 / UMOD_HZ;

	return ((unsigned long)ms + per - 1) / per;
}

static void set_state(unsigned int state)
{
	__atomic_store_n(&umod_task_fast()->task.__state, state, __ATOMIC_SEQ_CST);
}

UMOD_KEEP_FRAME
static void kapi_msleep(unsigned int msecs)
{
	long timeout = (long)ms_to_jiffies(msecs) + 1;

	umod_might_resched(SITE, 0);
	while (timeout) {
		set_state(TASK_UNINTERRUPTIBLE);
		timeout = umod_schedule_timeout(timeout);
	}
}

UMOD_KEEP_FRAME
static unsigned long kapi_msleep_interruptible(unsigned int msecs)
{
	struct umod_task *t = umod_task_fast();
	long timeout = (long)ms_to_jiffies(msecs) + 1;

	umod_might_resched(SITE, 0);
	while (timeout && !umod_task_sigpending(t)) {
		set_state(TASK_INTERRUPTIBLE);
		timeout = umod_schedule_timeout(timeout);
	}
	return (unsigned long)timeout * (1000 / UMOD_HZ);
}

/* sleeps @min microseconds (the kernel's hrtimer may wait up to @max) */
UMOD_KEEP_FRAME
static void kapi_usleep_range_state(unsigned long min, unsigned long max, unsigned int state)
{
	struct timespec ts = { .tv_sec = (time_t)(min / 1000000),
			       .tv_nsec = (long)(min % 1000000) * 1000 };
	unsigned int old;

	umod_might_resched(SITE, 0);
	old = umod_task_sleep_begin();
	while (clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, &ts) == EINTR)
		;
	umod_task_sleep_end(old);
	set_state(0);
}

static void spin_until(uint64_t end)
{
	while (monotonic_ns() < end) {
#if defined(__x86_64__) || defined(__i386__)
		__builtin_ia32_pause();
#endif
	}
}

static void kapi_udelay(unsigned long usecs)
{
	spin_until(monotonic_ns() + (uint64_t)usecs * 1000u);
}

static void kapi_ndelay(unsigned long nsecs)
{
	spin_until(monotonic_ns() + nsecs);
}

/* 2^-32 s units: (n * 0x10c7) for n us, (n * 5) for n ns */
static void kapi___const_udelay(unsigned long xloops)
{
	spin_until(monotonic_ns() + (uint64_t)(((unsigned __int128)xloops * 1000000000u) >> 32));
}

static const struct umod_kapi_export delay_exports[] = {
	UMOD_KAPI("msleep", kapi_msleep),
	UMOD_KAPI("msleep_interruptible", kapi_msleep_interruptible),
	UMOD_KAPI("usleep_range_state", kapi_usleep_range_state),
	UMOD_KAPI("__udelay", kapi_udelay),
	UMOD_KAPI("__ndelay", kapi_ndelay),
	UMOD_KAPI("__const_udelay", kapi___const_udelay),
};

const struct umod_kapi_table umod_kapi_delay = UMOD_KAPI_TABLE(delay_exports);
