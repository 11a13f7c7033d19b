// SPDX-License-Identifier: MIT
/*
 * Built against a host that claims absent_function (lifereg.symvers), as a
 * module built for another kernel: the test host does not export it, so
 * every load fails with an Unknown symbol.
 */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

extern int absent_function(void);

static int __init absent_init(void)
{
	return absent_function();
}

static void __exit absent_exit(void)
{
}

module_init(absent_init);
module_exit(absent_exit);
