// SPDX-License-Identifier: MIT
/* Loads cleanly; its exit writes through NULL (test_oops.c's fault) */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

static int *volatile nowhere;

static int __init nullexit_init(void)
{
	return 0;
}

static void __exit nullexit_exit(void)
{
	*nowhere = 1;
}

module_init(nullexit_init);
module_exit(nullexit_exit);
