// SPDX-License-Identifier: MIT
/* A proprietary module: it taints the host P, which /proc shows. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("Proprietary");

static int __init closed_init(void)
{
	return 0;
}

static void __exit closed_exit(void)
{
}

module_init(closed_init);
module_exit(closed_exit);
