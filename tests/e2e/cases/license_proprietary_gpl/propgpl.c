// SPDX-License-Identifier: MIT
/* A proprietary module cannot see GPL-only exports: Unknown symbol. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("Proprietary");

extern int exporter_mul(int a, int b);

static int __init propgpl_init(void)
{
	return exporter_mul(6, 7) == 42 ? 0 : -1;
}

module_init(propgpl_init);
