// SPDX-License-Identifier: MIT
/* The same release, built by "another compiler": refused. */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/vermagic.h>

MODULE_LICENSE("GPL");
MODULE_INFO(vermagic, UTS_RELEASE " " VERMAGIC_SMP VERMAGIC_PREEMPT VERMAGIC_MODULE_UNLOAD
	    VERMAGIC_MODVERSIONS "gcc-99 ");

static int __init othercc_init(void)
{
	return 0;
}

module_init(othercc_init);
