/* SPDX-License-Identifier: MIT */
/*
 * kernel/time/timer.c's timer thread and its queue, and what runs on it:
 * timers, hrtimers (hrtimer.c), tasklets (kernel/softirq.c) and the timers
 * of delayed works (kernel/workqueue.c).
 */
#ifndef _UMOD_KERNEL_TIME_TICK_INTERNAL_H
#define _UMOD_KERNEL_TIME_TICK_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <umod/kabi/timer.h>

struct module;
struct umod_module;

/*
 * A place on the timer thread's queue (timer.c), sorted by when_ns: the
 * host's side of a queued timer_list, hrtimer or tasklet_struct (obj),
 * found from the object's address; there only while the object is queued.
 */
struct umod_tnode {
	struct list_head entry;		/* on the queue, by when_ns */
	struct umod_tnode *hnext;	/* in its hash bucket */
	struct hlist_head head;		/* a timer_list's entry hangs here */
	void *obj;
	unsigned long long when_ns;	/* since boot (CLOCK_MONOTONIC) */
	struct module *owner;		/* whose code the callback is, NULL: host */
	unsigned int kind;		/* UMOD_TNODE_* */
};

#define UMOD_TNODE_TIMER	0
#define UMOD_TNODE_HRTIMER	1
#define UMOD_TNODE_TASKLET	2

/* a host thread that runs module code: only fault and watchdog signals */
int umod_thread_spawn(pthread_t *thread, void *(*fn)(void *), void *arg);
/* @fn(@arg) in softirq context, as @owner's code (NULL: host code) */
int umod_softirq_call(struct module *owner, long (*fn)(void *), void *arg, long *retp);
/* the module whose code @fn is, else @caller (an exported function's) */
struct module *umod_callback_owner(struct module *caller, const void *fn);
/* the timer thread's queue (timer.c), one lock for timers, hrtimers, tasklets */
void umod_tq_lock(void);
void umod_tq_unlock(void);
void umod_tq_add_locked(void *obj, unsigned int kind, struct module *owner, uint64_t when_ns);
bool umod_tq_del_locked(void *obj);
bool umod_tq_queued_locked(const void *obj);
bool umod_tq_running_locked(const void *obj);
void umod_tq_wait_locked(const void *obj);
void umod_tq_for_each_locked(bool (*fn)(struct umod_tnode *n, void *arg), void *arg);
bool umod_in_timer_thread(void);
/* mod_timer(), timer_delete(), timer_delete_sync() for host code: @caller as the exports' */
int umod_mod_timer(struct timer_list *timer, unsigned long expires, struct module *caller);
int umod_timer_delete(struct timer_list *timer);
int umod_del_timer_sync(struct timer_list *timer);
void umod_hrtimer_run(struct hrtimer *timer, struct module *owner);
void umod_tasklet_run(struct tasklet_struct *t, struct module *owner);
bool umod_tasklet_cancel_locked(struct tasklet_struct *t);
/* module_leftovers[]: what @mod left armed, queued or running (timer.c) */
void umod_time_leftovers(struct umod_module *mod);
void umod_leftover_report(struct umod_module *mod, const char *what, const void *fn,
			  const char *how);

#endif /* _UMOD_KERNEL_TIME_TICK_INTERNAL_H */
