/* SPDX-License-Identifier: MIT */
/*
 * Scatterlists, as 6.1's (lib/scatterlist.c for what is out of line).
 * struct page is the page itself in umod (umod/kabi/mm.h): sg_set_buf()
 * works on any buffer, sg_virt() gives it back, and there is no DMA
 * mapping to make (sg_dma_address() is what a device model is told).
 */
#ifndef _LINUX_SCATTERLIST_H
#define _LINUX_SCATTERLIST_H

#include <linux/string.h>
#include <linux/types.h>
#include <linux/bug.h>
#include <linux/mm.h>
#include <umod/kabi/scatterlist.h>
#include <asm/io.h>

/* linux/types.h's off_t (a repeated identical typedef is valid C11) */
typedef long off_t;

#define sg_dma_address(sg)	((sg)->dma_address)
#define sg_dma_len(sg)		((sg)->dma_length)

struct sg_append_table {
	struct sg_table sgt;
	struct scatterlist *prv;
	unsigned int total_nents;
};

#define sg_is_chain(sg)		((sg)->page_link & SG_CHAIN)
#define sg_is_last(sg)		((sg)->page_link & SG_END)
#define sg_chain_ptr(sg)	\
	((struct scatterlist *)((sg)->page_link & ~SG_PAGE_LINK_MASK))

static inline void sg_assign_page(struct scatterlist *sg, struct page *page)
{
	unsigned long page_link = sg->page_link & (SG_CHAIN | SG_END);

	sg->page_link = page_link | (unsigned long)page;
}

static inline void sg_set_page(struct scatterlist *sg, struct page *page, unsigned int len,
			       unsigned int offset)
{
	sg_assign_page(sg, page);
	sg->offset = offset;
	sg->length = len;
}

static inline struct page *sg_page(struct scatterlist *sg)
{
	return (struct page *)((sg)->page_link & ~SG_PAGE_LINK_MASK);
}

static inline void sg_set_buf(struct scatterlist *sg, const void *buf, unsigned int buflen)
{
	sg_set_page(sg, virt_to_page(buf), buflen, offset_in_page(buf));
}

#define for_each_sg(sglist, sg, nr, __i)	\
	for (__i = 0, sg = (sglist); __i < (nr); __i++, sg = sg_next(sg))

static inline void __sg_chain(struct scatterlist *chain_sg, struct scatterlist *sgl)
{
	chain_sg->offset = 0;
	chain_sg->length = 0;
	chain_sg->page_link = ((unsigned long)sgl | SG_CHAIN) & ~SG_END;
}

/* the last entry of @prv (of @prv_nents) becomes a link to @sgl */
static inline void sg_chain(struct scatterlist *prv, unsigned int prv_nents,
			    struct scatterlist *sgl)
{
	__sg_chain(&prv[prv_nents - 1], sgl);
}

static inline void sg_mark_end(struct scatterlist *sg)
{
	sg->page_link |= SG_END;
	sg->page_link &= ~SG_CHAIN;
}

static inline void sg_unmark_end(struct scatterlist *sg)
{
	sg->page_link &= ~SG_END;
}

static inline dma_addr_t sg_phys(struct scatterlist *sg)
{
	return (dma_addr_t)(unsigned long)page_address(sg_page(sg)) + sg->offset;
}

static inline void *sg_virt(struct scatterlist *sg)
{
	return (char *)page_address(sg_page(sg)) + sg->offset;
}

static inline void sg_init_marker(struct scatterlist *sgl, unsigned int nents)
{
	sg_mark_end(&sgl[nents - 1]);
}

int sg_nents(struct scatterlist *sg);
int sg_nents_for_len(struct scatterlist *sg, u64 len);
struct scatterlist *sg_next(struct scatterlist *);
struct scatterlist *sg_last(struct scatterlist *s, unsigned int);
void sg_init_table(struct scatterlist *, unsigned int);
void sg_init_one(struct scatterlist *, const void *, unsigned int);
void sg_free_table(struct sg_table *);
int sg_alloc_table(struct sg_table *, unsigned int, gfp_t);

size_t sg_copy_buffer(struct scatterlist *sgl, unsigned int nents, void *buf, size_t buflen,
		      off_t skip, bool to_buffer);
size_t sg_copy_from_buffer(struct scatterlist *sgl, unsigned int nents, const void *buf,
			   size_t buflen);
size_t sg_copy_to_buffer(struct scatterlist *sgl, unsigned int nents, void *buf, size_t buflen);
size_t sg_pcopy_from_buffer(struct scatterlist *sgl, unsigned int nents, const void *buf,
			    size_t buflen, off_t skip);
size_t sg_pcopy_to_buffer(struct scatterlist *sgl, unsigned int nents, void *buf,
			  size_t buflen, off_t skip);
size_t sg_zero_buffer(struct scatterlist *sgl, unsigned int nents, size_t buflen, off_t skip);

/* the entries a page of them holds; larger tables chain */
#define SG_CHUNK_SIZE	128

/* ---- page by page: for_each_sg_page() and the mapping iterator ---- */

void __sg_page_iter_start(struct sg_page_iter *piter, struct scatterlist *sglist,
			  unsigned int nents, unsigned long pgoffset);
bool __sg_page_iter_next(struct sg_page_iter *piter);

static inline struct page *sg_page_iter_page(struct sg_page_iter *piter)
{
	return nth_page(sg_page(piter->sg), piter->sg_pgoffset);
}

#define for_each_sg_page(sglist, piter, nents, pgoffset)		\
	for (__sg_page_iter_start((piter), (sglist), (nents), (pgoffset)); \
	     __sg_page_iter_next(piter);)

#define for_each_sgtable_sg(sgt, sg, i)		\
	for_each_sg((sgt)->sgl, sg, (sgt)->orig_nents, i)
#define for_each_sgtable_page(sgt, piter, pgoffset)	\
	for_each_sg_page((sgt)->sgl, piter, (sgt)->orig_nents, pgoffset)

void sg_miter_start(struct sg_mapping_iter *miter, struct scatterlist *sgl,
		    unsigned int nents, unsigned int flags);
bool sg_miter_skip(struct sg_mapping_iter *miter, off_t offset);
bool sg_miter_next(struct sg_mapping_iter *miter);
void sg_miter_stop(struct sg_mapping_iter *miter);

#endif /* _LINUX_SCATTERLIST_H */
