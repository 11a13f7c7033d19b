// SPDX-License-Identifier: MIT
/* Uses two functions the embedding application exports. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

extern int app_triple(int x);
extern void app_where(void);

static int __init appuser_init(void)
{
	app_where();
	printk(KERN_INFO "appuser: app_triple(14) = %d\n", app_triple(14));
	return 0;
}

static void __exit appuser_exit(void)
{
}

module_init(appuser_init);
module_exit(appuser_exit);
