// SPDX-License-Identifier: MIT
/*
 * vmalloc() and the page allocator's memory: mappings of their own,
 * page-aligned, each followed by an unmapped guard page (as vmap areas
 * are), recorded in one table with their owner's site so that vfree(),
 * free_pages() and is_vmalloc_addr() know them and unload reports them.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "mm/internal.h"

#define AREA_BUCKETS	256

struct area {
	struct area *next;		/* in its bucket, under areas_lock */
	char *addr;
	size_t size;			/* usable bytes, page-aligned */
	char *map;			/* the whole mapping, guard and alignment slack */
	size_t map_size;
	struct umod_mm_site *site;
	bool vmalloc;
	/* alloc_pages() blocks: get_page()/put_page(); the last put frees */
	atomic_int refs;
	bool usermap;			/* vmalloc_user(): remap_vmalloc_range() may map it */
};

static pthread_mutex_t areas_lock = PTHREAD_MUTEX_INITIALIZER;
static struct area *areas[AREA_BUCKETS];

static unsigned int area_hash(const void *addr)
{
	return (unsigned int)(((uintptr_t)addr >> PAGE_SHIFT) * 0x9e3779b1u) >> 24;
}

/*
 * @size bytes (a multiple of pages) aligned to @align (a power of two
 * pages, as alloc_pages() blocks are naturally aligned), zeroed, with a
 * guard page after.
 */
static char *map_aligned(size_t size, size_t align, char **map, size_t *map_size)
{
	size_t len = size + PAGE_SIZE + align - PAGE_SIZE;
	char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *p;

	if (m == MAP_FAILED)
		return NULL;
	p = (char *)(((uintptr_t)m + align - 1) & ~(uintptr_t)(align - 1));
	if (mprotect(p + size, PAGE_SIZE, PROT_NONE)) {
		munmap(m, len);
		return NULL;
	}
	*map = m;
	*map_size = len;
	return p;
}

void *umod_pages_alloc(struct module *kmod, size_t size, const void *caller, bool vmalloc)
{
	struct area *a;
	size_t align;
	unsigned int b;

	if (!size || size > (1ul << 40))
		return NULL;
	size = PAGE_ALIGN(size);
	/* a block of 2^order pages is aligned to its size; vmalloc to a page */
	align = vmalloc ? PAGE_SIZE : PAGE_SIZE << get_order(size);
	a = calloc(1, sizeof(*a));
	if (!a)
		return NULL;
	a->site = umod_mm_site(kmod, caller);
	if (kmod && !a->site) {
		free(a);
		return NULL;	/* no memory for the owner's record is no memory */
	}
	a->addr = map_aligned(size, align, &a->map, &a->map_size);
	if (!a->addr) {
		free(a);
		return NULL;
	}
	a->size = size;
	a->vmalloc = vmalloc;
	atomic_init(&a->refs, 1);
	umod_mm_charge(a->site, 1, (long)size);
	b = area_hash(a->addr);
	pthread_mutex_lock(&areas_lock);
	a->next = areas[b];
	areas[b] = a;
	pthread_mutex_unlock(&areas_lock);
	return a->addr;
}

/* takes the area starting at @addr of that kind out of the table */
static struct area *take_area(const void *addr, bool vmalloc)
{
	struct area **pp, *a;

	pthread_mutex_lock(&areas_lock);
	for (pp = &areas[area_hash(addr)]; (a = *pp); pp = &a->next)
		if (a->addr == addr && a->vmalloc == vmalloc) {
			*pp = a->next;
			break;
		}
	pthread_mutex_unlock(&areas_lock);
	return a;
}

static void release_area(struct area *a)
{
	umod_mm_charge(a->site, -1, -(long)a->size);
	munmap(a->map, a->map_size);
	free(a);
}

bool umod_pages_free(const void *addr, bool vmalloc, const void *caller)
{
	struct area *a = take_area(addr, vmalloc);

	if (!a)
		return false;
	release_area(a);
	return true;
}

/*
 * The page allocator's block holding @page; areas_lock held. Blocks are
 * aligned to their size, so its start is @page rounded down to one of
 * MAX_ORDER alignments.
 */
static struct area *block_of(const void *page)
{
	for (unsigned int order = 0; order < MAX_ORDER; order++) {
		const char *start = (const char *)((uintptr_t)page & ~((PAGE_SIZE << order) - 1));

		for (struct area *a = areas[area_hash(start)]; a; a = a->next)
			if (a->addr == start && !a->vmalloc &&
			    (const char *)page < a->addr + a->size)
				return a;
	}
	return NULL;
}

/*
 * @delta added to the reference count of @page's block; at 0 the block
 * is freed. The new count, or -1 when @page is no allocated block's.
 */
int umod_pages_ref(const void *page, int delta)
{
	struct area *a;
	int refs = -1;

	pthread_mutex_lock(&areas_lock);
	a = block_of(page);
	if (a) {
		refs = atomic_fetch_add(&a->refs, delta) + delta;
		if (refs <= 0) {
			struct area **pp = &areas[area_hash(a->addr)];

			while (*pp != a)
				pp = &(*pp)->next;
			*pp = a->next;
		}
	}
	pthread_mutex_unlock(&areas_lock);
	if (a && refs <= 0)
		release_area(a);
	return refs;
}

