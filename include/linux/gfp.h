/* SPDX-License-Identifier: MIT */
/*
 * Allocation flags, with Linux 6.1's values. A process has no zones, no
 * reclaim and no atomic reserves: __GFP_ZERO zeroes and __GFP_NOWARN
 * silences the too-large warning; the rest are accepted and mean nothing.
 */
#ifndef _LINUX_GFP_H
#define _LINUX_GFP_H

#include <linux/export.h>
#include <linux/types.h>
#include <umod/kabi/mm.h>
#include <linux/bits.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/seqlock.h>
#include <linux/random.h>
#include <linux/mm_types.h>

#define __GFP_DMA		0x01u
#define __GFP_HIGHMEM		0x02u
#define __GFP_DMA32		0x04u
#define __GFP_MOVABLE		0x08u
#define __GFP_RECLAIMABLE	0x10u
#define __GFP_HIGH		0x20u
#define __GFP_IO		0x40u
#define __GFP_FS		0x80u
#define __GFP_ZERO		0x100u
#define __GFP_ATOMIC		0x200u
#define __GFP_DIRECT_RECLAIM	0x400u
#define __GFP_KSWAPD_RECLAIM	0x800u
#define __GFP_WRITE		0x1000u
#define __GFP_NOWARN		0x2000u
#define __GFP_RETRY_MAYFAIL	0x4000u
#define __GFP_NOFAIL		0x8000u
#define __GFP_NORETRY		0x10000u
#define __GFP_MEMALLOC		0x20000u
#define __GFP_COMP		0x40000u
#define __GFP_NOMEMALLOC	0x80000u
#define __GFP_HARDWALL		0x100000u
#define __GFP_THISNODE		0x200000u
#define __GFP_ACCOUNT		0x400000u
#define __GFP_RECLAIM		(__GFP_DIRECT_RECLAIM | __GFP_KSWAPD_RECLAIM)

#define GFP_ATOMIC		(__GFP_HIGH | __GFP_ATOMIC | __GFP_KSWAPD_RECLAIM)
#define GFP_KERNEL		(__GFP_RECLAIM | __GFP_IO | __GFP_FS)
#define GFP_KERNEL_ACCOUNT	(GFP_KERNEL | __GFP_ACCOUNT)
#define GFP_NOWAIT		(__GFP_KSWAPD_RECLAIM)
#define GFP_NOIO		(__GFP_RECLAIM)
#define GFP_NOFS		(__GFP_RECLAIM | __GFP_IO)
#define GFP_USER		(__GFP_RECLAIM | __GFP_IO | __GFP_FS | __GFP_HARDWALL)
#define GFP_DMA			__GFP_DMA
#define GFP_DMA32		__GFP_DMA32
#define GFP_HIGHUSER		(GFP_USER | __GFP_HIGHMEM)
#define GFP_HIGHUSER_MOVABLE	(GFP_HIGHUSER | __GFP_MOVABLE)

#define NUMA_NO_NODE		(-1)

struct page;

/*
 * The page allocator: whole pages, page-aligned, owned by the calling
 * module (found from the call's return address). As in the kernel, struct page * and the address are two views
 * of one page (page_address(), virt_to_page() in linux/mm.h).
 */
struct page *alloc_pages(gfp_t gfp, unsigned int order);
unsigned long __get_free_pages(gfp_t gfp_mask, unsigned int order);
unsigned long get_zeroed_page(gfp_t gfp_mask);
void __free_pages(struct page *page, unsigned int order);
void free_pages(unsigned long addr, unsigned int order);

#define alloc_page(gfp_mask)		alloc_pages(gfp_mask, 0)
/* one node: the preferred one is every page's */
#define alloc_pages_node(nid, gfp, order) alloc_pages(gfp, order)
#define __get_free_page(gfp_mask)	__get_free_pages((gfp_mask), 0)
#define __get_dma_pages(gfp_mask, order) __get_free_pages((gfp_mask) | GFP_DMA, (order))
#define __free_page(page)		__free_pages((page), 0)
#define free_page(addr)			free_pages((addr), 0)

#endif /* _LINUX_GFP_H */
