/* SPDX-License-Identifier: MIT */
/*
 * Per-CPU memory (mm/percpu.c): alloc_percpu() gives one zeroed copy of
 * an object per possible CPU, per_cpu_ptr() reaches CPU n's. The memory
 * belongs to the calling module (found from the call's return address,
 * as kmalloc's), so what a module forgets to free is reported at unload.
 */
#ifndef __LINUX_PERCPU_H
#define __LINUX_PERCPU_H

#include <linux/types.h>
#include <linux/preempt.h>
#include <linux/smp.h>
#include <linux/cpumask.h>
#include <linux/types.h>	/* gfp_t: 6.1 has linux/gfp_types.h here, not gfp.h */
#include <linux/percpu-defs.h>

/* the room the kernel reserves for modules' static per-CPU data */
#define PERCPU_MODULE_RESERVE		(8 << 10)
/* the largest allocation alloc_percpu() accepts */
#define PCPU_MIN_UNIT_SIZE		(32 << 10)

void __percpu *__alloc_percpu_gfp(size_t size, size_t align, gfp_t gfp) __alloc_size(1);
void __percpu *__alloc_percpu(size_t size, size_t align) __alloc_size(1);
void free_percpu(void __percpu *__pdata);
phys_addr_t per_cpu_ptr_to_phys(void *addr);

#define alloc_percpu_gfp(type, gfp)					\
	(__typeof__(type) __percpu *)__alloc_percpu_gfp(sizeof(type),	\
						__alignof__(type), gfp)
#define alloc_percpu(type)						\
	(__typeof__(type) __percpu *)__alloc_percpu(sizeof(type),	\
						__alignof__(type))
#define alloc_percpu_noprof(type)	alloc_percpu(type)

#endif /* __LINUX_PERCPU_H */
