// SPDX-License-Identifier: GPL-2.0
/*
 * A refcount_t dropped once too often: the kernel's one-time saturation
 * warning, and the count stays saturated; printk_ratelimited() lets the
 * first 10 lines of a burst through.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/refcount.h>

static refcount_t users = REFCOUNT_INIT(1);

static int __init refs_init(void)
{
	int i;

	pr_info("refs: dec_and_test %d\n", refcount_dec_and_test(&users));
	pr_info("refs: dec_and_test again %d\n", refcount_dec_and_test(&users));
	pr_info("refs: saturated %d\n", refcount_read(&users) == REFCOUNT_SATURATED);
	refcount_dec(&users);
	for (i = 0; i < 15; i++)
		printk_ratelimited(KERN_INFO "refs: burst %d\n", i);
	return 0;
}

static void __exit refs_exit(void)
{
}

module_init(refs_init);
module_exit(refs_exit);
MODULE_LICENSE("GPL");
