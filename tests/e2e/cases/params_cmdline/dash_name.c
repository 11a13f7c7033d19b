// SPDX-License-Identifier: MIT
/* A module whose name has an underscore, for "dash-name.value=..." on the command line. */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

MODULE_LICENSE("GPL");

static int value;
module_param(value, int, 0444);

static int __init dash_name_init(void)
{
	printk(KERN_INFO "dash_name: value=%d\n", value);
	return 0;
}

static void __exit dash_name_exit(void)
{
}

module_init(dash_name_init);
module_exit(dash_name_exit);
