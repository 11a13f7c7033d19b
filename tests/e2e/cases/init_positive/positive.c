// SPDX-License-Identifier: MIT
/* init returns a positive value: the kernel warns and loads it anyway. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

static int __init positive_init(void)
{
	return 1;
}

static void __exit positive_exit(void)
{
	pr_info("positive: unloaded\n");
}

module_init(positive_init);
module_exit(positive_exit);
