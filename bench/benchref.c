// SPDX-License-Identifier: MIT
/*
 * The use-count benchmark's module: module code taking and dropping
 * references with try_module_get()/module_put() (inline in
 * include/linux/module.h), as a user of a module's ops does, and the same
 * loop over a plain atomic counter, compiled alike.
 */
#include <linux/init.h>
#include <linux/module.h>

#include "benchref.h"

MODULE_LICENSE("GPL");

static long counter;

/* returns the gets that failed (none: nothing unloads meanwhile) */
static unsigned long ref_pairs(unsigned long n)
{
	unsigned long failed = 0;

	for (unsigned long i = 0; i < n; i++) {
		if (try_module_get(THIS_MODULE))
			module_put(THIS_MODULE);
		else
			failed++;
	}
	return failed;
}

static unsigned long atomic_pairs(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		__atomic_fetch_add(&counter, 1, __ATOMIC_SEQ_CST);
		__atomic_fetch_sub(&counter, 1, __ATOMIC_SEQ_CST);
	}
	return 0;
}

static const struct benchref_ops ops = {
	.ref_pairs = ref_pairs,
	.atomic_pairs = atomic_pairs,
};

static int __init benchref_init(void)
{
	return benchref_register(&ops);
}

static void __exit benchref_exit(void)
{
}

module_init(benchref_init);
module_exit(benchref_exit);
