// SPDX-License-Identifier: MIT
/* Built "for" Debian's 6.1 kernel: its first vermagic= is that kernel's. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");
MODULE_INFO(vermagic, "6.1.0-57-amd64 SMP preempt mod_unload modversions ");

static int __init othermagic_init(void)
{
	pr_info("othermagic: loaded\n");
	return 0;
}

static void __exit othermagic_exit(void)
{
}

module_init(othermagic_init);
module_exit(othermagic_exit);
