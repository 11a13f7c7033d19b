// SPDX-License-Identifier: MIT
/*
 * Tells the host, from its init, where its init code and its core code
 * run (tests/unit/test_protect.c): the first must be gone once init has
 * returned, the second must never be writable.
 */
#include <linux/init.h>
#include <linux/module.h>

#include "lifereg.h"

MODULE_LICENSE("GPL");

int initmap_value(void);

/* not static, not inlined: core text the test can find and write to */
noinline int initmap_value(void)
{
	return 7;
}

static int __init initmap_init(void)
{
	life_note_addresses(initmap_init, initmap_value);
	return initmap_value() == 7 ? 0 : -1;
}

static void __exit initmap_exit(void)
{
}

module_init(initmap_init);
module_exit(initmap_exit);
