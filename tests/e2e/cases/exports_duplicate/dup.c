// SPDX-License-Identifier: MIT
/* Exports a name exporter.ko already exports: the second one is refused. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

int exporter_add(int a, int b)
{
	return a - b;
}
EXPORT_SYMBOL(exporter_add);

static int __init dup_init(void)
{
	printk(KERN_INFO "dup: loaded\n");
	return 0;
}

module_init(dup_init);
