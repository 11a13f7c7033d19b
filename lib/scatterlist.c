// SPDX-License-Identifier: MIT
/*
 * Scatterlists (lib/scatterlist.c): walking (sg_next() follows chain
 * entries), tables allocated a page's worth of entries at a time and
 * chained as 6.1 chains them, the page-by-page mapping iterator and the
 * copies built on it. A page is its own address here (umod/kabi/mm.h),
 * so "mapping" a page is pointer arithmetic.
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include <umod/kabi/mm.h>
#include <umod/kabi/scatterlist.h>

#include "kernel/kapi.h"
#include "mm/internal.h"

static bool is_chain(const struct scatterlist *sg)
{
	return sg->page_link & SG_CHAIN;
}

static bool is_last(const struct scatterlist *sg)
{
	return sg->page_link & SG_END;
}

static struct scatterlist *chain_ptr(const struct scatterlist *sg)
{
	return (struct scatterlist *)(sg->page_link & ~SG_PAGE_LINK_MASK);
}

static unsigned char *page_of(const struct scatterlist *sg)
{
	return (unsigned char *)(sg->page_link & ~SG_PAGE_LINK_MASK);
}

static struct scatterlist *kapi_sg_next(struct scatterlist *sg)
{
	if (is_last(sg))
		return NULL;
	sg++;
	return is_chain(sg) ? chain_ptr(sg) : sg;
}

static int kapi_sg_nents(struct scatterlist *sg)
{
	int n = 0;

	for (; sg; sg = kapi_sg_next(sg))
		n++;
	return n;
}

/* the entries needed to cover @len bytes; -EINVAL if the list is shorter */
static int kapi_sg_nents_for_len(struct scatterlist *sg, uint64_t len)
{
	uint64_t total = 0;
	int n = 0;

	if (!len)
		return 0;
	for (; sg; sg = kapi_sg_next(sg)) {
		n++;
		total += sg->length;
		if (total >= len)
			return n;
	}
	return -EINVAL;
}

static struct scatterlist *kapi_sg_last(struct scatterlist *sgl, unsigned int nents)
{
	struct scatterlist *ret = NULL;

	for (unsigned int i = 0; i < nents && sgl; i++, sgl = kapi_sg_next(sgl))
		ret = sgl;
	return ret;
}

static void kapi_sg_init_table(struct scatterlist *sgl, unsigned int nents)
{
	memset(sgl, 0, sizeof(*sgl) * nents);
	sgl[nents - 1].page_link |= SG_END;
}

static void kapi_sg_init_one(struct scatterlist *sg, const void *buf, unsigned int buflen)
{
	uintptr_t a = (uintptr_t)buf;

	kapi_sg_init_table(sg, 1);
	sg->page_link = (a & PAGE_MASK) | SG_END;
	sg->offset = (unsigned int)(a & ~PAGE_MASK);
	sg->length = buflen;
}

/* ---- tables -------------------------------------------------------------------- */

static void free_table(struct sg_table *table)
{
	struct scatterlist *sgl = table->sgl;
	unsigned int left = table->orig_nents;

	/* each full chunk's last entry chains to the next and holds no data */
	while (sgl && left) {
		struct scatterlist *next = NULL;

		if (left > SG_MAX_SINGLE_ALLOC) {
			next = chain_ptr(&sgl[SG_MAX_SINGLE_ALLOC - 1]);
			left -= SG_MAX_SINGLE_ALLOC - 1;
		} else {
			left = 0;
		}
		umod_kfree(sgl);
		sgl = next;
	}
	table->sgl = NULL;
}

static void kapi_sg_free_table(struct sg_table *table)
{
	free_table(table);
}

/*
 * @nents entries in chunks of SG_MAX_SINGLE_ALLOC, chained; nents and
 * orig_nents count the data entries. Freed again on failure.
 */
static int alloc_table(struct sg_table *table, unsigned int nents, unsigned int gfp,
		       const void *caller)
{
	struct scatterlist *prv = NULL;
	unsigned int left = nents;

	memset(table, 0, sizeof(*table));
	if (!nents)
		return -EINVAL;
	while (left) {
		unsigned int alloc = left > SG_MAX_SINGLE_ALLOC ? SG_MAX_SINGLE_ALLOC : left;
		unsigned int used = left > SG_MAX_SINGLE_ALLOC ? alloc - 1 : alloc;
		struct scatterlist *sg = umod_kmalloc_lib(alloc * sizeof(*sg), gfp, caller);

		if (!sg) {
			/* the last chunk's chain entry will not chain: count it for the free */
			if (prv)
				table->nents = ++table->orig_nents;
			free_table(table);
			return -ENOMEM;
		}
		kapi_sg_init_table(sg, alloc);
		table->nents = table->orig_nents += used;
		if (prv)
			prv[SG_MAX_SINGLE_ALLOC - 1].page_link = (uintptr_t)sg | SG_CHAIN;
		else
			table->sgl = sg;
		left -= used;
		if (!left)
			sg[used - 1].page_link |= SG_END;
		prv = sg;
	}
	return 0;
}

