// SPDX-License-Identifier: MIT
/*
 * cpumask helpers out of line (lib/cpumask.c): the wrapping search, the
 * spread and round-robin choices of a CPU, and the off-stack masks of a
 * CONFIG_CPUMASK_OFFSTACK kernel (Debian's), which are kmalloc'ed and
 * belong to the calling module.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "kernel/kapi.h"
#include "kernel/smpboot.h"
#include "mm/internal.h"

#define LONG_BITS	(8 * sizeof(long))
#define GFP_ZERO	0x100u

static bool test_cpu(unsigned int cpu, const struct cpumask *m)
{
	return (m->bits[cpu / LONG_BITS] >> (cpu % LONG_BITS)) & 1;
}

/* the first CPU of @m after @n, or nr_cpu_ids */
static unsigned int next_cpu(int n, const struct cpumask *m)
{
	for (unsigned int cpu = (unsigned int)(n + 1); cpu < umod_nr_cpu_ids; cpu++)
		if (test_cpu(cpu, m))
			return cpu;
	return umod_nr_cpu_ids;
}

/*
 * The CPU after @n, going round past the last to the first, for a walk
 * that began at @start: nr_cpu_ids once the walk is back at @start.
 */
static unsigned int kapi_cpumask_next_wrap(int n, const struct cpumask *mask, int start,
					   bool wrap)
{
	unsigned int next;

	for (;;) {
		next = next_cpu(n, mask);
		if (wrap && n < start && next >= (unsigned int)start)
			return umod_nr_cpu_ids;
		if (next < umod_nr_cpu_ids)
			return next;
		wrap = true;
		n = -1;
	}
}

/* the i-th online CPU, counted round: one NUMA node here, so @node does not matter */
static unsigned int kapi_cpumask_local_spread(unsigned int i, int node)
{
	unsigned int online = 0, cpu;

	for (cpu = 0; cpu < umod_nr_cpu_ids; cpu++)
		online += test_cpu(cpu, &umod_cpu_online_mask);
	i %= online;
	for (cpu = 0; cpu < umod_nr_cpu_ids; cpu++)
		if (test_cpu(cpu, &umod_cpu_online_mask) && !i--)
			break;
	return cpu;
}

/* where the last round-robin pick was: any CPU will do as a start */
static atomic_uint distribute_prev;

/* the next CPU of @m (and @and) after the last one picked, going round */
static unsigned int distribute(const struct cpumask *m, const struct cpumask *and)
{
	unsigned int prev = atomic_load_explicit(&distribute_prev, memory_order_relaxed);

	for (unsigned int i = 1; i <= umod_nr_cpu_ids; i++) {
		unsigned int cpu = (prev + i) % umod_nr_cpu_ids;

		if (test_cpu(cpu, m) && (!and || test_cpu(cpu, and))) {
			atomic_store_explicit(&distribute_prev, cpu, memory_order_relaxed);
			return cpu;
		}
	}
	return umod_nr_cpu_ids;
}

static unsigned int kapi_cpumask_any_distribute(const struct cpumask *srcp)
{
	return distribute(srcp, NULL);
}

static unsigned int kapi_cpumask_any_and_distribute(const struct cpumask *src1p,
						    const struct cpumask *src2p)
{
	return distribute(src1p, src2p);
}

static bool alloc_mask(struct cpumask **mask, unsigned int flags, const void *caller)
{
	*mask = umod_kmalloc_lib(sizeof(struct cpumask), flags, caller);
	return *mask != NULL;
}

static bool kapi_alloc_cpumask_var_node(struct cpumask **mask, unsigned int flags, int node)
{
	return alloc_mask(mask, flags, __builtin_return_address(0));
}

static bool kapi_alloc_cpumask_var(struct cpumask **mask, unsigned int flags)
{
	return alloc_mask(mask, flags, __builtin_return_address(0));
}

static bool kapi_zalloc_cpumask_var_node(struct cpumask **mask, unsigned int flags, int node)
{
	return alloc_mask(mask, flags | GFP_ZERO, __builtin_return_address(0));
}

static bool kapi_zalloc_cpumask_var(struct cpumask **mask, unsigned int flags)
{
	return alloc_mask(mask, flags | GFP_ZERO, __builtin_return_address(0));
}

static void kapi_free_cpumask_var(struct cpumask *mask)
{
	umod_kfree(mask);
}

static const struct umod_kapi_export cpumask_exports[] = {
	UMOD_KAPI("cpumask_next_wrap", kapi_cpumask_next_wrap),
	UMOD_KAPI("cpumask_local_spread", kapi_cpumask_local_spread),
	UMOD_KAPI("cpumask_any_distribute", kapi_cpumask_any_distribute),
	UMOD_KAPI("cpumask_any_and_distribute", kapi_cpumask_any_and_distribute),
	UMOD_KAPI("alloc_cpumask_var_node", kapi_alloc_cpumask_var_node),
	UMOD_KAPI("alloc_cpumask_var", kapi_alloc_cpumask_var),
	UMOD_KAPI("zalloc_cpumask_var_node", kapi_zalloc_cpumask_var_node),
	UMOD_KAPI("zalloc_cpumask_var", kapi_zalloc_cpumask_var),
	UMOD_KAPI("free_cpumask_var", kapi_free_cpumask_var),
};

const struct umod_kapi_table umod_kapi_cpumask = UMOD_KAPI_TABLE(cpumask_exports);
