// SPDX-License-Identifier: MIT
/* init without exit: [permanent], unloaded only by force */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

static int __init forever_init(void)
{
	return 0;
}

module_init(forever_init);
