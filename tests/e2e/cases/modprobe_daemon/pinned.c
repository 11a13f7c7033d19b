#include <linux/module.h>

extern int base_value(void);

static int __init pinned_init(void)
{
	pr_info("pinned: %d\n", base_value());
	return 0;
}
static void __exit pinned_exit(void) { }
module_init(pinned_init);
module_exit(pinned_exit);
MODULE_LICENSE("GPL");
