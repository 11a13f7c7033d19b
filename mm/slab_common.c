// SPDX-License-Identifier: MIT
/*
 * kmalloc() over the C library's malloc(): a 32-byte header before each
 * object says who owns it (account.c), how big it is, and whether it is
 * live. Sizes round up to SLUB's kmalloc caches (ksize() tells), so a
 * power-of-two size is naturally aligned, as 6.1's kmalloc() promises.
 * The magic catches a double kfree() or the kfree() of a pointer that is
 * not an object: reported in SLUB's debug words, and nothing is freed.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/dma/dma.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/panic.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "mm/internal.h"
#include "util/list.h"

/* what malloc() promises (ASan's allocator only 8) */
#ifdef UMOD_MM_ASAN
#define MALLOC_ALIGN	8
#else
#define MALLOC_ALIGN	16
#endif

size_t umod_kmalloc_bucket(size_t size)
{
	static const unsigned short small[] = { 8, 16, 32, 32, 64, 64, 64, 64, 96, 96, 96, 96,
						128, 128, 128, 128, 192, 192, 192, 192, 192, 192,
						192, 192 };

	if (size <= 192)
		return small[(size - 1) / 8];
	if (size > UMOD_KMALLOC_MAX_CACHE_SIZE)
		return PAGE_SIZE << get_order(size);
	return 1ul << (64 - __builtin_clzl(size - 1));
}

/* kmalloc-64, kmalloc-1k: the name of the cache SLUB would use */
static void bucket_name(size_t size, char *buf, size_t len)
{
	size_t b = umod_kmalloc_bucket(size ? size : 1);

	if (b >= 1024 && !(b & 1023))
		snprintf(buf, len, "kmalloc-%zuk", b >> 10);
	else
		snprintf(buf, len, "kmalloc-%zu", b);
}

static size_t bucket_align(size_t bucket)
{
	if (bucket & (bucket - 1))
		return MALLOC_ALIGN;	/* 96, 192: 8 is all the kernel promises */
	return bucket < PAGE_SIZE ? bucket : PAGE_SIZE;
}

#ifdef UMOD_MM_ASAN
#include <sanitizer/asan_interface.h>

/*
 * Under ASan a kmalloc object ends where its block does, so that ASan's
 * redzone follows it; the headers come first in the block, padded so
 * that the object is aligned.
 */
static struct umod_kobj *alloc_raw(size_t size, size_t align, size_t hdr, bool zero)
{
	size_t a = align > 16 ? align : 16;
	size_t pad = (hdr + a - 1) & ~(a - 1);
	void *base;
	struct umod_kobj *h;

	if (posix_memalign(&base, a, pad + size))
		return NULL;
	if (zero)
		memset(base, 0, pad + size);
	h = (struct umod_kobj *)((char *)base + pad) - 1;
	h->base = base;
	return h;
}

/*
 * KASAN's kasan_kmalloc(): the object past the size asked for, up to its
 * kmalloc cache's size, is poisoned, so that p[size] is caught; ksize()
 * unpoisons it all, as the kernel's does.
 */
static inline void poison_tail(void *obj, size_t size, size_t bucket)
{
	__asan_poison_memory_region((char *)obj + size, bucket - size);
}

static inline void unpoison(const void *obj, size_t size)
{
	__asan_unpoison_memory_region(obj, size);
}
#else
/*
 * @size bytes aligned to @align after @hdr bytes of headers (a multiple
 * of 16); the header right before the object is filled in.
 */
static struct umod_kobj *alloc_raw(size_t size, size_t align, size_t hdr, bool zero)
{
	size_t a = align > 16 ? align : 16;
	size_t need = hdr + size + a - MALLOC_ALIGN;
	char *base = zero ? calloc(1, need) : malloc(need);
	uintptr_t obj;
	struct umod_kobj *h;

	if (!base)
		return NULL;
	obj = ((uintptr_t)base + hdr + a - 1) & ~(uintptr_t)(a - 1);
	h = (struct umod_kobj *)obj - 1;
	h->base = base;
	return h;
}

static inline void poison_tail(void *obj, size_t size, size_t bucket)
{
}

static inline void unpoison(const void *obj, size_t size)
{
}
#endif

/*
 * Freed objects up to a page wait in a list per thread and size class
 * for the next kmalloc() of their class, as SLUB's per-CPU freelists:
 * neither costs a malloc() or free(). Still marked freed (a double
 * kfree() is caught), linked through the header's site field. A thread
 * gives its lists back when it ends. Not under ASan, whose free() is
 * what catches a use after free.
 */
