// SPDX-License-Identifier: MIT
/* One module from two files (multi-objs := main.o helper.o). */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

extern int helper_counter;
int helper_add(int a, int b);

static int __init multi_init(void)
{
	helper_counter = helper_add(40, 2);
	pr_info("%s: %d from %s\n", KBUILD_MODNAME, helper_counter, KBUILD_BASENAME);
	return 0;
}

static void __exit multi_exit(void)
{
	pr_info("%s: counter still %d\n", KBUILD_MODNAME, helper_counter);
}

module_init(multi_init);
module_exit(multi_exit);
