// SPDX-License-Identifier: GPL-2.0
/*
 * hello-2.c: the same, with what real modules add. __init code and
 * __initdata are freed once the init function has returned; __exit code
 * is only needed at unload. The MODULE_*() macros fill .modinfo, which
 * modinfo shows.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/printk.h>

static int greeting_number __initdata = 2;

static int __init hello_init(void)
{
	pr_info("Hello, world %d.\n", greeting_number);
	return 0;
}

static void __exit hello_exit(void)
{
	pr_info("Goodbye, world 2.\n");
}

module_init(hello_init);
module_exit(hello_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The umod course");
MODULE_DESCRIPTION("A second hello world, with __init and .modinfo");