#define NR_CLASSES	12		/* 8, 16, 32, 64, 96, 128, 192, 256 ... 4096 */
#ifdef UMOD_MM_ASAN
#define CLASS_BYTES	0
#else
#define CLASS_BYTES	(64u << 10)	/* at most this much per class and thread */
#endif
#define CLASS_OBJECTS	32

struct freelist {
	struct umod_kobj *head;
	unsigned int n;
};

static _Thread_local struct freelist freelists[NR_CLASSES]
	__attribute__((tls_model("initial-exec")));
/* 1: the lists must be given back at thread exit; 2: the thread is ending */
static _Thread_local int freelists_state __attribute__((tls_model("initial-exec")));
static pthread_key_t freelists_key;
static pthread_once_t freelists_once = PTHREAD_ONCE_INIT;

static const unsigned char small_class[24] = { 0, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4,
					       5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6 };
static const unsigned short class_bucket[NR_CLASSES] = { 8, 16, 32, 64, 96, 128, 192,
							 256, 512, 1024, 2048, 4096 };

/* the class of a size up to a page */
static inline unsigned int size_class(size_t size)
{
	if (size <= 192)
		return small_class[(size - 1) / 8];
	return 7 + (unsigned int)(64 - __builtin_clzl(size - 1)) - 8;
}

static unsigned int class_max(unsigned int c)
{
	unsigned int n = CLASS_BYTES / class_bucket[c];

	return n < CLASS_OBJECTS ? n : CLASS_OBJECTS;
}

/* gives the calling thread's kept objects back to the C library */
void umod_kmalloc_flush_thread(void)
{
	for (unsigned int c = 0; c < NR_CLASSES; c++) {
		struct umod_kobj *h = freelists[c].head;

		while (h) {
			struct umod_kobj *next = (struct umod_kobj *)h->site;	/* the link */

			free(h->base);
			h = next;
		}
		freelists[c].head = NULL;
		freelists[c].n = 0;
	}
}

static void freelists_flush(void *unused)
{
	freelists_state = 2;
	umod_kmalloc_flush_thread();
}

static void freelists_make_key(void)
{
	pthread_key_create(&freelists_key, freelists_flush);
}

/* the first object kept: the thread's lists are given back at its exit */
static bool freelists_register(void)
{
	pthread_once(&freelists_once, freelists_make_key);
	if (pthread_setspecific(freelists_key, (void *)1))
		return false;
	freelists_state = 1;
	return true;
}

/* keeps a freed object of @size for reuse: false if its list is full */
static inline bool keep_freed(struct umod_kobj *h, size_t size)
{
	unsigned int c;
	struct freelist *fl;

	if (!CLASS_BYTES || size > PAGE_SIZE || (freelists_state != 1 && (freelists_state || !freelists_register())))
		return false;
	c = size_class(size);
	fl = &freelists[c];
	if (fl->n >= class_max(c))
		return false;
	h->site = (struct umod_mm_site *)fl->head;
	fl->head = h;
	fl->n++;
	return true;
}

static inline struct umod_kobj *take_freed(size_t size)
{
	struct freelist *fl = &freelists[size_class(size)];
	struct umod_kobj *h = fl->head;

	if (h) {
		fl->head = (struct umod_kobj *)h->site;
		fl->n--;
	}
	return h;
}

static inline __attribute__((always_inline))
void *kmalloc_inline(struct module *kmod, size_t size, unsigned int flags, const void *caller)
{
	struct umod_mm_site_cache *c = NULL;
	struct umod_kobj *h;
	size_t bucket;

	if (!size)
		return UMOD_ZERO_SIZE_PTR;
	if (size > UMOD_KMALLOC_MAX_SIZE) {
		/* __alloc_pages(): WARN_ON_ONCE_GFP(order >= MAX_ORDER, gfp) */
		if (!(flags & UMOD_GFP_NOWARN))
			umod_mm_warn(umod_mm_host(kmod), "mm/page_alloc.c:5538 __alloc_pages", NULL);
		return NULL;
	}
	/* no memory for the owner's record is no memory */
	if (kmod) {
		c = umod_mm_site_lookup(kmod, caller);
		if (__builtin_expect(!c->site, 0))
			return NULL;
	}
	if (size > PAGE_SIZE || !(h = take_freed(size))) {
		bucket = umod_kmalloc_bucket(size);
		h = alloc_raw(bucket, bucket_align(bucket), sizeof(*h), false);
		if (!h)
			return NULL;
	}
	if (c) {
		umod_mm_charge_cached(c, (long)size);
		umod_mm_lsan_ignore(h->base);
	}
	h->site = c ? c->site : NULL;
	h->size = (uint32_t)size;
	h->kind = UMOD_KOBJ_KMALLOC;
	h->magic = UMOD_KOBJ_LIVE;
	if (flags & UMOD_GFP_ZERO)
		memset(h + 1, 0, umod_kmalloc_bucket(size));
	poison_tail(h + 1, size, umod_kmalloc_bucket(size));
	return h + 1;
}

