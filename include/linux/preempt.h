/* SPDX-License-Identifier: MIT */
/*
 * preempt_count(): the calling task's count, in the kernel's bit layout
 * (preemption disables, softirq, hardirq). Nothing preempts a thread in
 * user space, so the count only records the context: spinlocks held,
 * bottom halves disabled, the timer thread's softirq context. in_atomic()
 * and might_sleep() read it.
 */
#ifndef _LINUX_PREEMPT_H
#define _LINUX_PREEMPT_H

#include <linux/compiler.h>
#include <linux/linkage.h>
#include <linux/list.h>
#include <linux/kernel.h>
#include <linux/thread_info.h>
#include <linux/threads.h>

#define PREEMPT_BITS		8
#define SOFTIRQ_BITS		8
#define HARDIRQ_BITS		4
#define NMI_BITS		4

#define PREEMPT_SHIFT		0
#define SOFTIRQ_SHIFT		(PREEMPT_SHIFT + PREEMPT_BITS)
#define HARDIRQ_SHIFT		(SOFTIRQ_SHIFT + SOFTIRQ_BITS)
#define NMI_SHIFT		(HARDIRQ_SHIFT + HARDIRQ_BITS)

#define __IRQ_MASK(x)		((1UL << (x)) - 1)
#define PREEMPT_MASK		(__IRQ_MASK(PREEMPT_BITS) << PREEMPT_SHIFT)
#define SOFTIRQ_MASK		(__IRQ_MASK(SOFTIRQ_BITS) << SOFTIRQ_SHIFT)
#define HARDIRQ_MASK		(__IRQ_MASK(HARDIRQ_BITS) << HARDIRQ_SHIFT)
#define NMI_MASK		(__IRQ_MASK(NMI_BITS) << NMI_SHIFT)

#define PREEMPT_OFFSET		(1UL << PREEMPT_SHIFT)
#define SOFTIRQ_OFFSET		(1UL << SOFTIRQ_SHIFT)
#define HARDIRQ_OFFSET		(1UL << HARDIRQ_SHIFT)
#define NMI_OFFSET		(1UL << NMI_SHIFT)
#define SOFTIRQ_DISABLE_OFFSET	(2 * SOFTIRQ_OFFSET)
#define PREEMPT_DISABLE_OFFSET	PREEMPT_OFFSET

/* the calling task's count */
int preempt_count(void);
void preempt_count_add(int val);
void preempt_count_sub(int val);

#define hardirq_count()		(preempt_count() & HARDIRQ_MASK)
#define softirq_count()		(preempt_count() & SOFTIRQ_MASK)
#define irq_count()		(preempt_count() & (NMI_MASK | HARDIRQ_MASK | SOFTIRQ_MASK))

#define in_nmi()		(preempt_count() & NMI_MASK)
#define in_hardirq()		(hardirq_count())
#define in_irq()		in_hardirq()
#define in_serving_softirq()	(softirq_count() & SOFTIRQ_OFFSET)
#define in_softirq()		(softirq_count())
#define in_interrupt()		(irq_count())
#define in_task()		(!(preempt_count() & (NMI_MASK | HARDIRQ_MASK | SOFTIRQ_OFFSET)))
#define in_atomic()		(preempt_count() != 0)
#define preemptible()		0

#define preempt_count_inc()	preempt_count_add(1)
#define preempt_count_dec()	preempt_count_sub(1)

#define preempt_disable()			\
do {						\
	preempt_count_inc();			\
	barrier();				\
} while (0)

#define preempt_enable()			\
do {						\
	barrier();				\
	preempt_count_dec();			\
} while (0)

#define sched_preempt_enable_no_resched()	preempt_enable()
#define preempt_enable_no_resched()		preempt_enable()
#define preempt_disable_notrace()		preempt_disable()
#define preempt_enable_notrace()		preempt_enable()
#define preempt_enable_no_resched_notrace()	preempt_enable()
#define preempt_check_resched()			do { } while (0)

/* a thread stays on its CPU as far as module code can tell */
#define migrate_disable()	preempt_disable()
#define migrate_enable()	preempt_enable()

#endif /* _LINUX_PREEMPT_H */
