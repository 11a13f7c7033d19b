// SPDX-License-Identifier: GPL-2.0
/*
 * kmalloc() and kzalloc() of constant sizes, as Linux 6.1 compiles them:
 * the cache read from kmalloc_caches[][] and handed to kmalloc_trace()
 * (kmalloc_node_trace() for kmalloc_node(), kmalloc_large() above 8 KiB).
 * Each object's ksize() is its kmalloc cache's size, as is each cache's
 * kmem_cache_size(); with keep=1 one object stays allocated past unload.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>

MODULE_LICENSE("GPL");

static bool keep;
module_param(keep, bool, 0444);

struct pair {
	u64 key;
	u32 value;
};

static void *kept;

static bool all_zero(const void *p, size_t n)
{
	const u8 *b = p;

	while (n--)
		if (*b++)
			return false;
	return true;
}

static int __init kmtrace_init(void)
{
	char *small = kmalloc(40, GFP_KERNEL);
	u8 *zeroed = kzalloc(100, GFP_KERNEL);
	char *node = kmalloc_node(150, GFP_KERNEL, NUMA_NO_NODE);
	struct pair *acct = kzalloc(sizeof(*acct), GFP_KERNEL_ACCOUNT);
	void *large = kmalloc(3 * PAGE_SIZE, GFP_KERNEL);
	void *none = kmalloc(0, GFP_KERNEL);

	if (!small || !zeroed || !node || !acct || !large)
		goto out;
	pr_info("kmalloc(40): ksize %zu\n", ksize(small));
	pr_info("kzalloc(100): ksize %zu, zeroed %d\n", ksize(zeroed), all_zero(zeroed, 100));
	pr_info("kmalloc_node(150): ksize %zu\n", ksize(node));
	pr_info("kzalloc(sizeof(struct pair)), accounted: ksize %zu, zeroed %d\n",
		ksize(acct), all_zero(acct, sizeof(*acct)));
	pr_info("kmalloc(3 pages): ksize %zu, page-aligned %d\n", ksize(large),
		offset_in_page(large) == 0);
	pr_info("kmalloc(0): ZERO_SIZE_PTR %d\n", none == ZERO_SIZE_PTR);
	/* the caches themselves: one per type and size */
	pr_info("caches: normal-96 %u, cg-16 %u, rcl-192 %u, dma-8k %u\n",
		kmem_cache_size(kmalloc_caches[KMALLOC_NORMAL][kmalloc_index(96)]),
		kmem_cache_size(kmalloc_caches[kmalloc_type(GFP_KERNEL_ACCOUNT)][kmalloc_index(16)]),
		kmem_cache_size(kmalloc_caches[kmalloc_type(__GFP_RECLAIMABLE)][kmalloc_index(150)]),
		kmem_cache_size(kmalloc_caches[kmalloc_type(GFP_DMA)][kmalloc_index(8192)]));
	if (keep)
		kept = kmalloc(24, GFP_KERNEL);
out:
	kfree(large);
	kfree(acct);
	kfree(node);
	kfree(zeroed);
	kfree(small);
	kfree(none);
	return 0;
}

static void __exit kmtrace_exit(void)
{
	pr_info("kmtrace: exit%s\n", kept ? " keeps one object" : "");
}

module_init(kmtrace_init);
module_exit(kmtrace_exit);
