// A kmalloc() buffer used after kfree(), in init.
#include <linux/module.h>
#include <linux/slab.h>

struct item {
	int id;
	int refs;
};

static noinline void put_item(struct item *it)
{
	it->refs--;
}

static int __init slab_uaf_init(void)
{
	struct item *it = kzalloc(sizeof(*it), GFP_KERNEL);

	if (!it)
		return -ENOMEM;
	it->refs = 1;
	kfree(it);
	put_item(it);
	return 0;
}

static void __exit slab_uaf_exit(void)
{
}

module_init(slab_uaf_init);
module_exit(slab_uaf_exit);
MODULE_LICENSE("GPL");
