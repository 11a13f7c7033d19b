#include <linux/module.h>

extern int middle_value(void);
static char *who = "nobody";
module_param(who, charp, 0444);

static int __init user_init(void)
{
	pr_info("user: %s gets %d\n", who, middle_value() + 1);
	return 0;
}
static void __exit user_exit(void) { pr_info("user: unloaded\n"); }
module_init(user_init);
module_exit(user_exit);
MODULE_LICENSE("GPL");
MODULE_ALIAS("umod-user");
