/* SPDX-License-Identifier: MIT */
/*
 * Pages and addresses: page_address() and virt_to_page() are casts (see
 * umod/kabi/mm.h: a page is its own descriptor), is_vmalloc_addr() asks
 * the host.
 */
#ifndef _LINUX_MM_H
#define _LINUX_MM_H

#include <linux/compiler.h>
#include <linux/gfp.h>
#include <linux/mm_types.h>
#include <linux/slab.h>
#include <linux/types.h>
#include <umod/kabi/mm.h>
#include <linux/errno.h>
#include <linux/bug.h>
#include <asm/errno.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/sizes.h>

bool is_vmalloc_addr(const void *x);

static inline void *page_address(const struct page *page)
{
	return (void *)page;
}

#define virt_to_page(kaddr)	((struct page *)((unsigned long)(kaddr) & PAGE_MASK))
static inline struct page *vmalloc_to_page(const void *addr)
{
	return virt_to_page(addr);
}

#define virt_addr_valid(kaddr)	((unsigned long)(kaddr) >= PAGE_SIZE)
#define offset_in_page(p)	((unsigned long)(p) & ~PAGE_MASK)
#define nth_page(page, n)	((page) + (n))

/*
 * The pages alloc_pages() gave carry a reference count, 1 from the
 * allocation (mm/page_alloc.c): get_page() takes one more, put_page() and
 * __free_pages() drop one, and the last drop frees the block. The count
 * is the whole block's (a compound page's, in the kernel's terms).
 */
void get_page(struct page *page);
void put_page(struct page *page);
int page_ref_count(const struct page *page);

static inline int page_count(const struct page *page)
{
	return page_ref_count(page);
}

static inline bool is_vmalloc_or_module_addr(const void *x)
{
	return is_vmalloc_addr(x);
}

#endif /* _LINUX_MM_H */
