// SPDX-License-Identifier: MIT
/* A plugin of app.c: it calls what the application exports. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

extern int app_version(void);

static int __init plugin_init(void)
{
	printk(KERN_INFO "plugin: loaded by version %d of the application\n", app_version());
	return 0;
}

static void __exit plugin_exit(void)
{
	printk(KERN_INFO "plugin: unloaded\n");
}

module_init(plugin_init);
module_exit(plugin_exit);
