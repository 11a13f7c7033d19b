// SPDX-License-Identifier: GPL-2.0
/*
 * A refcount_t dropped once too often: the kernel's one-time saturation
 * warning, and the count stays saturated; printk_ratelimited() lets the
 * first 10 lines of a burst through.
 */
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/ratelimit.h>
#include <linux/refcount.h>

static refcount_t users = REFCOUNT_INIT(1);
static DEFINE_RATELIMIT_STATE(quick, 50, 3);	/* 3 per 200 ms: no load makes it flaky */

static int __init refs_init(void)
{
	unsigned long until;
	int i;

	pr_info("refs: dec_and_test %d\n", refcount_dec_and_test(&users));
	pr_info("refs: dec_and_test again %d\n", refcount_dec_and_test(&users));
	pr_info("refs: saturated %d\n", refcount_read(&users) == REFCOUNT_SATURATED);
	refcount_dec(&users);
	for (i = 0; i < 15; i++)
		printk_ratelimited(KERN_INFO "refs: burst %d\n", i);
	for (i = 0; i < 5; i++)
		pr_info("refs: quick %d passes %d\n", i, __ratelimit(&quick));
	until = jiffies + 60;
	while (time_before(jiffies, until))
		cpu_relax();
	pr_info("refs: next interval passes %d\n", __ratelimit(&quick));
	dump_stack();
	return 0;
}

static void __exit refs_exit(void)
{
}

module_init(refs_init);
module_exit(refs_exit);
MODULE_LICENSE("GPL");
