// SPDX-License-Identifier: MIT
/* An init that fails: the loader prints nothing, the error is init's errno. */
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

static int __init failinit_init(void)
{
	pr_info("failinit: giving up\n");
	return -ENODEV;
}

static void __exit failinit_exit(void)
{
	pr_info("failinit: exit must not run\n");
}

module_init(failinit_init);
module_exit(failinit_exit);
