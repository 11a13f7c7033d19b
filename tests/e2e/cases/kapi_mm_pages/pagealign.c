// SPDX-License-Identifier: GPL-2.0
/* What vmalloc(), alloc_pages() and kmalloc() hand out, as the module sees it. */
#include <linux/gfp.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

MODULE_LICENSE("GPL");

static int __init pagealign_init(void)
{
	char *v = vzalloc(3 * PAGE_SIZE + 100);
	struct page *pg = alloc_pages(GFP_KERNEL, 2);
	unsigned long zp = get_zeroed_page(GFP_KERNEL);
	void *k = kmalloc(PAGE_SIZE, GFP_KERNEL);
	void *kv = kvmalloc(8 << 20, GFP_KERNEL);
	char *pa;

	if (!v || !pg || !zp || !k || !kv)
		return -ENOMEM;
	pa = page_address(pg);
	pr_info("PAGE_SIZE %lu PAGE_SHIFT %d get_order(5000) %d\n", PAGE_SIZE, PAGE_SHIFT,
		get_order(5000));
	pr_info("vzalloc: page-aligned %d, zeroed %d, vmalloc addr %d\n",
		PAGE_ALIGNED(v), v[0] == 0 && v[3 * PAGE_SIZE + 99] == 0, is_vmalloc_addr(v + 5000));
	pr_info("alloc_pages order 2: 16K-aligned %d, virt_to_page back %d\n",
		((unsigned long)pa & (4 * PAGE_SIZE - 1)) == 0, virt_to_page(pa + 100) == pg);
	pa[4 * PAGE_SIZE - 1] = 1;
	pr_info("get_zeroed_page: aligned %d, zeroed %d\n", (zp & ~PAGE_MASK) == 0,
		((char *)zp)[PAGE_SIZE - 1] == 0);
	pr_info("kmalloc(PAGE_SIZE): aligned %d, ksize %zu, vmalloc addr %d\n",
		PAGE_ALIGNED(k), ksize(k), is_vmalloc_addr(k));
	pr_info("kvmalloc(8M): vmalloc addr %d\n", is_vmalloc_addr(kv));
	kvfree(kv);
	kfree(k);
	free_page(zp);
	__free_pages(pg, 2);
	vfree(v);
	return 0;
}

static void __exit pagealign_exit(void)
{
}

module_init(pagealign_init);
module_exit(pagealign_exit);
