// SPDX-License-Identifier: MIT
/*
 * lib/cpumask.c: cpumask_next_wrap() goes round once from a start,
 * cpumask_local_spread() counts online CPUs round, the distribute picks
 * go round robin, and the off-stack masks are the calling module's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"
#include "kernel/smpboot.h"

#define T		(&umod_kapi_cpumask)
#define LONG_BITS	(8 * sizeof(long))
#define GFP_KERNEL	0xcc0u

static void set(struct cpumask *m, unsigned int cpu)
{
	m->bits[cpu / LONG_BITS] |= 1ul << (cpu % LONG_BITS);
}

static void next_wrap(void **state)
{
	unsigned int (*wrap)(int, const struct cpumask *, int, bool) = kapi_in(T, "cpumask_next_wrap");
	static struct cpumask m;
	unsigned int last = umod_nr_cpu_ids - 1, seen[8], n = 0, cpu;

	if (umod_nr_cpu_ids < 2)
		skip();
	set(&m, 0);
	set(&m, last);
	/* for_each_cpu_wrap(cpu, &m, last): the last CPU, round to 0, then done */
	for (cpu = wrap((int)last - 1, &m, (int)last, false); cpu < umod_nr_cpu_ids && n < 8;
	     cpu = wrap((int)cpu, &m, (int)last, true))
		seen[n++] = cpu;
	assert_int_equal(n, 2);
	assert_int_equal(seen[0], last);
	assert_int_equal(seen[1], 0);
	/* starting at 0: 0, the last, done */
	n = 0;
	for (cpu = wrap(-1, &m, 0, false); cpu < umod_nr_cpu_ids && n < 8;
	     cpu = wrap((int)cpu, &m, 0, true))
		seen[n++] = cpu;
	assert_int_equal(n, 2);
	assert_int_equal(seen[0], 0);
	assert_int_equal(seen[1], last);
}

static void spread_and_distribute(void **state)
{
	unsigned int (*spread)(unsigned int, int) = kapi_in(T, "cpumask_local_spread");
	unsigned int (*any)(const struct cpumask *) = kapi_in(T, "cpumask_any_distribute");
	unsigned int (*any_and)(const struct cpumask *, const struct cpumask *) =
		kapi_in(T, "cpumask_any_and_distribute");
	static struct cpumask one, none;
	unsigned int online = 0, first = umod_nr_cpu_ids, a, b;

	for (unsigned int cpu = 0; cpu < umod_nr_cpu_ids; cpu++) {
		if (umod_cpu_online_mask.bits[cpu / LONG_BITS] >> (cpu % LONG_BITS) & 1) {
			if (first == umod_nr_cpu_ids)
				first = cpu;
			online++;
		}
	}
	/* i counts round the online CPUs, whatever node is asked */
	assert_int_equal(spread(0, -1), first);
	assert_int_equal(spread(online, 0), first);
	set(&one, first);
	assert_int_equal(any(&one), first);
	assert_int_equal(any(&one), first);
	assert_int_equal(any_and(&one, &none), umod_nr_cpu_ids);
	if (online > 1) {
		a = any(&umod_cpu_online_mask);
		b = any(&umod_cpu_online_mask);
		assert_int_not_equal(a, b);
	}
}

static void offstack_masks(void **state)
{
	bool (*alloc)(struct cpumask **, unsigned int) = kapi_in(T, "alloc_cpumask_var");
	bool (*zalloc)(struct cpumask **, unsigned int) = kapi_in(T, "zalloc_cpumask_var");
	void (*release)(struct cpumask *) = kapi_in(T, "free_cpumask_var");
	static const struct cpumask zero;
	struct cpumask *m = NULL, *z = NULL;

	assert_true(alloc(&m, GFP_KERNEL));
	assert_true(zalloc(&z, GFP_KERNEL));
	assert_memory_equal(z, &zero, sizeof(zero));
	memset(m, 0xff, sizeof(*m));
	release(m);
	release(z);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(next_wrap),
		cmocka_unit_test(spread_and_distribute),
		cmocka_unit_test(offstack_masks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
