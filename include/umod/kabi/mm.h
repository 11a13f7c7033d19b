/* SPDX-License-Identifier: MIT */
/*
 * Page geometry, shared by the host (mm/) and modules (linux/gfp.h,
 * linux/mm.h): x86-64's 4 KiB pages. Builtin types only.
 */
#ifndef _UMOD_KABI_MM_H
#define _UMOD_KABI_MM_H

#define PAGE_SHIFT		12
#define PAGE_SIZE		(1UL << PAGE_SHIFT)
#define PAGE_MASK		(~(PAGE_SIZE - 1))
#define PAGE_ALIGN(addr)	(((addr) + PAGE_SIZE - 1) & PAGE_MASK)
#define PAGE_ALIGNED(addr)	(((unsigned long)(addr) & (PAGE_SIZE - 1)) == 0)
/* 6.1's MAX_ORDER: the largest block is 2^(MAX_ORDER-1) pages (4 MiB) */
#define MAX_ORDER		11

/*
 * A page as modules see it: the kernel's struct page is a descriptor in
 * the memory map; here the page itself is its own descriptor (one
 * struct page per 4 KiB of address), so page + 1 is the next page and
 * page_address() is a cast. Modules never look inside.
 */
struct page {
	unsigned char __umod_bytes[1UL << PAGE_SHIFT];
};

/* get_order(): the order of the smallest block holding @size bytes */
static inline __attribute__((__const__)) int get_order(unsigned long size)
{
	if (size <= PAGE_SIZE)
		return 0;
	return (int)(8 * sizeof(long)) - __builtin_clzl((size - 1) >> PAGE_SHIFT);
}

#endif /* _UMOD_KABI_MM_H */
