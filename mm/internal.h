/* SPDX-License-Identifier: MIT */
/*
 * What the files of mm/ share: who owns an allocation (account.c), the
 * header in front of every kmalloc and cache object (slab_common.c), and
 * the kernel-style reports they print.
 */
#ifndef _UMOD_MM_INTERNAL_H
#define _UMOD_MM_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pthread.h>

struct kmem_cache;
#include <umod/kabi/mm.h>

#include "util/list.h"

struct umod_host;
struct umod_module;

/* include/linux/gfp.h and slab.h's values, which host code cannot include */
#define UMOD_GFP_ZERO		0x100u
#define UMOD_GFP_NOWARN		0x2000u
#define UMOD_ZERO_SIZE_PTR	((void *)16)
#define UMOD_ZERO_OR_NULL_PTR(x) ((uintptr_t)(x) <= (uintptr_t)UMOD_ZERO_SIZE_PTR)
#define UMOD_KMALLOC_MAX_CACHE_SIZE	(1ul << 13)
#define UMOD_KMALLOC_MAX_SIZE	(1ul << 22)

/* ---- account.c: owners and call sites ------------------------------------ */

/* threads with a counter slot of their own; the others share one, atomically */
#define UMOD_MM_SLOTS		64

struct umod_mm_count {
	_Atomic long objects;
	_Atomic long bytes;
};

/*
 * What one call site of one module holds now. Each thread adds to its own
 * slot with plain stores (no locked instruction on the fast path); the
 * sum over the slots is the truth. A free on another thread subtracts in
 * that thread's slot.
 */
struct umod_mm_site {
	struct umod_mm_site *next;	/* hash chain, or the orphans; sites_lock */
	struct module *kmod;		/* the key: the module's struct and... */
	uintptr_t addr;			/* ...the return address of the call */
	struct umod_module *mod;
	/* "func+0x1c/0x60", named when first used: an __init function is
	 * gone from kallsyms by unload */
	char where[128];
	struct umod_mm_count count[UMOD_MM_SLOTS + 1];
};

/* this thread's slot + 1 (0: none yet) */
extern _Thread_local int umod_mm_slot __attribute__((tls_model("initial-exec")));
int umod_mm_slot_slow(void);

static inline void umod_mm_charge(struct umod_mm_site *s, long objects, long bytes)
{
	struct umod_mm_count *c;
	int slot;

	if (!s)
		return;
	slot = umod_mm_slot - 1;
	if (__builtin_expect(slot < 0, 0))
		slot = umod_mm_slot_slow();
	c = &s->count[slot];
	if (__builtin_expect(slot < UMOD_MM_SLOTS, 1)) {
		atomic_store_explicit(&c->objects, atomic_load_explicit(&c->objects,
				      memory_order_relaxed) + objects, memory_order_relaxed);
		atomic_store_explicit(&c->bytes, atomic_load_explicit(&c->bytes,
				      memory_order_relaxed) + bytes, memory_order_relaxed);
	} else {
		atomic_fetch_add_explicit(&c->objects, objects, memory_order_relaxed);
		atomic_fetch_add_explicit(&c->bytes, bytes, memory_order_relaxed);
	}
}

/*
 * The record of @kmod's allocations at @addr (NULL for the host, or with
 * no memory), and this thread's counter on it (NULL: count atomically,
 * umod_mm_charge()). A small cache per thread answers without a lock.
 */
struct umod_mm_site_cache {
	struct module *kmod;
	uintptr_t addr;
	unsigned long gen;
	struct umod_mm_site *site;
	struct umod_mm_count *count;
};

#define UMOD_MM_CACHE_WAYS	8

extern _Thread_local struct umod_mm_site_cache umod_mm_site_cache[UMOD_MM_CACHE_WAYS]
	__attribute__((tls_model("initial-exec")));
extern atomic_ulong umod_mm_sites_gen;
struct umod_mm_site *umod_mm_site_slow(struct umod_mm_site_cache *c, struct module *kmod,
				       uintptr_t addr, unsigned long gen);

