/* SPDX-License-Identifier: MIT */
/*
 * Per-CPU interrupt statistics (x86's irq_cpustat_t). No hardware
 * interrupt reaches a process: the counts stay zero.
 */
#ifndef _ASM_X86_HARDIRQ_H
#define _ASM_X86_HARDIRQ_H

#include <linux/types.h>
#include <linux/cache.h>
#include <linux/threads.h>

typedef struct {
	u16 __softirq_pending;
	unsigned int __nmi_count;
	unsigned int apic_timer_irqs;
	unsigned int irq_spurious_count;
} ____cacheline_aligned irq_cpustat_t;

#define __ARCH_IRQ_STAT

static inline void ack_bad_irq(unsigned int irq)
{
	(void)irq;
}

#endif /* _ASM_X86_HARDIRQ_H */
