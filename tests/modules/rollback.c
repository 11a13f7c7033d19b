// SPDX-License-Identifier: MIT
/*
 * A module that takes one of everything before its init can fail: a
 * holder link on provider (it uses provider_value), an export of its own,
 * a charp parameter (copied by the host), its /sys/module directory.
 * err=N: init returns -N. Every rung must be undone.
 */
#include <linux/export.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

MODULE_LICENSE("GPL");

extern int provider_value(void);

static char *label = "none";
module_param(label, charp, 0444);
static int err;
module_param(err, int, 0444);

int rollback_value(void)
{
	return provider_value() + 1;
}
EXPORT_SYMBOL(rollback_value);

static int __init rollback_init(void)
{
	pr_info("rollback: %s %d\n", label, rollback_value());
	return -err;
}

static void __exit rollback_exit(void)
{
}

module_init(rollback_init);
module_exit(rollback_exit);
