// SPDX-License-Identifier: MIT
/* Reads a global of exporter.ko that it never exported: not visible. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

extern int exporter_private;

static int __init peeker_init(void)
{
	return exporter_private;
}

module_init(peeker_init);