/* @page's block's count, 0 when it is not one */
int umod_pages_ref_count(const void *page)
{
	struct area *a;
	int refs;

	pthread_mutex_lock(&areas_lock);
	a = block_of(page);
	refs = a ? atomic_load(&a->refs) : 0;
	pthread_mutex_unlock(&areas_lock);
	return refs;
}

/* is @addr inside a vmalloc area? (a walk of the table: not a hot path) */
bool umod_pages_is_vmalloc(const void *addr)
{
	const char *p = addr;
	bool found = false;

	pthread_mutex_lock(&areas_lock);
	for (unsigned int b = 0; b < AREA_BUCKETS && !found; b++)
		for (struct area *a = areas[b]; a && !found; a = a->next)
			found = a->vmalloc && p >= a->addr && p < a->addr + a->size;
	pthread_mutex_unlock(&areas_lock);
	return found;
}

/*
 * One node, and no 32-bit DMA limit in a process: each of vmalloc()'s
 * variants is vmalloc(), mmap()'s pages being zero already.
 */
static void *kapi_vmalloc(unsigned long size)
{
	return umod_pages_alloc(UMOD_CALLER(), size, __builtin_return_address(0), true);
}

static void *kapi_vmalloc_node(unsigned long size, int node)
{
	return umod_pages_alloc(UMOD_CALLER(), size, __builtin_return_address(0), true);
}

static void *kapi___vmalloc(unsigned long size, unsigned int gfp)
{
	return umod_pages_alloc(UMOD_CALLER(), size, __builtin_return_address(0), true);
}

/* 6.1's __vmalloc_array() and __vcalloc(): NULL when @n * @size overflows */
static void *vmalloc_array_caller(size_t n, size_t size, const void *caller)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		return NULL;
	return umod_pages_alloc(umod_caller(caller), bytes, caller, true);
}

static void *kapi___vmalloc_array(size_t n, size_t size, unsigned int gfp)
{
	return vmalloc_array_caller(n, size, __builtin_return_address(0));
}

static void *kapi_vmalloc_array(size_t n, size_t size)
{
	return vmalloc_array_caller(n, size, __builtin_return_address(0));
}

/* the vmalloc area that @addr is in: its start and size, and whether
 * vmalloc_user() made it; false when @addr is in none */
bool umod_pages_vmalloc_area(const void *addr, char **start, size_t *size, bool *usermap)
{
	const char *p = addr;
	struct area *found = NULL;

	pthread_mutex_lock(&areas_lock);
	for (unsigned int b = 0; b < AREA_BUCKETS && !found; b++)
		for (struct area *a = areas[b]; a && !found; a = a->next)
			if (a->vmalloc && p >= a->addr && p < a->addr + a->size)
				found = a;
	if (found) {
		*start = found->addr;
		*size = found->size;
		*usermap = found->usermap;
	}
	pthread_mutex_unlock(&areas_lock);
	return found;
}

/* VM_USERMAP: an area made to be mapped into user space */
static void *vmalloc_user_caller(unsigned long size, const void *caller)
{
	void *p = umod_pages_alloc(umod_caller(caller), size, caller, true);
	struct area *a;

	if (!p)
		return NULL;
	pthread_mutex_lock(&areas_lock);
	for (a = areas[area_hash(p)]; a && a->addr != p; a = a->next)
		;
	if (a)
		a->usermap = true;
	pthread_mutex_unlock(&areas_lock);
	return p;
}

static void *kapi_vmalloc_user(unsigned long size)
{
	return vmalloc_user_caller(size, __builtin_return_address(0));
}

/* 6.1's vfree(): NULL is nothing; an unknown address WARNs and leaks */
static void kapi_vfree(const void *addr)
{
	const void *caller = __builtin_return_address(0);
	char msg[96];

	if (!addr || umod_pages_free(addr, true, caller))
		return;
	snprintf(msg, sizeof(msg), "Trying to vfree() nonexistent vm area (0x%016llx)",
		 (unsigned long long)(uintptr_t)addr);
	umod_mm_warn(umod_mm_host(NULL), "mm/vmalloc.c:2652 __vunmap", msg);
}

static bool kapi_is_vmalloc_addr(const void *x)
{
	return umod_pages_is_vmalloc(x);
}

static const struct umod_kapi_export vmalloc_exports[] = {
	UMOD_KAPI("vmalloc", kapi_vmalloc),
	UMOD_KAPI("vzalloc", kapi_vmalloc),
	UMOD_KAPI("vmalloc_32", kapi_vmalloc),
	UMOD_KAPI("vmalloc_node", kapi_vmalloc_node),
	UMOD_KAPI("vzalloc_node", kapi_vmalloc_node),
	UMOD_KAPI("vmalloc_user", kapi_vmalloc_user),
	UMOD_KAPI("vmalloc_32_user", kapi_vmalloc_user),
	UMOD_KAPI("__vmalloc", kapi___vmalloc),
	UMOD_KAPI("__vmalloc_array", kapi___vmalloc_array),
	UMOD_KAPI("vmalloc_array", kapi_vmalloc_array),
	UMOD_KAPI("__vcalloc", kapi___vmalloc_array),
	UMOD_KAPI("vcalloc", kapi_vmalloc_array),
	UMOD_KAPI("vfree", kapi_vfree),
	UMOD_KAPI("is_vmalloc_addr", kapi_is_vmalloc_addr),
};

const struct umod_kapi_table umod_kapi_vmalloc = UMOD_KAPI_TABLE(vmalloc_exports);
