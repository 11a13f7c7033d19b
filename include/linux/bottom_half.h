/* SPDX-License-Identifier: MIT */
/*
 * local_bh_disable(): the softirq-disable count in preempt_count(), as
 * the kernel's (SOFTIRQ_DISABLE_OFFSET), so in_softirq() is true inside.
 */
#ifndef _LINUX_BH_H
#define _LINUX_BH_H

#include <linux/preempt.h>
#include <linux/instruction_pointer.h>

void __local_bh_disable_ip(unsigned long ip, unsigned int cnt);
void __local_bh_enable_ip(unsigned long ip, unsigned int cnt);

static inline void local_bh_disable(void)
{
	__local_bh_disable_ip(0, SOFTIRQ_DISABLE_OFFSET);
}

static inline void local_bh_enable(void)
{
	__local_bh_enable_ip(0, SOFTIRQ_DISABLE_OFFSET);
}

#endif /* _LINUX_BH_H */
