#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

static int __init later_init(void)
{
	pr_info("later: loaded\n");
	return 0;
}

static void __exit later_exit(void)
{
}

module_init(later_init);
module_exit(later_exit);
