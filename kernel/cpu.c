// SPDX-License-Identifier: MIT
/*
 * The CPUs (kernel/cpu.c): the host's, as this process sees them. The
 * possible (and present) CPUs are those the machine is configured with,
 * the online (and active) ones those the process may run on
 * (sched_getaffinity); nr_cpu_ids is one more than the highest possible
 * CPU, so every number sched_getcpu() gives is below it. Filled once
 * when libumod is loaded, before any module runs, and never changed:
 * there is no CPU hotplug here.
 */
#include <sched.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include <umod/kabi/cpumask.h>

#include "kernel/kapi.h"
#include "kernel/smpboot.h"

#define LONG_BITS	(8 * sizeof(long))

unsigned int umod_nr_cpu_ids = 1;
struct cpumask umod_cpu_possible_mask, umod_cpu_online_mask;
static atomic_int num_online_cpus;
/* cpumask_of(): row n has bit n set in its first long, shifted per word */
static unsigned long cpu_bit_bitmap[LONG_BITS + 1][UMOD_NR_CPUS / LONG_BITS];
/* an empty mask, for cpu_dying_mask: nothing ever goes offline */
static struct cpumask cpu_none_mask;

static void set_cpu(struct cpumask *m, unsigned int cpu)
{
	m->bits[cpu / LONG_BITS] |= 1UL << (cpu % LONG_BITS);
}

static unsigned int highest_cpu_of(const cpu_set_t *set)
{
	unsigned int top = 0;

	for (unsigned int cpu = 0; cpu < CPU_SETSIZE && cpu < UMOD_NR_CPUS; cpu++)
		if (CPU_ISSET(cpu, set))
			top = cpu + 1;
	return top;
}

__attribute__((constructor)) static void cpus_init(void)
{
	long conf = sysconf(_SC_NPROCESSORS_CONF);
	unsigned int n = conf > 0 ? (unsigned int)conf : 1, online = 0;
	cpu_set_t set;

	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set) || !CPU_COUNT(&set))
		CPU_SET(0, &set);
	if (highest_cpu_of(&set) > n)
		n = highest_cpu_of(&set);
	if (n > UMOD_NR_CPUS)
		n = UMOD_NR_CPUS;
	umod_nr_cpu_ids = n;
	for (unsigned int cpu = 0; cpu < n; cpu++) {
		set_cpu(&umod_cpu_possible_mask, cpu);
		if (CPU_ISSET(cpu, &set)) {
			set_cpu(&umod_cpu_online_mask, cpu);
			online++;
		}
	}
	atomic_store(&num_online_cpus, (int)online);
	for (unsigned int i = 1; i <= LONG_BITS; i++)
		cpu_bit_bitmap[i][0] = 1UL << (i - 1);
}

/* cpus_read_lock(): hotplug never happens, so readers exclude nobody */
static void kapi_cpus_read_lock(void)
{
}

static void kapi_cpus_read_unlock(void)
{
}

static int kapi_cpus_read_trylock(void)
{
	return 1;
}

static void kapi_cpu_hotplug_disable(void)
{
}

static void kapi_cpu_hotplug_enable(void)
{
}

static const struct umod_kapi_export cpu_exports[] = {
	UMOD_KAPI("nr_cpu_ids", &umod_nr_cpu_ids),
	UMOD_KAPI("__cpu_possible_mask", &umod_cpu_possible_mask),
	UMOD_KAPI("__cpu_present_mask", &umod_cpu_possible_mask),
	UMOD_KAPI("__cpu_online_mask", &umod_cpu_online_mask),
	UMOD_KAPI("__cpu_active_mask", &umod_cpu_online_mask),
	UMOD_KAPI("__cpu_dying_mask", &cpu_none_mask),
	UMOD_KAPI("__num_online_cpus", &num_online_cpus),
	UMOD_KAPI_GPL("cpu_bit_bitmap", cpu_bit_bitmap),
	UMOD_KAPI_GPL("cpus_read_lock", kapi_cpus_read_lock),
	UMOD_KAPI_GPL("cpus_read_unlock", kapi_cpus_read_unlock),
	UMOD_KAPI_GPL("cpus_read_trylock", kapi_cpus_read_trylock),
	UMOD_KAPI_GPL("cpu_hotplug_disable", kapi_cpu_hotplug_disable),
	UMOD_KAPI_GPL("cpu_hotplug_enable", kapi_cpu_hotplug_enable),
};

const struct umod_kapi_table umod_kapi_cpu = UMOD_KAPI_TABLE(cpu_exports);
