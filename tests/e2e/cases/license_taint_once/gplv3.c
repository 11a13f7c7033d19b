// SPDX-License-Identifier: MIT
/* "GPL v3" is not on the kernel's list of GPL-compatible licences: it taints. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL v3");

static int __init gplv3_init(void)
{
	printk(KERN_INFO "gplv3: loaded\n");
	return 0;
}

module_init(gplv3_init);
