// SPDX-License-Identifier: MIT
/* No module_init(): the module has no init, loads, and its exit still runs. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

static void __exit noinit_exit(void)
{
	pr_info("noinit: exit without init\n");
}

module_exit(noinit_exit);
