// SPDX-License-Identifier: MIT
/* The provider: second uses its export, so at shutdown it must go last. */
#include <linux/export.h>
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

int first_value(void)
{
	return 42;
}
EXPORT_SYMBOL(first_value);

static int __init first_init(void)
{
	pr_info("first: init\n");
	return 0;
}

static void __exit first_exit(void)
{
	pr_info("first: exit\n");
}

module_init(first_init);
module_exit(first_exit);
