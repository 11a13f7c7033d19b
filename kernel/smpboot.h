/* SPDX-License-Identifier: MIT */
/* kernel/cpu.c's CPUs for the host's other parts (kernel/smp.c, mm/percpu.c, lib/cpumask.c) */
#ifndef _UMOD_KERNEL_SMPBOOT_H
#define _UMOD_KERNEL_SMPBOOT_H

#include <umod/kabi/cpumask.h>

/* fixed once libumod is loaded */
extern unsigned int umod_nr_cpu_ids;
extern struct cpumask umod_cpu_possible_mask, umod_cpu_online_mask;

static inline int umod_cpu_possible(unsigned int cpu)
{
	return cpu < umod_nr_cpu_ids;
}

#endif /* _UMOD_KERNEL_SMPBOOT_H */
