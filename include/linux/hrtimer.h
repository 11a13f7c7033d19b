/* SPDX-License-Identifier: MIT */
/*
 * hrtimer: a function called at a ktime_t on one of the clocks, in softirq
 * context on the host's timer thread (the same thread as timer_list),
 * with nanosecond resolution as far as the host's condition wait gives.
 * hrtimer_init() records THIS_MODULE as the owner.
 */
#ifndef _LINUX_HRTIMER_H
#define _LINUX_HRTIMER_H

#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/export.h>
#include <linux/ktime.h>
#include <linux/timer.h>
#include <linux/types.h>
#include <umod/kabi/timer.h>
#include <linux/rbtree.h>
#include <linux/seqlock.h>
#include <linux/percpu.h>

/* the clocks, as uapi/linux/time.h numbers them */
#ifndef CLOCK_REALTIME
#define CLOCK_REALTIME		0
#define CLOCK_MONOTONIC		1
#define CLOCK_BOOTTIME		7
#define CLOCK_TAI		11
#endif

enum hrtimer_mode {
	HRTIMER_MODE_ABS	= 0x00,
	HRTIMER_MODE_REL	= 0x01,
	HRTIMER_MODE_PINNED	= 0x02,
	HRTIMER_MODE_SOFT	= 0x04,
	HRTIMER_MODE_HARD	= 0x08,

	HRTIMER_MODE_ABS_PINNED	= HRTIMER_MODE_ABS | HRTIMER_MODE_PINNED,
	HRTIMER_MODE_REL_PINNED	= HRTIMER_MODE_REL | HRTIMER_MODE_PINNED,
	HRTIMER_MODE_ABS_SOFT	= HRTIMER_MODE_ABS | HRTIMER_MODE_SOFT,
	HRTIMER_MODE_REL_SOFT	= HRTIMER_MODE_REL | HRTIMER_MODE_SOFT,
	HRTIMER_MODE_ABS_PINNED_SOFT = HRTIMER_MODE_ABS_PINNED | HRTIMER_MODE_SOFT,
	HRTIMER_MODE_REL_PINNED_SOFT = HRTIMER_MODE_REL_PINNED | HRTIMER_MODE_SOFT,
	HRTIMER_MODE_ABS_HARD	= HRTIMER_MODE_ABS | HRTIMER_MODE_HARD,
	HRTIMER_MODE_REL_HARD	= HRTIMER_MODE_REL | HRTIMER_MODE_HARD,
	HRTIMER_MODE_ABS_PINNED_HARD = HRTIMER_MODE_ABS_PINNED | HRTIMER_MODE_HARD,
	HRTIMER_MODE_REL_PINNED_HARD = HRTIMER_MODE_REL_PINNED | HRTIMER_MODE_HARD,
};

/* the owner is the module calling hrtimer_init() */
void __hrtimer_init(struct module *owner, struct hrtimer *timer, int clock_id,
		    enum hrtimer_mode mode);
#define hrtimer_init(timer, clock_id, mode)				\
	__hrtimer_init(THIS_MODULE, (timer), (clock_id), (mode))
#define hrtimer_init_on_stack(timer, clock_id, mode)			\
	hrtimer_init(timer, clock_id, mode)
#define destroy_hrtimer_on_stack(timer)	do { } while (0)

void hrtimer_start_range_ns(struct hrtimer *timer, ktime_t tim, u64 range_ns,
			    const enum hrtimer_mode mode);
int hrtimer_cancel(struct hrtimer *timer);
int hrtimer_try_to_cancel(struct hrtimer *timer);
bool hrtimer_active(const struct hrtimer *timer);
u64 hrtimer_forward(struct hrtimer *timer, ktime_t now, ktime_t interval);
ktime_t hrtimer_cb_get_time(struct hrtimer *timer);
ktime_t __hrtimer_get_remaining(const struct hrtimer *timer, bool adjust);

static inline void hrtimer_start(struct hrtimer *timer, ktime_t tim,
				 const enum hrtimer_mode mode)
{
	hrtimer_start_range_ns(timer, tim, 0, mode);
}

static inline void hrtimer_start_expires(struct hrtimer *timer, enum hrtimer_mode mode)
{
	hrtimer_start_range_ns(timer, timer->_softexpires, 0, mode);
}

static inline void hrtimer_restart(struct hrtimer *timer)
{
	hrtimer_start_expires(timer, HRTIMER_MODE_ABS);
}

static inline u64 hrtimer_forward_now(struct hrtimer *timer, ktime_t interval)
{
	return hrtimer_forward(timer, hrtimer_cb_get_time(timer), interval);
}

static inline void hrtimer_set_expires(struct hrtimer *timer, ktime_t time)
{
	timer->_softexpires = time;
}

static inline void hrtimer_set_expires_range_ns(struct hrtimer *timer, ktime_t time, u64 delta)
{
	(void)delta;
	timer->_softexpires = time;
}

static inline void hrtimer_add_expires_ns(struct hrtimer *timer, u64 ns)
{
	timer->_softexpires += (s64)ns;
}

static inline void hrtimer_add_expires(struct hrtimer *timer, ktime_t time)
{
	timer->_softexpires += time;
}

static inline ktime_t hrtimer_get_expires(const struct hrtimer *timer)
{
	return timer->_softexpires;
}

static inline ktime_t hrtimer_get_softexpires(const struct hrtimer *timer)
{
	return timer->_softexpires;
}

static inline s64 hrtimer_get_expires_ns(const struct hrtimer *timer)
{
	return timer->_softexpires;
}

static inline ktime_t hrtimer_get_remaining(const struct hrtimer *timer)
{
	return __hrtimer_get_remaining(timer, false);
}

/* queued on the timer thread (its callback may be running too) */
static inline bool hrtimer_is_queued(const struct hrtimer *timer)
{
	return READ_ONCE(timer->node.entry.next) != NULL;
}

#endif /* _LINUX_HRTIMER_H */
