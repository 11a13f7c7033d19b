/* SPDX-License-Identifier: MIT */
/*
 * The architecture's interrupt numbers (arch/arm64/include/asm/irq.h):
 * a board's interrupts are all mapped through domains, from 1 up; 0 is
 * never a valid IRQ.
 */
#ifndef __ASM_IRQ_H
#define __ASM_IRQ_H

#include <linux/threads.h>

#define NR_IRQS		64	/* the legacy descriptors; more are allocated on demand */

static inline int irq_canonicalize(int irq)
{
	return irq;
}

#endif /* __ASM_IRQ_H */
