// SPDX-License-Identifier: MIT
/* Another release, the same configuration and compiler: with modversions
 * the release is not compared (the CRCs stand for it). */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/vermagic.h>

MODULE_LICENSE("GPL");
MODULE_INFO(vermagic, "9.9.9 " VERMAGIC_SMP VERMAGIC_PREEMPT VERMAGIC_MODULE_UNLOAD
	    VERMAGIC_MODVERSIONS VERMAGIC_CC);

static int __init otherrelease_init(void)
{
	pr_info("otherrelease: loaded\n");
	return 0;
}

static void __exit otherrelease_exit(void)
{
}

module_init(otherrelease_init);
module_exit(otherrelease_exit);
