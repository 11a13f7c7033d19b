// SPDX-License-Identifier: MIT
/* A second non-GPL module: the host is already tainted P, nothing more is said. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("Proprietary");

static int __init closed_init(void)
{
	printk(KERN_INFO "closed: loaded\n");
	return 0;
}

module_init(closed_init);
