// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU data as a Linux 6.1 module keeps it: static per-CPU variables
 * (one copy per possible CPU, each starting from the initialiser), the
 * this_cpu operations, get_cpu_var()/put_cpu_var(), and alloc_percpu().
 * What is printed does not depend on how many CPUs the machine has.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/smp.h>

struct stats {
	u64 packets;
	u32 drops;
};

static DEFINE_PER_CPU(unsigned long, hits);
static DEFINE_PER_CPU(int, start) = 7;
static DEFINE_PER_CPU(struct stats, stats) = { .packets = 1 };
static DEFINE_PER_CPU_SHARED_ALIGNED(long, aligned);

static int __init pcpu_init(void)
{
	struct stats __percpu *dyn;
	unsigned long total = 0;
	int cpu, n = 0, sevens = 0, distinct = 1, zero = 1, old, xchg;
	long sum = 0, want = 0;
	u64 packets = 0;

	pr_info("cpus: possible %d, online among them %d, nr_cpu_ids covers them %d\n",
		num_possible_cpus() >= 1,
		num_online_cpus() >= 1 && num_online_cpus() <= num_possible_cpus(),
		nr_cpu_ids >= num_possible_cpus());
	pr_info("cpumask: weight == online %d, first possible %u\n",
		cpumask_weight(cpu_online_mask) == num_online_cpus(),
		cpumask_first(cpu_possible_mask));
	for_each_online_cpu(cpu)
		n++;
	pr_info("for_each_online_cpu visits num_online_cpus(): %d\n", n == num_online_cpus());

	/* every CPU's copy starts from the initialiser */
	for_each_possible_cpu(cpu) {
		sevens += per_cpu(start, cpu) == 7;
		packets += per_cpu(stats, cpu).packets;
	}
	pr_info("start: every copy 7 %d, packets one per CPU %d\n",
		sevens == num_possible_cpus(), packets == num_possible_cpus());

	for (n = 0; n < 1000; n++)
		this_cpu_inc(hits);
	this_cpu_add(hits, 10);
	this_cpu_sub(hits, 3);
	__this_cpu_inc(stats.drops);
	for_each_possible_cpu(cpu)
		total += per_cpu(hits, cpu);
	pr_info("hits: sum over CPUs %lu\n", total);

	/* get_cpu_var(): this CPU's copy, with preemption off */
	get_cpu_var(aligned) = 42;
	cpu = smp_processor_id();
	put_cpu_var(aligned);
	pr_info("smp_processor_id() < nr_cpu_ids: %d\n", cpu < nr_cpu_ids);
	pr_info("aligned: cacheline aligned %d\n",
		IS_ALIGNED((unsigned long)per_cpu_ptr(&aligned, 0), SMP_CACHE_BYTES));

	/*
	 * The thread may change CPUs between two operations (as a preemptible
	 * kernel task may), so only what holds on any CPU is printed.
	 */
	for_each_possible_cpu(cpu)
		per_cpu(start, cpu) = 5;
	old = this_cpu_cmpxchg(start, 5, 6);
	xchg = this_cpu_xchg(start, 9);
	sum = 0;
	for_each_possible_cpu(cpu)
		sum += per_cpu(start, cpu);
	pr_info("cmpxchg: old %d, xchg old 5 or 6 %d, sum right %d\n", old,
		xchg == 5 || xchg == 6, sum == 5L * num_possible_cpus() + 1 + 9 - xchg);
	sum = 0;

	dyn = alloc_percpu(struct stats);
	if (!dyn)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		struct stats *s = per_cpu_ptr(dyn, cpu);

		if (s->packets || s->drops)
			zero = 0;
		if (cpu && s == per_cpu_ptr(dyn, cpu - 1))
			distinct = 0;
		s->packets = cpu + 1;
		want += cpu + 1;
	}
	this_cpu_ptr(dyn)->drops = 3;
	for_each_possible_cpu(cpu)
		sum += per_cpu_ptr(dyn, cpu)->packets + per_cpu_ptr(dyn, cpu)->drops;
	pr_info("alloc_percpu: zeroed %d, a copy per CPU %d, sum right %d\n",
		zero, distinct, sum == want + 3);
	free_percpu(dyn);
	free_percpu(NULL);
	return 0;
}

static void __exit pcpu_exit(void)
{
}

module_init(pcpu_init);
module_exit(pcpu_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("per-CPU data from module code");
