// SPDX-License-Identifier: MIT
/* Loaded first: at shutdown its exit must run last. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

static int __init first_init(void)
{
	pr_info("first: init\n");
	return 0;
}

static void __exit first_exit(void)
{
	pr_info("first: exit\n");
}

module_init(first_init);
module_exit(first_exit);
