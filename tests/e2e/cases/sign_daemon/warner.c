#include <linux/bug.h>
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

static int __init warner_init(void)
{
	WARN_ON(1);
	return 0;
}

static void __exit warner_exit(void)
{
}

module_init(warner_init);
module_exit(warner_exit);
