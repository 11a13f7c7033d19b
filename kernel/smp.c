// SPDX-License-Identifier: MIT
/*
 * The processor a task runs on (kernel/smp.c, x86's cpu_number): the
 * host CPU the calling thread is on, as sched_getcpu() tells. Between
 * get_cpu() and put_cpu() the task is atomic (preempt_count raised), as
 * in the kernel, but the host may still move the thread: a per-CPU
 * variable indexed by it is then another CPU's, which per-CPU code in a
 * process must accept (DESIGN.md "Headers of 6.1").
 */
#include <sched.h>

#include "kernel/kapi.h"

static int kapi_raw_smp_processor_id(void)
{
	int cpu = sched_getcpu();

	return cpu < 0 ? 0 : cpu;
}

static const struct umod_kapi_export smp_exports[] = {
	UMOD_KAPI("raw_smp_processor_id", kapi_raw_smp_processor_id),
};

const struct umod_kapi_table umod_kapi_smp = UMOD_KAPI_TABLE(smp_exports);
