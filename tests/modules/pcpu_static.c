// SPDX-License-Identifier: MIT
/*
 * Static per-CPU variables of a module (test_percpu.c): an initial value,
 * a pointer initialised to another per-CPU variable (a relocation inside
 * .data..percpu), and init's increment on the CPU it runs on.
 */
#include <linux/module.h>
#include <linux/percpu.h>

static DEFINE_PER_CPU(int, counter) = 42;
static DEFINE_PER_CPU(int *, slot) = &counter;

int *pcpu_static_counter(unsigned int cpu)
{
	return per_cpu_ptr(&counter, cpu);
}
EXPORT_SYMBOL(pcpu_static_counter);

int **pcpu_static_slot(unsigned int cpu)
{
	return per_cpu_ptr(&slot, cpu);
}
EXPORT_SYMBOL(pcpu_static_slot);

static int __init pcpu_static_init(void)
{
	this_cpu_inc(counter);
	return 0;
}

static void __exit pcpu_static_exit(void)
{
}

module_init(pcpu_static_init);
module_exit(pcpu_static_exit);
MODULE_LICENSE("GPL");
