/* SPDX-License-Identifier: MIT */
/*
 * Timers, hrtimers, tasklets and work items as module code and the host
 * both see them: modules embed them in their own structures and set
 * their fields (timer.expires, timer.function), the host queues them on
 * its timer thread and its workers. The fields Linux code touches come
 * first with the kernel's names; the host's follow. Builtin types only,
 * as in kabi.h.
 */
#ifndef _UMOD_KABI_TIMER_H
#define _UMOD_KABI_TIMER_H

#include <umod/kabi/types.h>

struct module;

/*
 * A place on the timer thread's queue (kernel/time/timer.c), sorted by
 * when_ns; entry.next is NULL while it is not queued, so a zeroed (static)
 * object is idle. kind says which of the structures below holds it.
 */
struct umod_tnode {
	struct list_head entry;
	unsigned long long when_ns;	/* since boot (CLOCK_MONOTONIC) */
	unsigned int kind;		/* UMOD_TNODE_* */
};

#define UMOD_TNODE_TIMER	0
#define UMOD_TNODE_HRTIMER	1
#define UMOD_TNODE_TASKLET	2

struct timer_list {
	struct umod_tnode node;
	unsigned long expires;			/* in jiffies */
	void (*function)(struct timer_list *);
	unsigned int flags;			/* TIMER_* */
	/* whose code function is: recorded by timer_setup()/DEFINE_TIMER */
	struct module *owner;
};

enum hrtimer_restart {
	HRTIMER_NORESTART,	/* the timer is done */
	HRTIMER_RESTART,	/* the callback moved its expiry: run again */
};

struct hrtimer {
	struct umod_tnode node;
	long long _softexpires;			/* ktime_t on its own clock */
	enum hrtimer_restart (*function)(struct hrtimer *);
	int clockid;				/* CLOCK_MONOTONIC, ... */
	unsigned int mode;			/* HRTIMER_MODE_* given to init */
	struct module *owner;
};

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
	struct module *owner;
	struct umod_tnode node;			/* the host's */
};

#include <umod/kabi/workqueue.h>	/* delayed_work, which embeds timer_list */

#endif /* _UMOD_KABI_TIMER_H */