void *umod_kmalloc_caller(struct module *kmod, size_t size, unsigned int flags, const void *caller)
{
	return kmalloc_inline(kmod, size, flags, caller);
}

/*
 * The header of @p, read without ASan's checks: a freed object's header
 * is poisoned, and reading it is how a double free is told apart.
 */
__attribute__((no_sanitize_address))
static uint64_t kobj_magic(const struct umod_kobj *h)
{
	return ((const volatile struct umod_kobj *)h)->magic;
}

__attribute__((no_sanitize_address))
static uint32_t kobj_size(const struct umod_kobj *h)
{
	return ((const volatile struct umod_kobj *)h)->size;
}

struct umod_kobj *umod_kobj_live(const void *p)
{
	struct umod_kobj *h;

	if (UMOD_ZERO_OR_NULL_PTR(p) || ((uintptr_t)p & 7))
		return NULL;
	h = (struct umod_kobj *)p - 1;
	return kobj_magic(h) == UMOD_KOBJ_LIVE ? h : NULL;
}

/*
 * SLUB's object_err()/slab_err() and slab_fix(), as slub_debug prints
 * them: the BUG banner, where it came from, and what was done.
 */
static void bad_free(const void *p, const void *caller)
{
	const struct umod_kobj *h = (const struct umod_kobj *)p - 1;
	struct umod_host *host = umod_mm_host(NULL);
	bool freed = kobj_magic(h) == UMOD_KOBJ_FREED;
	char name[32], tainted[64], where[256], reason[64];

	if (freed)
		bucket_name(kobj_size(h), name, sizeof(name));
	else
		snprintf(name, sizeof(name), "kmalloc");
	snprintf(reason, sizeof(reason), freed ? "Object already free" :
		 "Invalid object pointer 0x%016llx", (unsigned long long)(uintptr_t)p);
	umod_mm_sprint_caller(host, caller, where, sizeof(where));
	if (!host) {
		fprintf(stderr, "BUG %s: %s (kfree from %s)\n", name, reason, where);
		return;
	}
	umod_host_print_tainted(host, tainted, sizeof(tainted));
	umod_log_printk(host->log, KERN_ERR "=============================================================================\n");
	umod_log_printk(host->log, KERN_ERR "BUG %s (%s): %s\n", name, tainted, reason);
	umod_log_printk(host->log, KERN_ERR "-----------------------------------------------------------------------------\n");
	umod_log_printk(host->log, KERN_ERR "\n");
	umod_log_printk(host->log, KERN_ERR "Call Trace:\n");
	umod_log_printk(host->log, KERN_ERR " %s\n", where);
	umod_host_add_taint(host, UMOD_TAINT_BAD_PAGE, UMOD_LOCKDEP_NOW_UNRELIABLE);
	umod_log_printk(host->log, KERN_ERR "FIX %s: Object at 0x%016llx not freed\n", name,
			(unsigned long long)(uintptr_t)p);
}

static inline __attribute__((always_inline)) void kfree_inline(const void *p, const void *caller)
{
	struct umod_kobj *h;

	if (UMOD_ZERO_OR_NULL_PTR(p))
		return;
	h = umod_kobj_live(p);
	if (__builtin_expect(!h || h->kind != UMOD_KOBJ_KMALLOC, 0)) {
		if (h && h->kind == UMOD_KOBJ_CACHE)
			umod_kmem_cache_free_obj(NULL, (void *)p, caller);
		else
			bad_free(p, caller);
		return;
	}
	umod_mm_charge(h->site, -1, -(long)h->size);
	h->magic = UMOD_KOBJ_FREED;
	if (!keep_freed(h, h->size))
		free(h->base);
}

void umod_kfree_caller(const void *p, const void *caller)
{
	kfree_inline(p, caller);
}

/*
 * For the kernel library's own allocations (a kfifo's buffer, a hash
 * table's buckets): they belong to the module whose code runs on this
 * thread, which called the library, and count at @caller, its call site.
 */
