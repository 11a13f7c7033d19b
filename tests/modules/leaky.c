// SPDX-License-Identifier: MIT
/*
 * Memory left behind at unload (test_slab.c). mode=0: two kmalloc'd
 * objects from leak_pair() and one from leak_one() stay allocated after
 * exit; mode=1: everything is freed in exit; mode=2: exit destroys a
 * cache that still holds an object (and frees the rest).
 */
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>

MODULE_LICENSE("GPL");

static int mode, pairs = 2;
module_param(mode, int, 0);
module_param(pairs, int, 0);	/* not a constant: the loop stays one call site */

static void *pair[2], *one, *obj;
static struct kmem_cache *cache;

static noinline int leak_pair(void)
{
	for (int i = 0; i < pairs && i < 2; i++) {
		pair[i] = kmalloc(48, GFP_KERNEL);
		if (!pair[i])
			return -ENOMEM;
	}
	return 0;
}

static noinline int leak_one(void)
{
	one = kzalloc(100, GFP_KERNEL);
	return one ? 0 : -ENOMEM;
}

static int __init leaky_init(void)
{
	if (leak_pair() || leak_one())
		return -ENOMEM;
	if (mode != 2)
		return 0;
	cache = kmem_cache_create("leaky_cache", 40, 0, SLAB_HWCACHE_ALIGN, NULL);
	obj = cache ? kmem_cache_alloc(cache, GFP_KERNEL) : NULL;
	return obj ? 0 : -ENOMEM;
}

static void __exit leaky_exit(void)
{
	if (mode == 0)
		return;
	kfree(pair[0]);
	kfree(pair[1]);
	kfree(one);
	if (mode == 2)
		kmem_cache_destroy(cache);	/* not a tail call: the caller is leaky_exit */
	pr_info("leaky: exit done\n");
}

module_init(leaky_init);
module_exit(leaky_exit);
