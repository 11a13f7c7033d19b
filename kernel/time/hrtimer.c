// SPDX-License-Identifier: MIT
/*
 * hrtimers on the timer thread (kernel/time/timer.c): each is queued by
 * the monotonic deadline its expiry on its own clock stands for, so the
 * realtime clock's jumps after arming are not followed (a process is not
 * told of them cheaply); the kernel re-sorts realtime timers on a clock
 * set. A callback that returns HRTIMER_RESTART is queued again at the
 * expiry it moved to (hrtimer_forward()).
 */
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/time/tick-internal.h"
#include "kernel/time/timekeeping.h"

#define HRTIMER_MODE_REL	0x01
#define HRTIMER_MODE_SOFT	0x04
#define HRTIMER_MODE_HARD	0x08
#define HRT_CLOCK_REALTIME	0
#define HRT_CLOCK_MONOTONIC	1
#define HRT_CLOCK_BOOTTIME	7
#define HRT_CLOCK_TAI		11

static int64_t clock_ns(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* now on the clock @clockid, as ktime_get*() read it */
int64_t umod_clock_now(int clockid)
{
	if (clockid == HRT_CLOCK_REALTIME)
		return clock_ns(CLOCK_REALTIME);
	if (clockid == HRT_CLOCK_TAI)
		return clock_ns(CLOCK_TAI);
	return (int64_t)umod_ns_since_boot();	/* monotonic, boottime */
}

static long long get_monotonic(void)
{
	return umod_clock_now(HRT_CLOCK_MONOTONIC);
}

static long long get_realtime(void)
{
	return umod_clock_now(HRT_CLOCK_REALTIME);
}

static long long get_tai(void)
{
	return umod_clock_now(HRT_CLOCK_TAI);
}

/*
 * 6.1's clock bases, in enum hrtimer_base_type's order (hard, then soft):
 * hrtimer.base points at one, whose get_time the inline
 * hrtimer_cb_get_time() and hrtimer_forward_now() call.
 */
#define BASE(i, clk, fn) { .index = (i), .clockid = (clk), .get_time = (fn) }
static struct hrtimer_clock_base clock_bases[8] = {
	BASE(0, HRT_CLOCK_MONOTONIC, get_monotonic), BASE(1, HRT_CLOCK_REALTIME, get_realtime),
	BASE(2, HRT_CLOCK_BOOTTIME, get_monotonic), BASE(3, HRT_CLOCK_TAI, get_tai),
	BASE(4, HRT_CLOCK_MONOTONIC, get_monotonic), BASE(5, HRT_CLOCK_REALTIME, get_realtime),
	BASE(6, HRT_CLOCK_BOOTTIME, get_monotonic), BASE(7, HRT_CLOCK_TAI, get_tai),
};

/* HRTIMER_RESOLUTION: the host's condition wait is nanosecond-grained */
static unsigned int hrtimer_resolution = 1;

static struct hrtimer_clock_base *clock_base(int clock_id, bool soft)
{
	unsigned int i;

	switch (clock_id) {
	case HRT_CLOCK_REALTIME:
		i = 1;
		break;
	case HRT_CLOCK_BOOTTIME:
		i = 2;
		break;
	case HRT_CLOCK_TAI:
		i = 3;
		break;
	default:
		i = 0;
	}
	return &clock_bases[soft ? i + 4 : i];
}

/* the boot-clock deadline of @timer's expiry */
static uint64_t hrtimer_deadline(const struct hrtimer *timer)
{
	int64_t t = timer->_softexpires;
	int clockid = timer->base->clockid;

	if (clockid == HRT_CLOCK_REALTIME || clockid == HRT_CLOCK_TAI)
		t += (int64_t)umod_ns_since_boot() - umod_clock_now(clockid);
	return t > 0 ? (uint64_t)t : 0;
}

static void kapi_hrtimer_init(struct hrtimer *timer, int clock_id, unsigned int mode)
{
	bool soft = mode & HRTIMER_MODE_SOFT;

	memset(timer, 0, sizeof(*timer));
	timer->base = clock_base(clock_id, soft);
	timer->is_soft = soft;
	timer->is_hard = !!(mode & HRTIMER_MODE_HARD);
	timer->node.node.__rb_parent_color = (unsigned long)&timer->node.node;
}

/* lhs + rhs, or KTIME_SEC_MAX seconds on overflow, as the kernel's */
static int64_t kapi_ktime_add_safe(int64_t lhs, int64_t rhs)
{
	int64_t res = (int64_t)((uint64_t)lhs + (uint64_t)rhs);

	if (res < 0 || res < lhs || res < rhs)
		res = INT64_MAX / 1000000000 * 1000000000;
	return res;
}

static void kapi_hrtimer_start_range_ns(struct hrtimer *timer, int64_t tim, uint64_t range,
					unsigned int mode)
{
	struct module *owner = umod_callback_owner(UMOD_CALLER(), (const void *)timer->function);

	if (mode & HRTIMER_MODE_REL)
		tim = kapi_ktime_add_safe(timer->base->get_time(), tim);
	timer->is_rel = !!(mode & HRTIMER_MODE_REL);
	umod_tq_lock();
	umod_tq_del_locked(timer);
	timer->_softexpires = tim;
	timer->node.expires = kapi_ktime_add_safe(tim, (int64_t)range);
	umod_tq_add_locked(timer, UMOD_TNODE_HRTIMER, owner, hrtimer_deadline(timer));
	umod_tq_unlock();
}

/* 1: taken off the queue, 0: was not queued, -1: its callback runs now */
static int kapi_hrtimer_try_to_cancel(struct hrtimer *timer)
{
	int ret;

	umod_tq_lock();
	ret = umod_tq_del_locked(timer);
	if (!ret && umod_tq_running_locked(timer) && !umod_in_timer_thread())
		ret = -1;
	umod_tq_unlock();
	return ret;
}

/* waits for a running callback (which may restart it), then cancels */
static int kapi_hrtimer_cancel(struct hrtimer *timer)
{
	int ret;

	umod_tq_lock();
	umod_tq_wait_locked(timer);
	ret = umod_tq_del_locked(timer);
	umod_tq_unlock();
	return ret;
}

static bool kapi_hrtimer_active(const struct hrtimer *timer)
{
	bool active;

	umod_tq_lock();
	active = umod_tq_queued_locked(timer) || umod_tq_running_locked(timer);
	umod_tq_unlock();
	return active;
}

/*
 * Moves the expiry forward by whole @intervals until it is after @now;
 * returns how many intervals it moved (the overruns), 0 if it was already
 * after @now.
 */
static uint64_t kapi_hrtimer_forward(struct hrtimer *timer, int64_t now, int64_t interval)
{
	int64_t delta = now - timer->node.expires;
	uint64_t orun = 1;

	if (delta < 0)
		return 0;
	if (interval < (int64_t)hrtimer_resolution)
		interval = hrtimer_resolution;
	if (delta >= interval) {
		orun = (uint64_t)(delta / interval);
		timer->node.expires = timer->node.expires + (int64_t)orun * interval;
		timer->_softexpires = timer->_softexpires + (int64_t)orun * interval;
		if (timer->node.expires > now)
			return orun;
		orun++;
	}
	timer->node.expires = kapi_ktime_add_safe(timer->node.expires, interval);
	timer->_softexpires = kapi_ktime_add_safe(timer->_softexpires, interval);
	return orun;
}

static int64_t kapi_hrtimer_get_remaining(const struct hrtimer *timer, bool adjust)
{
	(void)adjust;
	return timer->node.expires - timer->base->get_time();
}

static long call_hrtimer_fn(void *arg)
{
	struct hrtimer *timer = arg;

	return timer->function(timer);
}

/* on the timer thread: the callback, then its restart */
void umod_hrtimer_run(struct hrtimer *timer, struct module *owner)
{
	struct hrtimer_clock_base *base = timer->base;
	long restart = HRTIMER_NORESTART;
	int oops;

	if (!timer->function)
		return;
	__atomic_store_n(&base->running, timer, __ATOMIC_RELEASE);
	oops = umod_softirq_call(owner, call_hrtimer_fn, timer, &restart);
	__atomic_store_n(&base->running, NULL, __ATOMIC_RELEASE);
	if (oops || restart == HRTIMER_NORESTART)
		return;		/* an oops: not restarted */
	umod_tq_lock();
	if (!umod_tq_queued_locked(timer))	/* unless it was started again meanwhile */
		umod_tq_add_locked(timer, UMOD_TNODE_HRTIMER, owner, hrtimer_deadline(timer));
	umod_tq_unlock();
}

static const struct umod_kapi_export hrtimer_exports[] = {
	UMOD_KAPI_GPL("hrtimer_init", kapi_hrtimer_init),
	UMOD_KAPI_GPL("hrtimer_start_range_ns", kapi_hrtimer_start_range_ns),
	UMOD_KAPI_GPL("hrtimer_try_to_cancel", kapi_hrtimer_try_to_cancel),
	UMOD_KAPI_GPL("hrtimer_cancel", kapi_hrtimer_cancel),
	UMOD_KAPI_GPL("hrtimer_active", kapi_hrtimer_active),
	UMOD_KAPI_GPL("hrtimer_forward", kapi_hrtimer_forward),
	UMOD_KAPI_GPL("__hrtimer_get_remaining", kapi_hrtimer_get_remaining),
	UMOD_KAPI_GPL("hrtimer_resolution", &hrtimer_resolution),
	UMOD_KAPI_GPL("ktime_add_safe", kapi_ktime_add_safe),
};

const struct umod_kapi_table umod_kapi_hrtimer = UMOD_KAPI_TABLE(hrtimer_exports);
