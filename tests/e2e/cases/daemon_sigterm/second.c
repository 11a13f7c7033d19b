// SPDX-License-Identifier: MIT
/* The user of first's export: a holder of first, unloaded before it. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

extern int first_value(void);

static int __init second_init(void)
{
	pr_info("second: init, first says %d\n", first_value());
	return 0;
}

static void __exit second_exit(void)
{
	pr_info("second: exit\n");
}

module_init(second_init);
module_exit(second_exit);
