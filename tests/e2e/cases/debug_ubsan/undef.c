// SPDX-License-Identifier: MIT
/*
 * Undefined behaviour UBSAN catches, each done twice (the second time is
 * not reported again): an index past an array, a shift wider than its
 * type, a bool that holds neither 0 nor 1. (A signed overflow is not one
 * in the kernel's dialect: -fno-strict-overflow.)
 */
#include <linux/module.h>
#include <linux/string.h>

static int table[8];
static int index = 8, shift = 40;
module_param(index, int, 0444);
module_param(shift, int, 0444);

static noinline int misbehave(void)
{
	unsigned char raw = 3;
	bool flag;
	int sum = 0;

	sum += table[index];
	sum += 1 << shift;
	memcpy(&flag, &raw, 1);
	sum += flag;
	return sum;
}

static int __init undef_init(void)
{
	misbehave();
	misbehave();
	pr_info("undef: still running\n");
	return 0;
}

static void __exit undef_exit(void)
{
}

module_init(undef_init);
module_exit(undef_exit);
MODULE_LICENSE("GPL");
