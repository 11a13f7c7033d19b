// SPDX-License-Identifier: GPL-2.0
/* Destroys its cache with an object still in it. */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>

MODULE_LICENSE("GPL");

static struct kmem_cache *busy_cache;
static void *kept;

static int __init busycache_init(void)
{
	busy_cache = kmem_cache_create("busy_cache", 100, 0, 0, NULL);
	if (!busy_cache)
		return -ENOMEM;
	kept = kmem_cache_alloc(busy_cache, GFP_KERNEL);
	return kept ? 0 : -ENOMEM;
}

static void __exit busycache_exit(void)
{
	kmem_cache_destroy(busy_cache);
	pr_info("busycache: gone\n");
}

module_init(busycache_init);
module_exit(busycache_exit);
