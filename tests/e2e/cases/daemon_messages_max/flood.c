// SPDX-License-Identifier: MIT
/* A module that floods the log: @lines lines from its init. */
#include <linux/module.h>

static int lines = 4000;
module_param(lines, int, 0444);

static int __init flood_init(void)
{
	for (int i = 1; i <= lines; i++)
		pr_info("flood: line %05d of a module that says too much, again and again\n", i);
	return 0;
}

static void __exit flood_exit(void)
{
}

module_init(flood_init);
module_exit(flood_exit);
MODULE_LICENSE("GPL");
