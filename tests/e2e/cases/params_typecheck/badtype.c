// SPDX-License-Identifier: MIT
/* The article's promise: a parameter declared with the wrong type is a compile error. */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

MODULE_LICENSE("GPL");

static int count = 1;
module_param(count, charp, 0);

static int __init badtype_init(void)
{
	return count;
}

module_init(badtype_init);
