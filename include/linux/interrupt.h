/* SPDX-License-Identifier: MIT */
/*
 * Interrupt handlers and tasklets (Linux 6.1's include/linux/interrupt.h).
 * request_irq()'s handler runs in hard-IRQ context on the host's
 * interrupt thread (in_irq() is true, sleeping is reported), a threaded
 * handler on its own kernel thread irq/N-name; the interrupts come from
 * the board's controllers (a GPIO line's edge, a device model's line).
 * Tasklets: deferred functions run once per tasklet_schedule(), in
 * softirq context on the host's timer thread, never two at once.
 */
#ifndef _LINUX_INTERRUPT_H
#define _LINUX_INTERRUPT_H

#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/export.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/irqnr.h>
#include <linux/irqreturn.h>
#include <linux/types.h>
#include <asm/irq.h>
#include <linux/atomic.h>
#include <linux/bitops.h>
#include <umod/kabi/timer.h>

struct device;

/* request_irq()'s flags: the trigger, then the handling */
#define IRQF_TRIGGER_NONE	0x00000000
#define IRQF_TRIGGER_RISING	0x00000001
#define IRQF_TRIGGER_FALLING	0x00000002
#define IRQF_TRIGGER_HIGH	0x00000004
#define IRQF_TRIGGER_LOW	0x00000008
#define IRQF_TRIGGER_MASK	(IRQF_TRIGGER_HIGH | IRQF_TRIGGER_LOW | \
				 IRQF_TRIGGER_RISING | IRQF_TRIGGER_FALLING)
#define IRQF_TRIGGER_PROBE	0x00000010

#define IRQF_SHARED		0x00000080
#define IRQF_PROBE_SHARED	0x00000100
#define __IRQF_TIMER		0x00000200
#define IRQF_PERCPU		0x00000400
#define IRQF_NOBALANCING	0x00000800
#define IRQF_IRQPOLL		0x00001000
#define IRQF_ONESHOT		0x00002000
#define IRQF_NO_SUSPEND		0x00004000
#define IRQF_FORCE_RESUME	0x00008000
#define IRQF_NO_THREAD		0x00010000
#define IRQF_EARLY_RESUME	0x00020000
#define IRQF_COND_SUSPEND	0x00040000
#define IRQF_NO_AUTOEN		0x00080000
#define IRQF_NO_DEBUG		0x00100000

#define IRQF_TIMER		(__IRQF_TIMER | IRQF_NO_SUSPEND | IRQF_NO_THREAD)

typedef irqreturn_t (*irq_handler_t)(int, void *);

int __must_check request_threaded_irq(unsigned int irq, irq_handler_t handler,
				      irq_handler_t thread_fn, unsigned long flags,
				      const char *name, void *dev);

static inline int __must_check request_irq(unsigned int irq, irq_handler_t handler,
					   unsigned long flags, const char *name, void *dev)
{
	return request_threaded_irq(irq, handler, NULL, flags, name, dev);
}

/* what request_any_context_irq() returns on success */
enum {
	IRQC_IS_HARDIRQ	= 0,
	IRQC_IS_NESTED,
};

int __must_check request_any_context_irq(unsigned int irq, irq_handler_t handler,
					 unsigned long flags, const char *name, void *dev_id);

const void *free_irq(unsigned int irq, void *dev_id);

int __must_check devm_request_threaded_irq(struct device *dev, unsigned int irq,
					   irq_handler_t handler, irq_handler_t thread_fn,
					   unsigned long irqflags, const char *devname,
					   void *dev_id);

static inline int __must_check devm_request_irq(struct device *dev, unsigned int irq,
						irq_handler_t handler, unsigned long irqflags,
						const char *devname, void *dev_id)
{
	return devm_request_threaded_irq(dev, irq, handler, NULL, irqflags, devname, dev_id);
}

int __must_check devm_request_any_context_irq(struct device *dev, unsigned int irq,
					      irq_handler_t handler, unsigned long irqflags,
					      const char *devname, void *dev_id);
