// SPDX-License-Identifier: MIT
/* An init that writes through NULL: the daemon's oops */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

static int *volatile nowhere;

static int __init crash_again_init(void)
{
	pr_info("crash_again: writing through NULL\n");
	*nowhere = 1;
	return 0;
}

module_init(crash_again_init);
