/* SPDX-License-Identifier: MIT */
/* Interrupt context: no hard interrupts reach module code in a process. */
#ifndef _LINUX_HARDIRQ_H
#define _LINUX_HARDIRQ_H

#include <linux/preempt.h>
#include <asm/hardirq.h>
#include <linux/bug.h>
#include <linux/smp.h>
#include <linux/lockdep.h>
#include <linux/sched.h>

#define nmi_enter()		do { } while (0)
#define nmi_exit()		do { } while (0)

#endif /* _LINUX_HARDIRQ_H */
