// SPDX-License-Identifier: MIT
/*
 * symbol_get(): uses exporter's functions when exporter is loaded, and
 * loads without it otherwise (no link-time dependency). While it holds
 * them, exporter's use count shows it.
 */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

extern int exporter_add(int a, int b);
extern int exporter_refcount(void);

static int (*add)(int, int);
static int (*refcount)(void);

static int __init getter_init(void)
{
	add = symbol_get(exporter_add);
	if (!add) {
		printk(KERN_INFO "getter: exporter_add is not available\n");
		return 0;
	}
	refcount = symbol_get(exporter_refcount);
	printk(KERN_INFO "getter: 40 + 2 = %d\n", add(40, 2));
	printk(KERN_INFO "getter: exporter's refcount is %d\n", refcount());
	return 0;
}

static void __exit getter_exit(void)
{
	if (!add)
		return;
	symbol_put(exporter_add);
	printk(KERN_INFO "getter: after one symbol_put, exporter's refcount is %d\n",
	       refcount());
	symbol_put(exporter_refcount);
}

module_init(getter_init);
module_exit(getter_exit);
