// SPDX-License-Identifier: MIT
/*
 * The page allocator: blocks of 2^order pages, aligned to their size as
 * the buddy allocator's are, from vmalloc.c's table of mappings. A
 * struct page * is the page's own address (umod/kabi/mm.h).
 */
#include <stdio.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "mm/internal.h"

static void *pages(struct module *mod, unsigned int gfp, unsigned int order, const void *caller)
{
	/* __alloc_pages(): WARN_ON_ONCE_GFP(order >= MAX_ORDER, gfp) */
	if (order >= MAX_ORDER) {
		if (!(gfp & UMOD_GFP_NOWARN))
			umod_mm_warn(umod_mm_host(mod), "mm/page_alloc.c:5538 __alloc_pages", NULL);
		return NULL;
	}
	return umod_pages_alloc(mod, PAGE_SIZE << order, caller, false);
}

static struct page *kapi_alloc_pages(unsigned int gfp, unsigned int order)
{
	return pages(UMOD_CALLER(), gfp, order, __builtin_return_address(0));
}

static unsigned long kapi___get_free_pages(unsigned int gfp, unsigned int order)
{
	return (unsigned long)pages(UMOD_CALLER(), gfp, order, __builtin_return_address(0));
}

/* fresh mappings are zero: __GFP_ZERO costs nothing */
static unsigned long kapi_get_zeroed_page(unsigned int gfp)
{
	return (unsigned long)pages(UMOD_CALLER(), gfp, 0, __builtin_return_address(0));
}

/* a page the page allocator never gave (or gave back): the kernel's "Bad page" */
static void bad_page(const void *addr)
{
	char msg[128];

	snprintf(msg, sizeof(msg), "BUG: Bad page state: 0x%016llx was not allocated by alloc_pages()",
		 (unsigned long long)(uintptr_t)addr);
	umod_mm_warn(umod_mm_host(NULL), "mm/page_alloc.c:1248 free_pages_prepare", msg);
}

/*
 * __free_pages() drops the allocation's reference, as the kernel's
 * put_page_testzero(): the block goes when nobody holds it any more.
 */
static void free_block(const void *addr, const void *caller)
{
	if (addr && umod_pages_ref(addr, -1) < 0)
		bad_page(addr);
}

/*
 * get_page(): one more reference on @page's block. A page of other memory
 * (kmalloc's, a static buffer) stays as long as its owner keeps it: a
 * fault handler's get_page() on it is a no-op, as the page is never freed
 * through its count here.
 */
static void kapi_get_page(struct page *page)
{
	umod_pages_ref(page, 1);
}

/* put_page(): the last reference frees the block */
static void kapi_put_page(struct page *page)
{
	if (umod_pages_ref(page, -1) < 0)
		bad_page(page);
}

static int kapi_page_ref_count(const struct page *page)
{
	return umod_pages_ref_count(page);
}

static void kapi___free_pages(struct page *page, unsigned int order)
{
	free_block(page, __builtin_return_address(0));
}

static void kapi_free_pages(unsigned long addr, unsigned int order)
{
	free_block((const void *)addr, __builtin_return_address(0));
}

static const struct umod_kapi_export page_exports[] = {
	UMOD_KAPI("alloc_pages", kapi_alloc_pages),
	UMOD_KAPI("__get_free_pages", kapi___get_free_pages),
	UMOD_KAPI("get_zeroed_page", kapi_get_zeroed_page),
	UMOD_KAPI("__free_pages", kapi___free_pages),
	UMOD_KAPI("free_pages", kapi_free_pages),
	UMOD_KAPI("get_page", kapi_get_page),
	UMOD_KAPI("put_page", kapi_put_page),
	UMOD_KAPI("page_ref_count", kapi_page_ref_count),
};

const struct umod_kapi_table umod_kapi_page_alloc = UMOD_KAPI_TABLE(page_exports);
