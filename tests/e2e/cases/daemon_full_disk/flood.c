// SPDX-License-Identifier: MIT
/* prints many lines, as a chatty module does */
#include <linux/module.h>
#include <linux/moduleparam.h>

static int lines = 1000;
module_param(lines, int, 0);

static int __init flood_init(void)
{
	for (int i = 1; i <= lines; i++)
		pr_info("flood: line %04d of %d, padded to a hundred bytes with dots .............................\n",
			i, lines);
	return 0;
}

static void __exit flood_exit(void)
{
	pr_info("flood: exit\n");
}

module_init(flood_init);
module_exit(flood_exit);
MODULE_LICENSE("GPL");
