/* SPDX-License-Identifier: MIT */
/*
 * Tasklets: deferred functions run once per tasklet_schedule(), in softirq
 * context on the host's timer thread, never two at once. There are no
 * interrupts in a process: request_irq() & co. are not here.
 */
#ifndef _LINUX_INTERRUPT_H
#define _LINUX_INTERRUPT_H

#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/export.h>
#include <linux/hardirq.h>
#include <linux/types.h>
#include <umod/kabi/timer.h>

enum {
	TASKLET_STATE_SCHED,	/* scheduled, not yet run */
	TASKLET_STATE_RUN,	/* running */
};

#define DECLARE_TASKLET(name, _callback)				\
	struct tasklet_struct name = {					\
		.count = { 0 }, .use_callback = 1,			\
		.callback = _callback, .owner = THIS_MODULE,		\
		.node = { .kind = UMOD_TNODE_TASKLET },			\
	}
#define DECLARE_TASKLET_DISABLED(name, _callback)			\
	struct tasklet_struct name = {					\
		.count = { 1 }, .use_callback = 1,			\
		.callback = _callback, .owner = THIS_MODULE,		\
		.node = { .kind = UMOD_TNODE_TASKLET },			\
	}
#define DECLARE_TASKLET_OLD(name, _func)				\
	struct tasklet_struct name = {					\
		.count = { 0 }, .func = _func, .owner = THIS_MODULE,	\
		.node = { .kind = UMOD_TNODE_TASKLET },			\
	}

#define from_tasklet(var, callback_tasklet, tasklet_fieldname)		\
	container_of(callback_tasklet, __typeof__(*var), tasklet_fieldname)

void __tasklet_init(struct module *owner, struct tasklet_struct *t,
		    void (*func)(unsigned long), unsigned long data);
void __tasklet_setup(struct module *owner, struct tasklet_struct *t,
		     void (*callback)(struct tasklet_struct *));
#define tasklet_init(t, func, data)	__tasklet_init(THIS_MODULE, (t), (func), (data))
#define tasklet_setup(t, callback)	__tasklet_setup(THIS_MODULE, (t), (callback))

void __tasklet_schedule(struct tasklet_struct *t);
void __tasklet_hi_schedule(struct tasklet_struct *t);
void tasklet_kill(struct tasklet_struct *t);
void tasklet_unlock_wait(struct tasklet_struct *t);

static inline void tasklet_schedule(struct tasklet_struct *t)
{
	__tasklet_schedule(t);
}

static inline void tasklet_hi_schedule(struct tasklet_struct *t)
{
	__tasklet_hi_schedule(t);
}

static inline void tasklet_disable_nosync(struct tasklet_struct *t)
{
	__atomic_add_fetch(&t->count.counter, 1, __ATOMIC_SEQ_CST);
}

/* disabled, and not running any more when it returns */
static inline void tasklet_disable(struct tasklet_struct *t)
{
	tasklet_disable_nosync(t);
	tasklet_unlock_wait(t);
}

void tasklet_enable(struct tasklet_struct *t);

#endif /* _LINUX_INTERRUPT_H */