static inline struct umod_mm_site_cache *umod_mm_site_lookup(struct module *kmod, const void *addr)
{
	uintptr_t a = (uintptr_t)addr;
	struct umod_mm_site_cache *c = &umod_mm_site_cache[(a >> 2 ^ a >> 7) & (UMOD_MM_CACHE_WAYS - 1)];
	unsigned long gen = atomic_load_explicit(&umod_mm_sites_gen, memory_order_acquire);

	if (__builtin_expect(c->kmod != kmod || c->addr != a || c->gen != gen, 0))
		umod_mm_site_slow(c, kmod, a, gen);
	return c;
}

/* counts one object of @bytes more at the call site a lookup gave */
static inline void umod_mm_charge_cached(const struct umod_mm_site_cache *c, long bytes)
{
	struct umod_mm_count *n = c->count;

	if (__builtin_expect(n != NULL, 1)) {
		atomic_store_explicit(&n->objects, atomic_load_explicit(&n->objects,
				      memory_order_relaxed) + 1, memory_order_relaxed);
		atomic_store_explicit(&n->bytes, atomic_load_explicit(&n->bytes,
				      memory_order_relaxed) + bytes, memory_order_relaxed);
	} else {
		umod_mm_charge(c->site, 1, bytes);
	}
}

static inline struct umod_mm_site *umod_mm_site(struct module *kmod, const void *addr)
{
	return kmod ? umod_mm_site_lookup(kmod, addr)->site : NULL;
}

/* ---- reports --------------------------------------------------------------- */

/* whose log a report goes to: @kmod's host, else that of the module running */
struct umod_host *umod_mm_host(struct module *kmod);
/* "func+0x1c/0x60 [mod]" (or "0x..." when no module's) for a return address */
void umod_mm_sprint_caller(struct umod_host *host, const void *addr, char *buf, size_t size);
/* the kernel's WARN: cut here, @msg, WARNING: CPU/PID at FILE:LINE FUNC, end trace; taint W */
void umod_mm_warn(struct umod_host *host, const char *where, const char *msg);

/* ---- slab_common.c: the header before each object --------------------------- */

#define UMOD_KOBJ_LIVE		0x6b6d616c6c6f6321ull	/* "!collamk" */
#define UMOD_KOBJ_FREED		0x6b6b6b6b6b6b6ba5ull	/* POISON_FREE, POISON_END */

enum { UMOD_KOBJ_KMALLOC = 1, UMOD_KOBJ_CACHE = 2 };

/*
 * 32 bytes right before the object. After free(), the C library's free
 * lists may write over the first 16 bytes of a chunk, never past them for
 * small chunks: size, kind and magic stay readable there for a double free.
 */
struct umod_kobj {
	struct umod_mm_site *site;
	void *base;			/* what malloc() returned */
	uint32_t size;			/* as asked */
	uint32_t kind;
	uint64_t magic;
};

/*
 * What a module still owns at unload is umod's report (account.c), and
 * stays allocated on purpose: under ASan, LeakSanitizer is told so.
 */
#if defined(__SANITIZE_ADDRESS__)
#define UMOD_MM_ASAN	1		/* gcc's name */
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UMOD_MM_ASAN	1		/* clang's (the fuzzers) */
#endif
#endif

#ifdef UMOD_MM_ASAN
#include <sanitizer/lsan_interface.h>
#define umod_mm_lsan_ignore(p)	__lsan_ignore_object(p)
#else
#define umod_mm_lsan_ignore(p)	((void)(p))
#endif

void *umod_kmalloc_caller(struct module *kmod, size_t size, unsigned int flags, const void *caller);
/* for library code: owned by the module running on this thread (or the host) */
void *umod_kmalloc_lib(size_t size, unsigned int flags, const void *caller);
size_t umod_kmalloc_bucket(size_t size);
/* the calling thread's freed objects kept for reuse go back to free() */
void umod_kmalloc_flush_thread(void);
void umod_kfree_caller(const void *p, const void *caller);
/* the object's header if it is a live kmalloc or cache object, else NULL */
struct umod_kobj *umod_kobj_live(const void *p);

struct slub_group;
struct kernfs_node;

/* slab.c: a cache of module objects */
struct kmem_cache {
	char *name;
	unsigned int object_size;	/* as asked */
	unsigned int size;		/* rounded up to the alignment */
	unsigned int align;
	unsigned int flags;
	unsigned int useroffset, usersize;
	void (*ctor)(void *);
	struct umod_module *owner;	/* whose ctor; NULL: the host's */
	pthread_mutex_t lock;
	struct umod_list objects;	/* live ones, under lock */
	unsigned long nr_objects;
	/* slub.c: the cache SLUB would have (its own, or one it merges with) */
	struct slub_group *group;
	struct umod_list group_node;	/* on the group's caches */
	struct kernfs_node *link;	/* /sys/kernel/slab/NAME when it is a link */
};

