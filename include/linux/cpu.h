/* SPDX-License-Identifier: MIT */
/*
 * CPU hotplug locking (kernel/cpu.c). CPUs never come and go in a umod
 * host: readers exclude nobody and disabling hotplug has nothing to stop,
 * but code written for 6.1 takes these locks and they must be there.
 */
#ifndef _LINUX_CPU_H_
#define _LINUX_CPU_H_

#include <linux/cpumask.h>
#include <linux/compiler.h>
#include <linux/smp.h>
#include <linux/device.h>	/* 6.1: through linux/node.h */

void cpus_read_lock(void);
void cpus_read_unlock(void);
int cpus_read_trylock(void);
void cpu_hotplug_disable(void);
void cpu_hotplug_enable(void);

static inline void lockdep_assert_cpus_held(void)
{
}

#define cpuhp_tasks_frozen	0

#endif /* _LINUX_CPU_H_ */
