#include <linux/module.h>

extern int base_value(void);
int middle_value(void);
int middle_value(void) { return base_value() + 1; }
EXPORT_SYMBOL(middle_value);

static int level = 1;
module_param(level, int, 0444);

static int __init middle_init(void)
{
	pr_info("middle: loaded, level=%d\n", level);
	return 0;
}
static void __exit middle_exit(void) { pr_info("middle: unloaded\n"); }
module_init(middle_init);
module_exit(middle_exit);
MODULE_LICENSE("GPL");
MODULE_ALIAS("char-major-250-*");
