// SPDX-License-Identifier: MIT
/*
 * pin=1: init takes a reference on its own module (as a module with an
 * open device would hold one), so the module is in use until forced out;
 * its exit lets go of it.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

MODULE_LICENSE("GPL");

static bool pin;
module_param(pin, bool, 0);
static bool pinned;

static int __init refmod_init(void)
{
	pinned = pin && try_module_get(THIS_MODULE);
	return 0;
}

static void __exit refmod_exit(void)
{
	pr_info("refmod: exit, refcount %d\n", module_refcount(THIS_MODULE));
	if (pinned)
		module_put(THIS_MODULE);
}

module_init(refmod_init);
module_exit(refmod_exit);
