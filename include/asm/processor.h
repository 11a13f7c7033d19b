/* SPDX-License-Identifier: MIT */
/*
 * The processor as module code may ask about it: cpu_relax() (in
 * linux/barrier.h, shared with arm64), prefetch, the cache line size.
 * Register state, CPUID and MSRs belong to the host: not provided.
 */
#ifndef _ASM_X86_PROCESSOR_H
#define _ASM_X86_PROCESSOR_H

#include <linux/types.h>
#include <linux/cache.h>
#include <linux/barrier.h>
#include <asm/page.h>
#include <linux/const.h>
#include <linux/init.h>
#include <linux/stringify.h>
#include <linux/panic.h>
#include <linux/printk.h>
#include <asm/cache.h>
#include <linux/kernel.h>
#include <asm/current.h>
#include <asm/errno.h>
#include <linux/bitmap.h>
#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/ioctl.h>
#include <linux/irqflags.h>
#include <linux/threads.h>
#include <linux/math64.h>
#include <linux/cpumask.h>	/* 6.1: through asm/msr.h, asm/cpumask.h */
#include <linux/static_key.h>	/* 6.1: through asm/nospec-branch.h */

#define TASK_SIZE_MAX		((1UL << 47) - PAGE_SIZE)
#define TASK_SIZE		TASK_SIZE_MAX

static inline void prefetch(const void *x)
{
	__builtin_prefetch(x, 0);
}

static inline void prefetchw(const void *x)
{
	__builtin_prefetch(x, 1);
}

static __always_inline void rep_nop(void)
{
	cpu_relax();
}

#endif /* _ASM_X86_PROCESSOR_H */
