// SPDX-License-Identifier: MIT
/* Exports one function: whoever uses it becomes a holder of provider. */
#include <linux/export.h>
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

int provider_value(void)
{
	return 41;
}
EXPORT_SYMBOL(provider_value);

static int __init provider_init(void)
{
	return 0;
}

static void __exit provider_exit(void)
{
}

module_init(provider_init);
module_exit(provider_exit);
