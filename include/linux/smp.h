/* SPDX-License-Identifier: MIT */
/*
 * The processor a task runs on: the host CPU of the calling thread.
 * get_cpu() disables preemption as in the kernel (in_atomic() is true
 * until put_cpu()), but the host scheduler may still move the thread, so
 * the number is a hint there too, as raw_smp_processor_id() is in Linux.
 * Cross-CPU calls run the function on the calling thread.
 */
#ifndef __LINUX_SMP_H
#define __LINUX_SMP_H

#include <linux/errno.h>
#include <linux/types.h>
#include <linux/list.h>
#include <linux/init.h>
#include <linux/preempt.h>
#include <linux/llist.h>
#include <asm/smp.h>

typedef void (*smp_call_func_t)(void *info);
typedef bool (*smp_cond_func_t)(int cpu, void *info);

/* CONFIG_DEBUG_PREEMPT is off in Debian's 6.1: no check, as there */
#define smp_processor_id()	__smp_processor_id()

#define get_cpu()		({ preempt_disable(); __smp_processor_id(); })
#define put_cpu()		preempt_enable()

/* every "CPU" shares the process: run @func here, as on the one CPU asked */
static inline int smp_call_function_single(int cpuid, smp_call_func_t func, void *info, int wait)
{
	(void)cpuid;
	(void)wait;
	preempt_disable();
	func(info);
	preempt_enable();
	return 0;
}

#endif /* __LINUX_SMP_H */