void *umod_kmalloc_lib(size_t size, unsigned int flags, const void *caller)
{
	struct umod_task *t = umod_task_peek();
	struct module *kmod = t && t->call ? t->call->mod->kmod : NULL;

	return umod_kmalloc_caller(kmod, size, flags, caller);
}

void umod_kfree(const void *p)
{
	umod_kfree_caller(p, __builtin_return_address(0));
}

/*
 * kmalloc_caches[type][index], as Debian's 6.1 SLUB kernel has it
 * (ZONE_DMA and MEMCG_KMEM: normal, cgroup, reclaimable, DMA; index n the
 * 2^n-byte cache, 1 and 2 the 96- and 192-byte ones, 0 none). A module's
 * constant-size kmalloc() reads its cache here inline and hands it to
 * kmalloc_trace(), whose object is then an ordinary kmalloc object of the
 * size asked (its bucket is the cache's). Named as create_kmalloc_caches()
 * names them; not in /sys/kernel/slab (slub.c).
 */
#define KMALLOC_TYPES		4
#define KMALLOC_INDEXES		14	/* KMALLOC_SHIFT_HIGH + 1 */
#define SLAB_CACHE_DMA		0x00004000u
#define SLAB_RECLAIM_ACCOUNT	0x00020000u
#define SLAB_ACCOUNT		0x04000000u

static struct kmem_cache kmalloc_cache[KMALLOC_TYPES][KMALLOC_INDEXES];
static char kmalloc_cache_name[KMALLOC_TYPES][KMALLOC_INDEXES][24];
static struct kmem_cache *kmalloc_caches_var[KMALLOC_TYPES][KMALLOC_INDEXES];

__attribute__((constructor)) static void kmalloc_caches_init(void)
{
	static const char *const prefix[KMALLOC_TYPES] = { "kmalloc-", "kmalloc-cg-",
							   "kmalloc-rcl-", "dma-kmalloc-" };
	static const unsigned int flags[KMALLOC_TYPES] = { 0, SLAB_ACCOUNT,
							   SLAB_RECLAIM_ACCOUNT, SLAB_CACHE_DMA };

	for (unsigned int t = 0; t < KMALLOC_TYPES; t++) {
		for (unsigned int i = 1; i < KMALLOC_INDEXES; i++) {
			struct kmem_cache *s = &kmalloc_cache[t][i];
			unsigned int size = i == 1 ? 96 : i == 2 ? 192 : 1u << i;
			char *name = kmalloc_cache_name[t][i];

			if (size >= 1024)
				snprintf(name, sizeof(kmalloc_cache_name[t][i]), "%s%uk", prefix[t], size >> 10);
			else
				snprintf(name, sizeof(kmalloc_cache_name[t][i]), "%s%u", prefix[t], size);
			s->name = name;
			s->object_size = s->size = size;
			s->align = (unsigned int)bucket_align(size);
			s->flags = flags[t];
			s->usersize = size;
			pthread_mutex_init(&s->lock, NULL);
			umod_list_init(&s->objects);
			kmalloc_caches_var[t][i] = s;
		}
	}
}

bool umod_is_kmalloc_cache(const struct kmem_cache *s)
{
	return s >= &kmalloc_cache[0][0] && s <= &kmalloc_cache[KMALLOC_TYPES - 1][KMALLOC_INDEXES - 1];
}

/*
 * One node, so the _node variants are the plain ones; kmalloc_large()'s
 * pages are a kmalloc object's above KMALLOC_MAX_CACHE_SIZE already (a
 * whole number of pages, page-aligned).
 */
static void *kapi___kmalloc(size_t size, unsigned int flags)
{
	return kmalloc_inline(UMOD_CALLER(), size, flags, __builtin_return_address(0));
}

static void *kapi___kmalloc_node(size_t size, unsigned int flags, int node)
{
	return kmalloc_inline(UMOD_CALLER(), size, flags, __builtin_return_address(0));
}

/* a cache that is not a kmalloc one (kmalloc_caches[][] only, as a rule) is used as it is */
static void *kmalloc_trace_caller(struct kmem_cache *s, unsigned int flags, size_t size,
				  const void *caller)
{
	if (__builtin_expect(s && !umod_is_kmalloc_cache(s), 0))
		return umod_kmem_cache_alloc_caller(umod_caller(caller), s, flags, caller);
	return kmalloc_inline(umod_caller(caller), size, flags, caller);
}

static void *kapi_kmalloc_trace(struct kmem_cache *s, unsigned int flags, size_t size)
{
	return kmalloc_trace_caller(s, flags, size, __builtin_return_address(0));
}