/*
 * slub.c: /sys/kernel/slab. A new cache of a module's gets its directory
 * there, or, when 6.1 would merge it (slab_unmergeable(), find_mergeable()),
 * a link to the directory of the cache it merges with, named as
 * create_unique_id() names it; _remove() takes it away again.
 */
void umod_slub_sysfs_add(struct kmem_cache *s);
void umod_slub_sysfs_remove(struct kmem_cache *s);

/* slab.c: kmem_cache_alloc() for @kmod at @caller */
void *umod_kmem_cache_alloc_caller(struct module *kmod, struct kmem_cache *s, unsigned int flags,
				   const void *caller);
/* slab_common.c: @s is one of kmalloc_caches[][] */
bool umod_is_kmalloc_cache(const struct kmem_cache *s);

/* slab.c: kfree() of a cache object; its size for ksize() */
void umod_kmem_cache_free_obj(struct kmem_cache *s, void *p, const void *caller);
size_t umod_kmem_cache_obj_size(const struct umod_kobj *h);
const char *umod_kmem_cache_obj_name(const struct umod_kobj *h);

/* ---- vmalloc.c, page_alloc.c -------------------------------------------------- */

/* page-aligned mappings with their owner; NULL with no memory */
void *umod_pages_alloc(struct module *kmod, size_t size, const void *caller, bool vmalloc);
/* true if @addr starts one (freed then); *@is_vmalloc says which kind */
bool umod_pages_free(const void *addr, bool vmalloc, const void *caller);
bool umod_pages_vmalloc_area(const void *addr, char **start, size_t *size, bool *usermap);
bool umod_pages_is_vmalloc(const void *addr);
/* alloc_pages() blocks' counts: @delta added (0 frees), the new count or -1 */
int umod_pages_ref(const void *page, int delta);
int umod_pages_ref_count(const void *page);

/* ---- memory.c: mappings of device files ------------------------------------ */

/* pages put into a mapping by remap_pfn_range(), vm_insert_page() ... */
struct umod_pfn_range {
	unsigned long idx;		/* first page, from the mapping's start */
	unsigned long pfn;
	unsigned long n;
};

/*
 * A mapping: the vm_area_struct the driver's mmap op fills, the address
 * range reserved for vm_start..vm_end (never accessed), and the pages it
 * put in; pages it does not put in come from its fault op (fs/mmap.c).
 */
struct umod_vma {
	struct vm_area_struct vma;	/* the module's, first */
	unsigned int magic;
	void *reserved;
	pthread_mutex_t lock;		/* ranges */
	struct umod_pfn_range *ranges;	/* sorted by idx, not overlapping */
	size_t nranges, cap;
	struct umod_list link;		/* on its file's mappings (fs/mmap.c) */
	int refs;			/* the list's, and each user's; fs->lock (fs/mmap.c) */
};

static inline unsigned long umod_vma_pages(const struct umod_vma *v)
{
	return (v->vma.vm_end - v->vma.vm_start) >> PAGE_SHIFT;
}

/* a mapping of @file from page @pgoff, @len bytes (page-aligned), with
 * @flags (VM_*) and @prot; NULL without memory or address space */
struct umod_vma *umod_vma_new(struct file *file, unsigned long pgoff, size_t len,
			      unsigned long flags, unsigned long prot);
void umod_vma_free(struct umod_vma *v);
/* the frame put at page @idx of @v, or 0 */
unsigned long umod_vma_pfn(struct umod_vma *v, unsigned long idx);
/* memcpy() that a hole in either range cannot crash: false (part or none
 * copied) when one is not mapped as needed */
bool umod_copy_safe(void *dst, const void *src, size_t n);

/* ---- what the rest of the host calls ------------------------------------ */

/* kfree(), for host code that frees what modules allocated (kfree_rcu) */
void umod_kfree(const void *p);
/* module_leftovers[]: one line per call site that still owns memory */
void umod_mm_module_leftovers(struct umod_module *mod);

#endif /* _UMOD_MM_INTERNAL_H */
