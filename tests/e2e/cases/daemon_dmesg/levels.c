// SPDX-License-Identifier: MIT
/* One line at each printk level, for dmesg's filters and formats. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

static int __init levels_init(void)
{
	printk(KERN_EMERG "levels: emerg\n");
	printk(KERN_ALERT "levels: alert\n");
	printk(KERN_CRIT "levels: crit\n");
	printk(KERN_ERR "levels: err\n");
	printk(KERN_WARNING "levels: warning\n");
	printk(KERN_NOTICE "levels: notice\n");
	printk(KERN_INFO "levels: info\n");
	printk(KERN_DEBUG "levels: debug\n");
	printk("levels: default\n");
	return 0;
}

module_init(levels_init);
