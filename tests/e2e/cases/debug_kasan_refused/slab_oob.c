// An off-by-one write past a kmalloc() buffer, in init.
#include <linux/module.h>
#include <linux/slab.h>

static noinline void fill(char *buf, size_t len)
{
	size_t i;

	for (i = 0; i <= len; i++)	/* one too many */
		buf[i] = 'x';
}

static int __init slab_oob_init(void)
{
	char *buf = kmalloc(10, GFP_KERNEL);

	if (!buf)
		return -ENOMEM;
	fill(buf, 10);
	kfree(buf);
	return 0;
}

static void __exit slab_oob_exit(void)
{
}

module_init(slab_oob_init);
module_exit(slab_oob_exit);
MODULE_LICENSE("GPL");
