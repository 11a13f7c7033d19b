#include <linux/module.h>

int provided_fn(int x);
int provided_fn(int x) { return x + 22; }
EXPORT_SYMBOL_GPL(provided_fn);

static int __init symprov_init(void)
{
	pr_info("symprov: loaded for symbol_request\n");
	return 0;
}
static void __exit symprov_exit(void) { pr_info("symprov: unloaded\n"); }
module_init(symprov_init);
module_exit(symprov_exit);
MODULE_LICENSE("GPL");
