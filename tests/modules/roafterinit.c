// SPDX-License-Identifier: MIT
/*
 * __ro_after_init, as the kernel means it: init may write the variable,
 * nothing may after init has returned. test_protect.c writes it later and
 * expects the write to fault.
 */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

static int setting __ro_after_init = 1;

static int __init roafterinit_init(void)
{
	setting = 42;
	pr_info("roafterinit: setting %d\n", setting);
	return 0;
}

static void __exit roafterinit_exit(void)
{
	pr_info("roafterinit: setting still %d\n", setting);
}

module_init(roafterinit_init);
module_exit(roafterinit_exit);
