/* SPDX-License-Identifier: MIT */
/*
 * struct scatterlist and struct sg_table, shared by lib/scatterlist.c and
 * linux/scatterlist.h, in x86-64 6.1's layout (NEED_SG_DMA_LENGTH and
 * PCI_P2PDMA as Debian has them). page_link is the page's address with
 * SG_CHAIN (the entry points at another array) and SG_END (the last
 * entry) in its low bits.
 */
#ifndef _UMOD_KABI_SCATTERLIST_H
#define _UMOD_KABI_SCATTERLIST_H

struct scatterlist {
	unsigned long page_link;
	unsigned int offset;
	unsigned int length;
	unsigned long long dma_address;
	unsigned int dma_length;
	unsigned int dma_flags;
};

struct sg_table {
	struct scatterlist *sgl;	/* the list */
	unsigned int nents;		/* mapped entries */
	unsigned int orig_nents;	/* allocated entries */
};

#define SG_CHAIN		0x01UL
#define SG_END			0x02UL
#define SG_PAGE_LINK_MASK	(SG_CHAIN | SG_END)

/* one page's worth of entries per allocation, the last one chaining on */
#define SG_MAX_SINGLE_ALLOC	(4096 / sizeof(struct scatterlist))

#define SG_MITER_ATOMIC		(1 << 0)
#define SG_MITER_TO_SG		(1 << 1)
#define SG_MITER_FROM_SG	(1 << 2)

struct sg_page_iter {
	struct scatterlist *sg;
	unsigned int sg_pgoffset;
	unsigned int __nents;
	int __pg_advance;
};

struct page;

/* what the sg_miter functions map, a page's worth at a time */
struct sg_mapping_iter {
	struct page *page;
	void *addr;
	unsigned long length;		/* of the mapped part */
	unsigned long consumed;		/* of it, set by the user */
	struct sg_page_iter piter;
	unsigned int __offset;
	unsigned int __remaining;
	unsigned int __flags;
};

#endif /* _UMOD_KABI_SCATTERLIST_H */
