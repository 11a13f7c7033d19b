/* SPDX-License-Identifier: MIT */
/*
 * What the files of mm/ share: who owns an allocation (account.c), the
 * header in front of every kmalloc and cache object (slab_common.c), and
 * the kernel-style reports they print.
 */
#ifndef _UMOD_MM_INTERNAL_H
#define _UMOD_MM_INTERNAL_H

#include <stdatomic.h>
#include <stdint.h>


struct kmem_cache;
#include <umod/kabi/mm.h>

#include "kernel/module/internal.h"

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

/* the record of @kmod's allocations at @addr; NULL for the host (or no memory) */
struct umod_mm_site *umod_mm_site(struct module *kmod, const void *addr);

/* ---- reports --------------------------------------------------------------- */

/* the kernel's TAINT_BAD_PAGE (B) and TAINT_WARN (W) */
#ifndef UMOD_TAINT_BAD_PAGE
#define UMOD_TAINT_BAD_PAGE	5
#endif
#ifndef UMOD_TAINT_WARN
#define UMOD_TAINT_WARN		9
#endif

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

void *umod_kmalloc_caller(struct module *kmod, size_t size, unsigned int flags, const void *caller);
size_t umod_kmalloc_bucket(size_t size);
void umod_kfree_caller(const void *p, const void *caller);
/* the object's header if it is a live kmalloc or cache object, else NULL */
struct umod_kobj *umod_kobj_live(const void *p);

/* slab.c: kfree() of a cache object; its size for ksize() */
void umod_kmem_cache_free_obj(struct kmem_cache *s, void *p, const void *caller);
size_t umod_kmem_cache_obj_size(const struct umod_kobj *h);

/* ---- vmalloc.c, page_alloc.c -------------------------------------------------- */

/* page-aligned mappings with their owner; NULL with no memory */
void *umod_pages_alloc(struct module *kmod, size_t size, const void *caller, bool vmalloc);
/* true if @addr starts one (freed then); *@is_vmalloc says which kind */
bool umod_pages_free(const void *addr, bool vmalloc, const void *caller);
bool umod_pages_is_vmalloc(const void *addr);

#endif /* _UMOD_MM_INTERNAL_H */