static int kapi_sg_alloc_table(struct sg_table *table, unsigned int nents, unsigned int gfp)
{
	return alloc_table(table, nents, gfp, __builtin_return_address(0));
}

/* ---- iterating page by page ------------------------------------------------------ */

static unsigned int page_count(const struct scatterlist *sg)
{
	return (unsigned int)((sg->offset + sg->length + PAGE_SIZE - 1) >> PAGE_SHIFT);
}

static void kapi___sg_page_iter_start(struct sg_page_iter *piter, struct scatterlist *sglist,
				      unsigned int nents, unsigned long pgoffset)
{
	piter->__pg_advance = 0;
	piter->__nents = nents;
	piter->sg = sglist;
	piter->sg_pgoffset = (unsigned int)pgoffset;
}

static bool kapi___sg_page_iter_next(struct sg_page_iter *piter)
{
	if (!piter->__nents || !piter->sg)
		return false;
	piter->sg_pgoffset += (unsigned int)piter->__pg_advance;
	piter->__pg_advance = 1;
	while (piter->sg_pgoffset >= page_count(piter->sg)) {
		piter->sg_pgoffset -= page_count(piter->sg);
		piter->sg = kapi_sg_next(piter->sg);
		if (!--piter->__nents || !piter->sg)
			return false;
	}
	return true;
}

static void kapi_sg_miter_start(struct sg_mapping_iter *miter, struct scatterlist *sgl,
				unsigned int nents, unsigned int flags)
{
	memset(miter, 0, sizeof(*miter));
	kapi___sg_page_iter_start(&miter->piter, sgl, nents, 0);
	miter->__flags = flags;
}

/* on to the next page with bytes left, unless the current one has some */
static bool next_page(struct sg_mapping_iter *miter)
{
	struct scatterlist *sg;
	unsigned int rest;

	if (miter->__remaining)
		return true;
	if (!kapi___sg_page_iter_next(&miter->piter))
		return false;
	sg = miter->piter.sg;
	/* the entry's first page starts at its offset, the others at 0 */
	miter->__offset = miter->piter.sg_pgoffset ? 0 : sg->offset;
	miter->piter.sg_pgoffset += miter->__offset >> PAGE_SHIFT;
	miter->__offset &= PAGE_SIZE - 1;
	rest = sg->offset + sg->length - (miter->piter.sg_pgoffset << PAGE_SHIFT) - miter->__offset;
	miter->__remaining = rest < PAGE_SIZE - miter->__offset ? rest :
			     (unsigned int)(PAGE_SIZE - miter->__offset);
	return true;
}

/* what the user consumed of the mapped part is used up */
static void kapi_sg_miter_stop(struct sg_mapping_iter *miter)
{
	if (!miter->addr)
		return;
	miter->__offset += (unsigned int)miter->consumed;
	miter->__remaining -= (unsigned int)miter->consumed;
	miter->page = NULL;
	miter->addr = NULL;
	miter->length = 0;
	miter->consumed = 0;
}

static bool kapi_sg_miter_next(struct sg_mapping_iter *miter)
{
	kapi_sg_miter_stop(miter);
	if (!next_page(miter))
		return false;
	miter->page = (struct page *)(page_of(miter->piter.sg) +
				      ((unsigned long)miter->piter.sg_pgoffset << PAGE_SHIFT));
	miter->consumed = miter->length = miter->__remaining;
	miter->addr = (unsigned char *)miter->page + miter->__offset;
	return true;
}

static bool kapi_sg_miter_skip(struct sg_mapping_iter *miter, off_t offset)
{
	kapi_sg_miter_stop(miter);
	while (offset) {
		off_t step;

		if (!next_page(miter))
			return false;
		step = offset < (off_t)miter->__remaining ? offset : (off_t)miter->__remaining;
		miter->__offset += (unsigned int)step;
		miter->__remaining -= (unsigned int)step;
		offset -= step;
	}
	return true;
}

/* ---- copies -------------------------------------------------------------------------- */

