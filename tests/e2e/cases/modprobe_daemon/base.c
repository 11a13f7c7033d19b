#include <linux/module.h>

int base_value(void);
int base_value(void) { return 40; }
EXPORT_SYMBOL(base_value);

static int __init base_init(void)
{
	pr_info("base: loaded\n");
	return 0;
}
static void __exit base_exit(void) { pr_info("base: unloaded\n"); }
module_init(base_init);
module_exit(base_exit);
MODULE_LICENSE("GPL");
