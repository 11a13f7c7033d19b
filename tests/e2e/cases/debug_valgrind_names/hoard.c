#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

MODULE_LICENSE("GPL");

static char *kept;

static noinline char *hoard_alloc(size_t n)
{
	char *p = kmalloc(n, GFP_KERNEL);

	if (p)
		p[0] = 0;	/* not a tail call: its frame stays */
	return p;
}

static noinline void hoard_poke(char *p, size_t n)
{
	p[n] = 1;		/* one past the end */
}

static int __init hoard_init(void)
{
	char *p = hoard_alloc(16);

	if (!p)
		return -ENOMEM;
	hoard_poke(p, 16);
	kfree(p);
	kept = hoard_alloc(32);
	return 0;
}

static void __exit hoard_exit(void)
{
	kept = NULL;		/* forgotten, never freed */
}

module_init(hoard_init);
module_exit(hoard_exit);
