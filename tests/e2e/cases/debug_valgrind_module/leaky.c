#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

MODULE_LICENSE("GPL");

static char *keep;

static int __init leaky_init(void)
{
	char *p = kmalloc(16, GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	p[16] = 1;		/* one past the end */
	keep = kmalloc(32, GFP_KERNEL);
	kfree(p);
	return 0;
}

static void __exit leaky_exit(void)
{
	keep = NULL;		/* forgotten, never freed */
}

module_init(leaky_init);
module_exit(leaky_exit);
