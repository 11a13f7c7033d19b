// SPDX-License-Identifier: MIT
/* No MODULE_LICENSE(): the kernel reads it as 'unspecified', which taints. */
#include <linux/init.h>
#include <linux/module.h>

static int __init nolicense_init(void)
{
	printk(KERN_INFO "nolicense: loaded\n");
	return 0;
}

module_init(nolicense_init);