/* between @buf and the list from @skip bytes on; the bytes copied */
static size_t kapi_sg_copy_buffer(struct scatterlist *sgl, unsigned int nents, void *buf,
				  size_t buflen, off_t skip, bool to_buffer)
{
	struct sg_mapping_iter miter;
	size_t offset = 0;

	kapi_sg_miter_start(&miter, sgl, nents,
			    SG_MITER_ATOMIC | (to_buffer ? SG_MITER_FROM_SG : SG_MITER_TO_SG));
	if (!kapi_sg_miter_skip(&miter, skip))
		return 0;
	while (offset < buflen && kapi_sg_miter_next(&miter)) {
		size_t len = miter.length < buflen - offset ? miter.length : buflen - offset;

		if (to_buffer)
			memcpy((char *)buf + offset, miter.addr, len);
		else
			memcpy(miter.addr, (char *)buf + offset, len);
		offset += len;
	}
	kapi_sg_miter_stop(&miter);
	return offset;
}

static size_t kapi_sg_copy_from_buffer(struct scatterlist *sgl, unsigned int nents,
				       const void *buf, size_t buflen)
{
	return kapi_sg_copy_buffer(sgl, nents, (void *)buf, buflen, 0, false);
}

static size_t kapi_sg_copy_to_buffer(struct scatterlist *sgl, unsigned int nents, void *buf,
				     size_t buflen)
{
	return kapi_sg_copy_buffer(sgl, nents, buf, buflen, 0, true);
}

static size_t kapi_sg_pcopy_from_buffer(struct scatterlist *sgl, unsigned int nents,
					const void *buf, size_t buflen, off_t skip)
{
	return kapi_sg_copy_buffer(sgl, nents, (void *)buf, buflen, skip, false);
}

static size_t kapi_sg_pcopy_to_buffer(struct scatterlist *sgl, unsigned int nents, void *buf,
				      size_t buflen, off_t skip)
{
	return kapi_sg_copy_buffer(sgl, nents, buf, buflen, skip, true);
}

static size_t kapi_sg_zero_buffer(struct scatterlist *sgl, unsigned int nents, size_t buflen,
				  off_t skip)
{
	struct sg_mapping_iter miter;
	size_t offset = 0;

	kapi_sg_miter_start(&miter, sgl, nents, SG_MITER_ATOMIC | SG_MITER_TO_SG);
	if (!kapi_sg_miter_skip(&miter, skip))
		return 0;
	while (offset < buflen && kapi_sg_miter_next(&miter)) {
		size_t len = miter.length < buflen - offset ? miter.length : buflen - offset;

		memset(miter.addr, 0, len);
		offset += len;
	}
	kapi_sg_miter_stop(&miter);
	return offset;
}

static const struct umod_kapi_export scatterlist_exports[] = {
	UMOD_KAPI("sg_next", kapi_sg_next),
	UMOD_KAPI("sg_nents", kapi_sg_nents),
	UMOD_KAPI("sg_nents_for_len", kapi_sg_nents_for_len),
	UMOD_KAPI("sg_last", kapi_sg_last),
	UMOD_KAPI("sg_init_table", kapi_sg_init_table),
	UMOD_KAPI("sg_init_one", kapi_sg_init_one),
	UMOD_KAPI("sg_alloc_table", kapi_sg_alloc_table),
	UMOD_KAPI("sg_free_table", kapi_sg_free_table),
	UMOD_KAPI("__sg_page_iter_start", kapi___sg_page_iter_start),
	UMOD_KAPI("__sg_page_iter_next", kapi___sg_page_iter_next),
	UMOD_KAPI("sg_miter_start", kapi_sg_miter_start),
	UMOD_KAPI("sg_miter_skip", kapi_sg_miter_skip),
	UMOD_KAPI("sg_miter_next", kapi_sg_miter_next),
	UMOD_KAPI("sg_miter_stop", kapi_sg_miter_stop),
	UMOD_KAPI("sg_copy_buffer", kapi_sg_copy_buffer),
	UMOD_KAPI("sg_copy_from_buffer", kapi_sg_copy_from_buffer),
	UMOD_KAPI("sg_copy_to_buffer", kapi_sg_copy_to_buffer),
	UMOD_KAPI("sg_pcopy_from_buffer", kapi_sg_pcopy_from_buffer),
	UMOD_KAPI("sg_pcopy_to_buffer", kapi_sg_pcopy_to_buffer),
	UMOD_KAPI("sg_zero_buffer", kapi_sg_zero_buffer),
};

const struct umod_kapi_table umod_kapi_scatterlist = UMOD_KAPI_TABLE(scatterlist_exports);
