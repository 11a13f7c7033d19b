#include <linux/module.h>

static int __init soft_init(void)
{
	pr_info("soft: loaded\n");
	return 0;
}
static void __exit soft_exit(void) { pr_info("soft: unloaded\n"); }
module_init(soft_init);
module_exit(soft_exit);
MODULE_LICENSE("GPL");
MODULE_SOFTDEP("pre: base post: pinned");
