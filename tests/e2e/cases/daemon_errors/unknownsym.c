// SPDX-License-Identifier: MIT
/* Calls two functions nobody exports: both are reported, in symbol-table order. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

extern int no_such_function(void);
extern int nor_this_one(int);

static int __init unknownsym_init(void)
{
	return no_such_function() + nor_this_one(1);
}

module_init(unknownsym_init);
