/* SPDX-License-Identifier: MIT */
/*
 * Timers, hrtimers, tasklets and work items as module code and the host
 * both see them: modules embed them in their own structures and set
 * their fields (timer.expires, timer.function), the host queues them on
 * its timer thread and its workers. timer_list, hrtimer and
 * tasklet_struct are 6.1 amd64's, field for field: the host keeps what
 * else it needs (its queue node, the owner module) in a table keyed by
 * the object's address (kernel/time/timer.c). Builtin types only, as in
 * kabi.h.
 */
#ifndef _UMOD_KABI_TIMER_H
#define _UMOD_KABI_TIMER_H

#include <umod/kabi/rbtree.h>
#include <umod/kabi/types.h>

struct module;

/* entry.pprev is non-NULL while it is pending (timer_pending()) */
struct timer_list {
	struct hlist_node entry;
	unsigned long expires;			/* in jiffies */
	void (*function)(struct timer_list *);
	unsigned int flags;			/* TIMER_* */
};

enum hrtimer_restart {
	HRTIMER_NORESTART,	/* the timer is done */
	HRTIMER_RESTART,	/* the callback moved its expiry: run again */
};

struct timerqueue_node {
	struct rb_node node;
	long long expires;			/* ktime_t */
};

struct timerqueue_head {
	struct rb_root_cached rb_root;
};

struct hrtimer_clock_base;

/* state bit 0 is HRTIMER_STATE_ENQUEUED (hrtimer_is_queued()) */
struct hrtimer {
	struct timerqueue_node node;		/* node.expires: the hard expiry */
	long long _softexpires;			/* ktime_t on its own clock */
	enum hrtimer_restart (*function)(struct hrtimer *);
	struct hrtimer_clock_base *base;
	unsigned char state;
	unsigned char is_rel;
	unsigned char is_soft;
	unsigned char is_hard;
};

struct hrtimer_cpu_base;

/* one per clock and kind, the host's (hrtimer.c): modules read get_time */
struct hrtimer_clock_base {
	struct hrtimer_cpu_base *cpu_base;
	unsigned int index;
	int clockid;
	struct {
		unsigned int sequence;
	} seq;					/* seqcount_raw_spinlock_t */
	struct hrtimer *running;		/* whose callback runs now */
	struct timerqueue_head active;
	long long (*get_time)(void);
	long long offset;
} __attribute__((aligned(64)));

struct tasklet_struct {
	struct tasklet_struct *next;
	unsigned long state;			/* TASKLET_STATE_* bits */
	atomic_t count;				/* disabled while non-zero */
	_Bool use_callback;
	union {
		void (*func)(unsigned long data);
		void (*callback)(struct tasklet_struct *t);
	};
	unsigned long data;
};

#include <umod/kabi/workqueue.h>	/* delayed_work, which embeds timer_list */

#endif /* _UMOD_KABI_TIMER_H */
