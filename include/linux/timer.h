/* SPDX-License-Identifier: MIT */
/*
 * timer_list: a function called in softirq context once jiffies reach
 * timer->expires, on the host's timer thread. timer_setup() and
 * DEFINE_TIMER record THIS_MODULE as the owner, so the call runs as that
 * module's code (an oops is an oops of that callback) and what the module
 * forgets at unload is found and cancelled.
 */
#ifndef _LINUX_TIMER_H
#define _LINUX_TIMER_H

#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/export.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/stddef.h>
#include <linux/types.h>
#include <umod/kabi/timer.h>
#include <linux/list.h>
#include <linux/spinlock.h>

/* the kernel's flag bits; none changes what the host does */
#define TIMER_CPUMASK		0x0003FFFF
#define TIMER_MIGRATING		0x00040000
#define TIMER_BASEMASK		(TIMER_CPUMASK | TIMER_MIGRATING)
#define TIMER_DEFERRABLE	0x00080000
#define TIMER_PINNED		0x00100000
#define TIMER_IRQSAFE		0x00200000
#define TIMER_INIT_FLAGS	(TIMER_DEFERRABLE | TIMER_PINNED | TIMER_IRQSAFE)

#define __TIMER_INITIALIZER(_function, _flags) {			\
		.node = { .kind = UMOD_TNODE_TIMER },			\
		.function = (_function),				\
		.flags = (_flags),					\
		.owner = THIS_MODULE,					\
	}

#define DEFINE_TIMER(_name, _function)					\
	struct timer_list _name = __TIMER_INITIALIZER(_function, 0)

static inline void __umod_timer_init(struct timer_list *timer, struct module *owner,
				     void (*func)(struct timer_list *), unsigned int flags)
{
	timer->node.entry.next = NULL;
	timer->node.entry.prev = NULL;
	timer->node.when_ns = 0;
	timer->node.kind = UMOD_TNODE_TIMER;
	timer->expires = 0;
	timer->function = func;
	timer->flags = flags;
	timer->owner = owner;
}

#define timer_setup(timer, callback, flags)				\
	__umod_timer_init((timer), THIS_MODULE, (callback), (flags))
#define timer_setup_on_stack(timer, callback, flags)			\
	timer_setup(timer, callback, flags)
#define destroy_timer_on_stack(timer)	do { } while (0)

#define from_timer(var, callback_timer, timer_fieldname)		\
	container_of(callback_timer, __typeof__(*var), timer_fieldname)

/* queued on the timer thread, not yet run */
static inline int timer_pending(const struct timer_list *timer)
{
	return READ_ONCE(timer->node.entry.next) != NULL;
}

int mod_timer(struct timer_list *timer, unsigned long expires);
int mod_timer_pending(struct timer_list *timer, unsigned long expires);
int timer_reduce(struct timer_list *timer, unsigned long expires);
void add_timer(struct timer_list *timer);
void add_timer_on(struct timer_list *timer, int cpu);
int del_timer(struct timer_list *timer);
int try_to_del_timer_sync(struct timer_list *timer);
int del_timer_sync(struct timer_list *timer);
#define del_singleshot_timer_sync(t)	del_timer_sync(t)

#endif /* _LINUX_TIMER_H */
