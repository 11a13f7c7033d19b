// SPDX-License-Identifier: GPL-2.0
/* A slab cache and a linked list: objects made in init, freed in exit. */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/slab.h>

MODULE_LICENSE("GPL");

struct item {
	int value;
	struct list_head node;
};

static struct kmem_cache *item_cache;
static LIST_HEAD(items);

static int __init cachelist_init(void)
{
	struct item *it;
	int i, sum = 0;

	item_cache = KMEM_CACHE(item, SLAB_HWCACHE_ALIGN);
	if (!item_cache)
		return -ENOMEM;
	for (i = 1; i <= 5; i++) {
		it = kmem_cache_alloc(item_cache, GFP_KERNEL);
		if (!it)
			return -ENOMEM;
		it->value = i * i;
		list_add_tail(&it->node, &items);
	}
	list_for_each_entry(it, &items, node)
		sum += it->value;
	pr_info("cachelist: 5 items, sum %d, object size %u\n", sum,
		kmem_cache_size(item_cache));
	return 0;
}

static void __exit cachelist_exit(void)
{
	struct item *it, *next;
	int n = 0;

	list_for_each_entry_safe(it, next, &items, node) {
		list_del(&it->node);
		kmem_cache_free(item_cache, it);
		n++;
	}
	kmem_cache_destroy(item_cache);
	pr_info("cachelist: freed %d items\n", n);
}

module_init(cachelist_init);
module_exit(cachelist_exit);
