// SPDX-License-Identifier: MIT
/*
 * kernel/cpu.c and kernel/smp.c: the masks are the host's CPUs as this
 * process sees them (sched_getaffinity, sysconf), nr_cpu_ids covers every
 * CPU sched_getcpu() can name, raw_smp_processor_id() stays below it on
 * every CPU the thread is moved to, and cpu_bit_bitmap makes a one-CPU
 * mask for any CPU by stepping back over zero words.
 */
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"
#include "kernel/smpboot.h"

#define LONG_BITS	(8 * sizeof(long))

static int test_cpu(const struct cpumask *m, unsigned int cpu)
{
	return (m->bits[cpu / LONG_BITS] >> (cpu % LONG_BITS)) & 1;
}

static void masks_are_the_hosts(void **state)
{
	const unsigned int *nr = kapi_in(&umod_kapi_cpu, "nr_cpu_ids");
	const struct cpumask *possible = kapi_in(&umod_kapi_cpu, "__cpu_possible_mask");
	const struct cpumask *online = kapi_in(&umod_kapi_cpu, "__cpu_online_mask");
	const int *num_online = kapi_in(&umod_kapi_cpu, "__num_online_cpus");
	cpu_set_t set;
	int count = 0;

	assert_int_equal(*nr, umod_nr_cpu_ids);
	assert_true(*nr >= (unsigned int)sysconf(_SC_NPROCESSORS_CONF));
	assert_int_equal(sched_getaffinity(0, sizeof(set), &set), 0);
	for (unsigned int cpu = 0; cpu < UMOD_NR_CPUS; cpu++) {
		assert_int_equal(test_cpu(possible, cpu), cpu < *nr);
		assert_int_equal(test_cpu(online, cpu), cpu < CPU_SETSIZE && CPU_ISSET(cpu, &set));
		count += test_cpu(online, cpu);
	}
	assert_int_equal(*num_online, count);
	assert_int_equal(count, CPU_COUNT(&set));
}

static void processor_id_on_every_cpu(void **state)
{
	int (*id)(void) = kapi_in(&umod_kapi_smp, "raw_smp_processor_id");
	cpu_set_t old, one;

	assert_int_equal(sched_getaffinity(0, sizeof(old), &old), 0);
	for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &old))
			continue;
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		assert_int_equal(sched_setaffinity(0, sizeof(one), &one), 0);
		assert_int_equal(id(), cpu);
		assert_true((unsigned int)id() < umod_nr_cpu_ids);
	}
	assert_int_equal(sched_setaffinity(0, sizeof(old), &old), 0);
}

static void one_cpu_masks(void **state)
{
	const unsigned long (*rows)[UMOD_NR_CPUS / LONG_BITS] = kapi_in(&umod_kapi_cpu,
									"cpu_bit_bitmap");

	/* get_cpu_mask(): row 1 + cpu % 64, moved back cpu / 64 words */
	for (unsigned int cpu = 0; cpu < UMOD_NR_CPUS; cpu += 37) {
		const unsigned long *p = rows[1 + cpu % LONG_BITS] - cpu / LONG_BITS;
		const struct cpumask *m = (const struct cpumask *)p;

		for (unsigned int other = 0; other < UMOD_NR_CPUS; other++)
			if (test_cpu(m, other) != (other == cpu))
				fail_msg("cpumask_of(%u) has CPU %u %s", cpu, other,
					 other == cpu ? "clear" : "set");
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(masks_are_the_hosts),
		cmocka_unit_test(processor_id_on_every_cpu),
		cmocka_unit_test(one_cpu_masks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
