// SPDX-License-Identifier: GPL-2.0
/* BUG_ON() in init: "kernel BUG at FILE:LINE!" and the invalid-opcode oops */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/module.h>

static int broken = 1;
module_param(broken, int, 0444);

static int __init buggy_init(void)
{
	pr_info("buggy: checking\n");
	BUG_ON(broken);
	return 0;
}

static void __exit buggy_exit(void)
{
}

module_init(buggy_init);
module_exit(buggy_exit);
MODULE_LICENSE("GPL");
