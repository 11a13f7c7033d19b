/*
 * caches.c: slab caches SLUB merges and caches it never merges: two of
 * 24 bytes (one asked for 20), one accounted to memcg (SLAB_ACCOUNT: a
 * group of its own), one with a constructor, one whose objects are
 * usercopy, one freed by RCU; objects in some of them.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

static struct kmem_cache *pair_a, *pair_b, *acct, *with_ctor, *usercopy, *by_rcu;
static void *objs[5];

static void caches_ctor(void *p)
{
	memset(p, 0, 24);
}

static void destroy_all(void)
{
	kmem_cache_destroy(by_rcu);
	kmem_cache_destroy(usercopy);
	kmem_cache_destroy(with_ctor);
	kmem_cache_destroy(acct);
	kmem_cache_destroy(pair_b);
	kmem_cache_destroy(pair_a);
}

static int __init caches_init(void)
{
	pair_a = kmem_cache_create("caches_pair_a", 24, 0, 0, NULL);
	pair_b = kmem_cache_create("caches_pair_b", 20, 0, 0, NULL);
	acct = kmem_cache_create("caches_acct", 192, 0, SLAB_ACCOUNT, NULL);
	with_ctor = kmem_cache_create("caches_ctor", 24, 0, 0, caches_ctor);
	usercopy = kmem_cache_create_usercopy("caches_usercopy", 64, 0, 0, 0, 64, NULL);
	by_rcu = kmem_cache_create("caches_rcu", 40, 0, SLAB_TYPESAFE_BY_RCU, NULL);
	if (!pair_a || !pair_b || !acct || !with_ctor || !usercopy || !by_rcu)
		goto fail;
	objs[0] = kmem_cache_alloc(pair_a, GFP_KERNEL);
	objs[1] = kmem_cache_alloc(pair_b, GFP_KERNEL);
	objs[2] = kmem_cache_alloc(pair_b, GFP_KERNEL);
	objs[3] = kmem_cache_alloc(with_ctor, GFP_KERNEL);
	objs[4] = kmem_cache_alloc(acct, GFP_KERNEL);
	return 0;
fail:
	destroy_all();
	return -ENOMEM;
}

static void __exit caches_exit(void)
{
	kmem_cache_free(pair_a, objs[0]);
	kmem_cache_free(pair_b, objs[1]);
	kmem_cache_free(pair_b, objs[2]);
	kmem_cache_free(with_ctor, objs[3]);
	kmem_cache_free(acct, objs[4]);
	destroy_all();
}

module_init(caches_init);
module_exit(caches_exit);
MODULE_LICENSE("GPL");
