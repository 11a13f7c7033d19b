/*
 * nullwrite.c: an init that writes through a NULL pointer, as the module
 * LINUX-FACTS.md's oops was observed with.
 */
#include <linux/init.h>
#include <linux/module.h>

static int *target;

static int __init nullwrite_init(void)
{
	pr_info("nullwrite: writing through NULL\n");
	*(volatile int *)target = 1;
	return 0;
}

module_init(nullwrite_init);
MODULE_LICENSE("GPL");
