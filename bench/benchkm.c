// SPDX-License-Identifier: MIT
/*
 * The kmalloc benchmark's module: module code calling kmalloc()+kfree(),
 * as drivers do, and the same loop over the C library's malloc()+free()
 * exported by the host, compiled alike: the yardstick.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

#include "benchkm.h"

MODULE_LICENSE("GPL");

static unsigned long kmalloc_pairs(unsigned long n, unsigned long size)
{
	unsigned long failed = 0;

	for (unsigned long i = 0; i < n; i++) {
		char *p = kmalloc(size, GFP_KERNEL);

		if (!p) {
			failed++;
			continue;
		}
		*(volatile char *)p = 1;
		kfree(p);
	}
	return failed;
}

static unsigned long malloc_pairs(unsigned long n, unsigned long size)
{
	unsigned long failed = 0;

	for (unsigned long i = 0; i < n; i++) {
		char *p = benchkm_malloc(size);

		if (!p) {
			failed++;
			continue;
		}
		*(volatile char *)p = 1;
		benchkm_free(p);
	}
	return failed;
}

static const struct benchkm_ops ops = {
	.kmalloc_pairs = kmalloc_pairs,
	.malloc_pairs = malloc_pairs,
};

static int __init benchkm_init(void)
{
	return benchkm_register(&ops);
}

static void __exit benchkm_exit(void)
{
}

module_init(benchkm_init);
module_exit(benchkm_exit);
