// SPDX-License-Identifier: MIT
/*
 * Its init has the host load another module (as request_module() will):
 * loads are serialised by a lock held across init, which must let the
 * same thread in again.
 */
#include <linux/init.h>
#include <linux/module.h>

#include "lifereg.h"

MODULE_LICENSE("GPL");

static int __init nested_init(void)
{
	return life_load_nested();
}

static void __exit nested_exit(void)
{
}

module_init(nested_init);
module_exit(nested_exit);
