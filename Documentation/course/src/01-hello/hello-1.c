// SPDX-License-Identifier: GPL-2.0
/*
 * hello-1.c: the smallest module that does something. The loader calls
 * the function module_init() names when the module is inserted, and the
 * one module_exit() names when it is removed.
 */
#include <linux/module.h>
#include <linux/printk.h>

static int hello_init(void)
{
	pr_info("Hello, world 1.\n");
	return 0;	/* anything else: the load fails with that errno */
}

static void hello_exit(void)
{
	pr_info("Goodbye, world 1.\n");
}

module_init(hello_init);
module_exit(hello_exit);

MODULE_LICENSE("GPL");
