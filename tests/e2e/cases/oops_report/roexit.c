// SPDX-License-Identifier: MIT
/* __ro_after_init: init may write it; exit, running later, faults doing so */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

static int setting __ro_after_init = 1;

static int __init roexit_init(void)
{
	setting = 2;
	pr_info("roexit: setting %d\n", setting);
	return 0;
}

static void __exit roexit_exit(void)
{
	pr_info("roexit: writing setting\n");
	*(volatile int *)&setting = 3;
}

module_init(roexit_init);
module_exit(roexit_exit);
