// SPDX-License-Identifier: MIT
/* A proprietary module may use plain exports; loading it taints the host (P). */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("Proprietary");

extern int exporter_add(int a, int b);

static int __init propplain_init(void)
{
	printk(KERN_INFO "propplain: 20 + 22 = %d\n", exporter_add(20, 22));
	return 0;
}

static void __exit propplain_exit(void)
{
}

module_init(propplain_init);
module_exit(propplain_exit);