static void *kapi_kmalloc_node_trace(struct kmem_cache *s, unsigned int flags, int node,
				     size_t size)
{
	return kmalloc_trace_caller(s, flags, size, __builtin_return_address(0));
}

static void *kapi_kmalloc_large(size_t size, unsigned int flags)
{
	return kmalloc_inline(UMOD_CALLER(), size, flags, __builtin_return_address(0));
}

static void *kapi_kmalloc_large_node(size_t size, unsigned int flags, int node)
{
	return kmalloc_inline(UMOD_CALLER(), size, flags, __builtin_return_address(0));
}

/* kmalloc_track_caller(): the site is @caller, the caller's own caller */
static void *kapi___kmalloc_node_track_caller(size_t size, unsigned int flags, int node,
					      unsigned long caller)
{
	return kmalloc_inline(UMOD_CALLER(), size, flags, (const void *)caller);
}

static size_t kapi_ksize(const void *p);

static void kapi_kfree(const void *p)
{
	if (p && umod_dma_mapped_any())
		umod_dma_debug_freed(p, kapi_ksize(p));
	kfree_inline(p, __builtin_return_address(0));
}

static size_t kapi_ksize(const void *p)
{
	struct umod_kobj *h = umod_kobj_live(p);

	if (!h)
		return 0;
	if (h->kind == UMOD_KOBJ_CACHE)
		return umod_kmem_cache_obj_size(h);
	unpoison(p, umod_kmalloc_bucket(h->size));
	return umod_kmalloc_bucket(h->size);
}

static void kapi_kfree_sensitive(const void *p)
{
	size_t n = kapi_ksize(p);

	if (n)
		__builtin_memset((void *)p, 0, n);	/* not optimised away: memset_explicit */
	__asm__ __volatile__("" : : "r"(p) : "memory");
	umod_kfree_caller(p, __builtin_return_address(0));
}

static size_t kapi_kmalloc_size_roundup(size_t size)
{
	if (!size)
		return 0;
	if (size > UMOD_KMALLOC_MAX_SIZE)
		return size == SIZE_MAX ? SIZE_MAX : PAGE_SIZE << get_order(size);
	return umod_kmalloc_bucket(size);
}

/*
 * 6.1's krealloc(): the same object while it fits (ksize), else a new one
 * owned by the caller with the old contents; 0 frees and returns
 * ZERO_SIZE_PTR.
 */
static void *kapi_krealloc(const void *p, size_t new_size, unsigned int flags)
{
	const void *caller = __builtin_return_address(0);
	struct umod_kobj *h;
	size_t ks;
	void *n;

	if (!new_size) {
		umod_kfree_caller(p, caller);
		return UMOD_ZERO_SIZE_PTR;
	}
	h = umod_kobj_live(p);
	ks = kapi_ksize(p);
	if (h && h->kind == UMOD_KOBJ_KMALLOC && ks >= new_size) {
		umod_mm_charge(h->site, 0, (long)new_size - (long)h->size);
		h->size = (uint32_t)new_size;
		poison_tail((void *)p, new_size, ks);
		return (void *)p;
	}
	n = umod_kmalloc_caller(umod_caller(caller), new_size, flags, caller);
	if (n && ks)
		memcpy(n, p, ks < new_size ? ks : new_size);
	if (n)
		umod_kfree_caller(p, caller);
	return n;
}

static const struct umod_kapi_export slab_exports[] = {
	UMOD_KAPI("kmalloc_caches", kmalloc_caches_var),
	UMOD_KAPI("__kmalloc", kapi___kmalloc),
	UMOD_KAPI("__kmalloc_node", kapi___kmalloc_node),
	UMOD_KAPI("kmalloc_trace", kapi_kmalloc_trace),
	UMOD_KAPI("kmalloc_node_trace", kapi_kmalloc_node_trace),
	UMOD_KAPI("kmalloc_large", kapi_kmalloc_large),
	UMOD_KAPI("kmalloc_large_node", kapi_kmalloc_large_node),
	UMOD_KAPI("__kmalloc_node_track_caller", kapi___kmalloc_node_track_caller),
	UMOD_KAPI("kfree", kapi_kfree),
	UMOD_KAPI("kfree_sensitive", kapi_kfree_sensitive),
	UMOD_KAPI("ksize", kapi_ksize),
	UMOD_KAPI("kmalloc_size_roundup", kapi_kmalloc_size_roundup),
	UMOD_KAPI("krealloc", kapi_krealloc),
};

const struct umod_kapi_table umod_kapi_slab = UMOD_KAPI_TABLE(slab_exports);
