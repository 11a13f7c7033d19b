// SPDX-License-Identifier: MIT
/*
 * The processor a task runs on (kernel/smp.c, x86's cpu_number): the
 * host CPU the calling thread is on, as sched_getcpu() tells, kept below
 * nr_cpu_ids so that it always indexes per-CPU data. Between get_cpu()
 * and put_cpu() the task is atomic (preempt_count raised), as in the
 * kernel, but the host may still move the thread: per-CPU data indexed
 * by it is then another CPU's, which is why this_cpu_*() operations are
 * atomic here (DESIGN.md "Per-CPU data").
 */
#include <sched.h>

#include "kernel/kapi.h"
#include "kernel/smpboot.h"

static int kapi_raw_smp_processor_id(void)
{
	int cpu = sched_getcpu();

	if (cpu < 0)
		return 0;
	return (unsigned int)cpu < umod_nr_cpu_ids ? cpu : cpu % (int)umod_nr_cpu_ids;
}

static const struct umod_kapi_export smp_exports[] = {
	UMOD_KAPI("raw_smp_processor_id", kapi_raw_smp_processor_id),
};

const struct umod_kapi_table umod_kapi_smp = UMOD_KAPI_TABLE(smp_exports);