void devm_free_irq(struct device *dev, unsigned int irq, void *dev_id);

bool irq_has_action(unsigned int irq);
void disable_irq_nosync(unsigned int irq);
bool disable_hardirq(unsigned int irq);
void disable_irq(unsigned int irq);
void enable_irq(unsigned int irq);
void synchronize_irq(unsigned int irq);
bool synchronize_hardirq(unsigned int irq);
void irq_wake_thread(unsigned int irq, void *dev_id);

int irq_set_irq_wake(unsigned int irq, unsigned int on);

static inline int enable_irq_wake(unsigned int irq)
{
	return irq_set_irq_wake(irq, 1);
}

static inline int disable_irq_wake(unsigned int irq)
{
	return irq_set_irq_wake(irq, 0);
}

/* the primary handler of a threaded interrupt without one: wake the thread */
static inline irqreturn_t irq_default_primary_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_WAKE_THREAD;
}

#define DECLARE_TASKLET(name, _callback)				\
	struct tasklet_struct name = {					\
		.count = ATOMIC_INIT(0),				\
		.callback = _callback,					\
		.use_callback = true,					\
	}

#define DECLARE_TASKLET_DISABLED(name, _callback)			\
	struct tasklet_struct name = {					\
		.count = ATOMIC_INIT(1),				\
		.callback = _callback,					\
		.use_callback = true,					\
	}

#define from_tasklet(var, callback_tasklet, tasklet_fieldname)		\
	container_of(callback_tasklet, typeof(*var), tasklet_fieldname)

#define DECLARE_TASKLET_OLD(name, _func)				\
	struct tasklet_struct name = {					\
		.count = ATOMIC_INIT(0),				\
		.func = _func,						\
	}

#define DECLARE_TASKLET_DISABLED_OLD(name, _func)			\
	struct tasklet_struct name = {					\
		.count = ATOMIC_INIT(1),				\
		.func = _func,						\
	}

enum {
	TASKLET_STATE_SCHED,	/* scheduled, not yet run */
	TASKLET_STATE_RUN,	/* running */
};

static inline int tasklet_trylock(struct tasklet_struct *t)
{
	return !test_and_set_bit(TASKLET_STATE_RUN, &(t)->state);
}

void tasklet_unlock(struct tasklet_struct *t);
void tasklet_unlock_wait(struct tasklet_struct *t);
void tasklet_unlock_spin_wait(struct tasklet_struct *t);

void __tasklet_schedule(struct tasklet_struct *t);

static inline void tasklet_schedule(struct tasklet_struct *t)
{
	if (!test_and_set_bit(TASKLET_STATE_SCHED, &t->state))
		__tasklet_schedule(t);
}

void __tasklet_hi_schedule(struct tasklet_struct *t);

static inline void tasklet_hi_schedule(struct tasklet_struct *t)
{
	if (!test_and_set_bit(TASKLET_STATE_SCHED, &t->state))
		__tasklet_hi_schedule(t);
}

static inline void tasklet_disable_nosync(struct tasklet_struct *t)
{
	atomic_inc(&t->count);
	smp_mb__after_atomic();
}

static inline void tasklet_disable_in_atomic(struct tasklet_struct *t)
{
	tasklet_disable_nosync(t);
	tasklet_unlock_spin_wait(t);
	smp_mb();
}

/* disabled, and not running any more when it returns */
static inline void tasklet_disable(struct tasklet_struct *t)
{
	tasklet_disable_nosync(t);
	tasklet_unlock_wait(t);
	smp_mb();
}

/* the host looks at a parked tasklet again a tick later */
static inline void tasklet_enable(struct tasklet_struct *t)
{
	smp_mb__before_atomic();
	atomic_dec(&t->count);
}

void tasklet_kill(struct tasklet_struct *t);
void tasklet_init(struct tasklet_struct *t, void (*func)(unsigned long), unsigned long data);
void tasklet_setup(struct tasklet_struct *t, void (*callback)(struct tasklet_struct *));

#endif /* _LINUX_INTERRUPT_H */
