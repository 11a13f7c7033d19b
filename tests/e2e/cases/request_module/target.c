#include <linux/module.h>

static int __init target_init(void)
{
	pr_info("target: loaded on request\n");
	return 0;
}
static void __exit target_exit(void) { pr_info("target: unloaded\n"); }
module_init(target_init);
module_exit(target_exit);
MODULE_LICENSE("GPL");
MODULE_ALIAS("umod-req-*");
