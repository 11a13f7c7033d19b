/* SPDX-License-Identifier: MIT */
/*
 * struct cpumask and the per-CPU geometry, shared by kernel/cpu.c,
 * mm/percpu.c and linux/cpumask.h, linux/percpu-defs.h. NR_CPUS is
 * Debian 6.1's CONFIG_NR_CPUS, so a cpumask has its size (1 KiB).
 */
#ifndef _UMOD_KABI_CPUMASK_H
#define _UMOD_KABI_CPUMASK_H

#define UMOD_NR_CPUS		8192

struct cpumask {
	unsigned long bits[UMOD_NR_CPUS / (8 * sizeof(long))];
};

/*
 * CPU n's copy of a per-CPU object is n units above CPU 0's, which is
 * what a per-CPU pointer points at: __per_cpu_offset[n] is n units.
 */
#define UMOD_PCPU_UNIT_SHIFT	25
#define UMOD_PCPU_UNIT_SIZE	(1UL << UMOD_PCPU_UNIT_SHIFT)

#endif /* _UMOD_KABI_CPUMASK_H */
