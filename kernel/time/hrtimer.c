// SPDX-License-Identifier: MIT
/*
 * hrtimers on the timer thread (kernel/time/timer.c): each is queued by
 * the monotonic deadline its expiry on its own clock stands for, so the
 * realtime clock's jumps after arming are not followed (a process is not
 * told of them cheaply); the kernel re-sorts realtime timers on a clock
 * set. A callback that returns HRTIMER_RESTART is queued again at the
 * expiry it moved to (hrtimer_forward()).
 */
#include <string.h>
#include <time.h>

#include "kernel/kapi.h"
#include "kernel/time/tick-internal.h"
#include "kernel/time/timekeeping.h"

#define HRTIMER_MODE_REL	0x01
#define HRT_CLOCK_REALTIME	0
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

/* the boot-clock deadline of @timer's expiry */
static uint64_t hrtimer_deadline(const struct hrtimer *timer)
{
	int64_t t = timer->_softexpires;

	if (timer->clockid == HRT_CLOCK_REALTIME || timer->clockid == HRT_CLOCK_TAI)
		t += (int64_t)umod_ns_since_boot() - umod_clock_now(timer->clockid);
	return t > 0 ? (uint64_t)t : 0;
}

static void kapi_hrtimer_init(struct module *owner, struct hrtimer *timer, int clock_id,
			      unsigned int mode)
{
	memset(timer, 0, sizeof(*timer));
	timer->node.kind = UMOD_TNODE_HRTIMER;
	timer->clockid = clock_id;
	timer->mode = mode;
	timer->owner = owner;
}

static void kapi_hrtimer_start_range_ns(struct hrtimer *timer, int64_t tim, uint64_t range,
					unsigned int mode)
{
	(void)range;
	if (mode & HRTIMER_MODE_REL)
		tim += umod_clock_now(timer->clockid);
	umod_tq_lock();
	umod_tq_del_locked(&timer->node);
	timer->_softexpires = tim;
	umod_tq_add_locked(&timer->node, hrtimer_deadline(timer));
	umod_tq_unlock();
}

/* 1: taken off the queue, 0: was not queued, -1: its callback runs now */
static int kapi_hrtimer_try_to_cancel(struct hrtimer *timer)
{
	int ret;

	umod_tq_lock();
	ret = umod_tq_del_locked(&timer->node);
	if (!ret && umod_tq_running_locked(&timer->node) && !umod_in_timer_thread())
		ret = -1;
	umod_tq_unlock();
	return ret;
}

/* waits for a running callback (which may restart it), then cancels */
static int kapi_hrtimer_cancel(struct hrtimer *timer)
{
	int ret;

	umod_tq_lock();
	umod_tq_wait_locked(&timer->node);
	ret = umod_tq_del_locked(&timer->node);
	umod_tq_unlock();
	return ret;
}

static bool kapi_hrtimer_active(const struct hrtimer *timer)
{
	bool active;

	umod_tq_lock();
	active = timer->node.entry.next || umod_tq_running_locked(&timer->node);
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
	int64_t delta = now - timer->_softexpires;
	uint64_t orun = 1;

	if (delta < 0)
		return 0;
	if (interval <= 0)
		interval = 1;
	if (delta >= interval) {
		orun = (uint64_t)(delta / interval);
		timer->_softexpires += (int64_t)orun * interval;
		if (timer->_softexpires > now)
			return orun;
		orun++;
	}
	timer->_softexpires += interval;
	return orun;
}

static int64_t kapi_hrtimer_cb_get_time(struct hrtimer *timer)
{
	return umod_clock_now(timer->clockid);
}

static int64_t kapi_hrtimer_get_remaining(const struct hrtimer *timer, bool adjust)
{
	(void)adjust;
	return timer->_softexpires - umod_clock_now(timer->clockid);
}

static long call_hrtimer_fn(void *arg)
{
	struct hrtimer *timer = arg;

	return timer->function(timer);
}

/* on the timer thread: the callback, then its restart */
void umod_hrtimer_run(struct hrtimer *timer)
{
	long restart = HRTIMER_NORESTART;

	if (!timer->function)
		return;
	if (umod_softirq_call(timer->owner, call_hrtimer_fn, timer, &restart))
		return;		/* oopsed: not restarted */
	if (restart == HRTIMER_NORESTART)
		return;
	umod_tq_lock();
	if (!timer->node.entry.next)	/* unless it was started again meanwhile */
		umod_tq_add_locked(&timer->node, hrtimer_deadline(timer));
	umod_tq_unlock();
}

static const struct umod_kapi_export hrtimer_exports[] = {
	UMOD_KAPI("__hrtimer_init", kapi_hrtimer_init),
	UMOD_KAPI("hrtimer_start_range_ns", kapi_hrtimer_start_range_ns),
	UMOD_KAPI("hrtimer_try_to_cancel", kapi_hrtimer_try_to_cancel),
	UMOD_KAPI("hrtimer_cancel", kapi_hrtimer_cancel),
	UMOD_KAPI("hrtimer_active", kapi_hrtimer_active),
	UMOD_KAPI("hrtimer_forward", kapi_hrtimer_forward),
	UMOD_KAPI("hrtimer_cb_get_time", kapi_hrtimer_cb_get_time),
	UMOD_KAPI("__hrtimer_get_remaining", kapi_hrtimer_get_remaining),
};

const struct umod_kapi_table umod_kapi_hrtimer = UMOD_KAPI_TABLE(hrtimer_exports);
