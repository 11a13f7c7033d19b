/* SPDX-License-Identifier: MIT */
/*
 * timer_list: a function called in softirq context once jiffies reach
 * timer->expires, on the host's timer thread. 6.1's structure and calls:
 * the host finds the module whose code the function is from its address
 * when the timer is armed, so the call runs as that module's code (an
 * oops is an oops of that callback) and what the module forgets at
 * unload is found and cancelled.
 */
#ifndef _LINUX_TIMER_H
#define _LINUX_TIMER_H

#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/export.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/poison.h>
#include <linux/stddef.h>
#include <linux/stringify.h>
#include <linux/types.h>
#include <umod/kabi/timer.h>
#include <linux/list.h>
#include <linux/spinlock.h>

struct lock_class_key;

/* the kernel's flag bits; none changes what the host does */
#define TIMER_CPUMASK		0x0003FFFF
#define TIMER_MIGRATING		0x00040000
#define TIMER_BASEMASK		(TIMER_CPUMASK | TIMER_MIGRATING)
#define TIMER_DEFERRABLE	0x00080000
#define TIMER_PINNED		0x00100000
#define TIMER_IRQSAFE		0x00200000
#define TIMER_INIT_FLAGS	(TIMER_DEFERRABLE | TIMER_PINNED | TIMER_IRQSAFE)
#define TIMER_ARRAYSHIFT	22
#define TIMER_ARRAYMASK		0xFFC00000

#define TIMER_TRACE_FLAGMASK	(TIMER_MIGRATING | TIMER_DEFERRABLE | TIMER_PINNED | TIMER_IRQSAFE)

#define __TIMER_INITIALIZER(_function, _flags) {			\
		.entry = { .next = TIMER_ENTRY_STATIC },		\
		.function = (_function),				\
		.flags = (_flags),					\
	}

#define DEFINE_TIMER(_name, _function)					\
	struct timer_list _name =					\
		__TIMER_INITIALIZER(_function, 0)

void init_timer_key(struct timer_list *timer, void (*func)(struct timer_list *),
		    unsigned int flags, const char *name, struct lock_class_key *key);

static inline void init_timer_on_stack_key(struct timer_list *timer,
					   void (*func)(struct timer_list *),
					   unsigned int flags, const char *name,
					   struct lock_class_key *key)
{
	init_timer_key(timer, func, flags, name, key);
}

#define __init_timer(_timer, _fn, _flags)				\
	init_timer_key((_timer), (_fn), (_flags), NULL, NULL)
#define __init_timer_on_stack(_timer, _fn, _flags)			\
	init_timer_on_stack_key((_timer), (_fn), (_flags), NULL, NULL)

#define timer_setup(timer, callback, flags)				\
	__init_timer((timer), (callback), (flags))
#define timer_setup_on_stack(timer, callback, flags)			\
	__init_timer_on_stack((timer), (callback), (flags))

static inline void destroy_timer_on_stack(struct timer_list *timer) { }

#define from_timer(var, callback_timer, timer_fieldname)		\
	container_of(callback_timer, typeof(*var), timer_fieldname)

/* queued on the timer thread, not yet run */
static inline int timer_pending(const struct timer_list *timer)
{
	return !hlist_unhashed_lockless(&timer->entry);
}

void add_timer_on(struct timer_list *timer, int cpu);
int mod_timer(struct timer_list *timer, unsigned long expires);
int mod_timer_pending(struct timer_list *timer, unsigned long expires);
int timer_reduce(struct timer_list *timer, unsigned long expires);

#define NEXT_TIMER_MAX_DELTA	((1UL << 30) - 1)

void add_timer(struct timer_list *timer);

int try_to_del_timer_sync(struct timer_list *timer);
int timer_delete_sync(struct timer_list *timer);
int timer_delete(struct timer_list *timer);
int timer_shutdown_sync(struct timer_list *timer);
int timer_shutdown(struct timer_list *timer);

static inline int del_timer_sync(struct timer_list *timer)
{
	return timer_delete_sync(timer);
}

static inline int del_timer(struct timer_list *timer)
{
	return timer_delete(timer);
}


#endif /* _LINUX_TIMER_H */
