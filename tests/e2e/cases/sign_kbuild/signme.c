#include <linux/init.h>
#include <linux/module.h>
#include <linux/printk.h>

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("a module the build signs");

static int __init signme_init(void)
{
	pr_info("signme: loaded\n");
	return 0;
}

static void __exit signme_exit(void)
{
	pr_info("signme: unloaded\n");
}

module_init(signme_init);
module_exit(signme_exit);
