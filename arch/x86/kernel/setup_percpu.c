// SPDX-License-Identifier: MIT
/*
 * The per-CPU area genuine x86-64 code reads through %gs, as 6.1's
 * setup_percpu.c gives each CPU one: fixed_percpu_data first (the stack
 * canary at %gs:40, where code built with -mstack-protector-guard=tls
 * reads it), then the per-CPU words the host exports: current_task,
 * __preempt_count, cpu_number and this_cpu_off. A genuine module names
 * them by their offset in the area (a 32S relocation), so that value is
 * what the host exports under each name.
 *
 * In a process every thread is a CPU of its own in this sense: two threads
 * may run at once on one processor, and current and the preempt count are
 * the thread's. So the area is thread-local, and a thread points its GS
 * base at it (arch_prctl(ARCH_SET_GS): user space leaves GS alone; glibc
 * uses FS) the first time it enters a genuine host's module code. The
 * canary is drawn then and never changes while the thread lives.
 */
#include <asm/prctl.h>
#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "arch/arch.h"
#include "arch/x86/kernel/percpu.h"

/* x86's PREEMPT_NEED_RESCHED is inverted: set means nothing to schedule */
#define PREEMPT_ENABLED		0x80000000u

struct percpu_area {
	char gs_base[40];		/* fixed_percpu_data's first member */
	unsigned long stack_canary;	/* %gs:40 */
	void *current_task;
	unsigned int preempt_count;
	int cpu_number;
	unsigned long this_cpu_off;	/* this area's own address: this_cpu_ptr()'s base */
};

_Static_assert(offsetof(struct percpu_area, stack_canary) == 40, "the canary is at %gs:40");

static __thread struct percpu_area area __attribute__((tls_model("initial-exec")));
static __thread bool area_set __attribute__((tls_model("initial-exec")));

void umod_arch_percpu_syms(void (*add)(const char *name, uint64_t off))
{
	add("current_task", offsetof(struct percpu_area, current_task));
	add("__preempt_count", offsetof(struct percpu_area, preempt_count));
	add("cpu_number", offsetof(struct percpu_area, cpu_number));
	add("this_cpu_off", offsetof(struct percpu_area, this_cpu_off));
}

/* the kernel's is random per task: the process's AT_RANDOM bytes, mixed with the area */
static unsigned long draw_canary(void)
{
	const unsigned char *r = (const unsigned char *)getauxval(AT_RANDOM);
	unsigned long x = 0x9e3779b97f4a7c15ul;

	if (r)
		memcpy(&x, r + 8, sizeof(x));	/* 16 bytes, not aligned */
	x ^= (unsigned long)&area;

	x ^= x >> 31;
	x *= 0xbf58476d1ce4e5b9ul;
	x ^= x >> 29;
	return x & ~0xfful;	/* a NUL first, as glibc's: string overruns stop there */
}

static int this_cpu(void)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);
	int cpu = sched_getcpu();

	return cpu < 0 || n < 1 ? 0 : cpu % (int)n;
}

void umod_arch_genuine_thread(void)
{
	if (area_set)
		return;
	area.stack_canary = draw_canary();
	area.preempt_count = PREEMPT_ENABLED;
	area.cpu_number = this_cpu();
	area.this_cpu_off = (unsigned long)&area;
	if (syscall(SYS_arch_prctl, ARCH_SET_GS, (unsigned long)&area) == 0)
		area_set = true;
}

void umod_arch_set_current(void *task)
{
	area.current_task = task;
}
