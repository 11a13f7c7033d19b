// SPDX-License-Identifier: MIT
/* Loaded second: at shutdown its exit runs first. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

static int __init second_init(void)
{
	pr_info("second: init\n");
	return 0;
}

static void __exit second_exit(void)
{
	pr_info("second: exit\n");
}

module_init(second_init);
module_exit(second_exit);
