// SPDX-License-Identifier: MIT
/*
 * benchspin.ko: the spin lock benchmark's module. Its loop takes and
 * releases one spin lock, as any driver's fast path would.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/spinlock.h>

#include "benchspin.h"

MODULE_LICENSE("GPL");

static DEFINE_SPINLOCK(lock);
static unsigned long counter;

static unsigned long spin_pairs(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		spin_lock(&lock);
		counter++;
		spin_unlock(&lock);
	}
	return counter;
}

static const struct benchspin_ops ops = {
	.spin_pairs = spin_pairs,
};

static int __init benchspin_init(void)
{
	return benchspin_register(&ops);
}

static void __exit benchspin_exit(void)
{
}

module_init(benchspin_init);
module_exit(benchspin_exit);
