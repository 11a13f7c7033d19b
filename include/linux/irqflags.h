/* SPDX-License-Identifier: MIT */
/*
 * local_irq_save() and friends. There are no interrupts to mask in a
 * process: the host keeps the calling task's "interrupts disabled" bit so
 * that irqs_disabled() and the might_sleep() report say what the kernel
 * would. The flags word is x86's: IF (0x200) set while enabled.
 */
#ifndef _LINUX_IRQFLAGS_H
#define _LINUX_IRQFLAGS_H

#include <linux/compiler.h>
#include <linux/typecheck.h>
#include <linux/const.h>
#include <linux/init.h>
#include <linux/stringify.h>
#include <linux/linkage.h>
#include <linux/panic.h>
#include <linux/printk.h>
#include <linux/kernel.h>
#include <asm/cache.h>
#include <linux/bug.h>
#include <linux/bitmap.h>
#include <linux/atomic.h>
#include <linux/threads.h>
#include <linux/static_key.h>	/* 6.1: through asm/irqflags.h, asm/nospec-branch.h */
#include <linux/percpu-defs.h>
#include <linux/cpumask.h>

#define ARCH_IRQ_ENABLED	0x200UL

unsigned long arch_local_save_flags(void);
unsigned long arch_local_irq_save(void);
void arch_local_irq_restore(unsigned long flags);

static inline int arch_irqs_disabled_flags(unsigned long flags)
{
	return !(flags & ARCH_IRQ_ENABLED);
}

#define raw_local_irq_disable()		((void)arch_local_irq_save())
#define raw_local_irq_enable()		arch_local_irq_restore(ARCH_IRQ_ENABLED)
#define raw_local_irq_save(flags)	do { (flags) = arch_local_irq_save(); } while (0)
#define raw_local_irq_restore(flags)	arch_local_irq_restore(flags)
#define raw_local_save_flags(flags)	do { (flags) = arch_local_save_flags(); } while (0)
#define raw_irqs_disabled_flags(flags)	arch_irqs_disabled_flags(flags)
#define raw_irqs_disabled()		arch_irqs_disabled_flags(arch_local_save_flags())

#define local_irq_enable()		raw_local_irq_enable()
#define local_irq_disable()		raw_local_irq_disable()
#define local_irq_save(flags)		raw_local_irq_save(flags)
#define local_irq_restore(flags)	raw_local_irq_restore(flags)
#define local_save_flags(flags)		raw_local_save_flags(flags)
#define irqs_disabled()			raw_irqs_disabled()
#define irqs_disabled_flags(flags)	raw_irqs_disabled_flags(flags)
#define safe_halt()			do { } while (0)

#endif /* _LINUX_IRQFLAGS_H */
