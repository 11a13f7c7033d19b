// SPDX-License-Identifier: MIT
/* init but no exit: the module cannot be unloaded; run leaves it to the host's end. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

static int __init permanent_init(void)
{
	pr_info("permanent: here to stay\n");
	return 0;
}

module_init(permanent_init);
