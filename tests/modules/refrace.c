// SPDX-License-Identifier: MIT
/*
 * The use count from module code (tests/unit/test_refcount.c): each op is
 * one of the inline counting functions on the module itself, so the test
 * races the module's own fast path against the host's stopper.
 */
#include <linux/init.h>
#include <linux/module.h>

#include "refrace.h"

MODULE_LICENSE("GPL");

static int refrace_get(void)
{
	return try_module_get(THIS_MODULE);
}

static void refrace_hold(void)
{
	__module_get(THIS_MODULE);
}

static void refrace_put(void)
{
	module_put(THIS_MODULE);
}

static const struct refrace_ops ops = {
	.get = refrace_get,
	.hold = refrace_hold,
	.put = refrace_put,
};

static int __init refrace_init(void)
{
	return refrace_register(&ops);
}

static void __exit refrace_exit(void)
{
}

module_init(refrace_init);
module_exit(refrace_exit);
