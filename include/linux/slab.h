/* SPDX-License-Identifier: MIT */
/*
 * kmalloc() and slab caches, as in Linux 6.1, to the binary interface of
 * Debian's SLUB kernel: the same exported functions with the same
 * arguments, the same inline functions over them. Every allocation
 * belongs to the module that made it: the host finds it from the
 * exported function's return address, the call site it also records.
 */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/compiler.h>
#include <linux/build_bug.h>
#include <linux/bug.h>
#include <linux/instruction_pointer.h>
#include <linux/gfp.h>
#include <linux/stdarg.h>
#include <linux/types.h>
#include <linux/cache.h>

/* what a cache's flags may hold: accepted, only the alignment counts */
typedef unsigned int slab_flags_t;

#define SLAB_CONSISTENCY_CHECKS	((slab_flags_t)0x00000100u)
#define SLAB_RED_ZONE		((slab_flags_t)0x00000400u)
#define SLAB_POISON		((slab_flags_t)0x00000800u)
#define SLAB_HWCACHE_ALIGN	((slab_flags_t)0x00002000u)
#define SLAB_CACHE_DMA		((slab_flags_t)0x00004000u)
#define SLAB_CACHE_DMA32	((slab_flags_t)0x00008000u)
#define SLAB_STORE_USER		((slab_flags_t)0x00010000u)
#define SLAB_PANIC		((slab_flags_t)0x00040000u)
#define SLAB_TYPESAFE_BY_RCU	((slab_flags_t)0x00080000u)
#define SLAB_MEM_SPREAD		((slab_flags_t)0x00100000u)
#define SLAB_TRACE		((slab_flags_t)0x00200000u)
#define SLAB_DEBUG_OBJECTS	((slab_flags_t)0x00400000u)
#define SLAB_NOLEAKTRACE	((slab_flags_t)0x00800000u)
#define SLAB_FAILSLAB		((slab_flags_t)0x02000000u)
#define SLAB_ACCOUNT		((slab_flags_t)0x04000000u)
#define SLAB_NO_USER_FLAGS	((slab_flags_t)0x10000000u)
#define SLAB_RECLAIM_ACCOUNT	((slab_flags_t)0x00020000u)
#define SLAB_TEMPORARY		SLAB_RECLAIM_ACCOUNT

/* kmalloc(0) returns this: not NULL, but nothing may be read or written */
#define ZERO_SIZE_PTR		((void *)16)
#define ZERO_OR_NULL_PTR(x)	((unsigned long)(x) <= (unsigned long)ZERO_SIZE_PTR)

/* SLUB on x86-64: 8 KiB from the caches, up to 4 MiB from pages */
#define KMALLOC_SHIFT_LOW	3
#define KMALLOC_SHIFT_HIGH	(PAGE_SHIFT + 1)
#define KMALLOC_SHIFT_MAX	(MAX_ORDER + PAGE_SHIFT - 1)
#define KMALLOC_MAX_SIZE	(1UL << KMALLOC_SHIFT_MAX)
#define KMALLOC_MAX_CACHE_SIZE	(1UL << KMALLOC_SHIFT_HIGH)
#define KMALLOC_MAX_ORDER	(KMALLOC_SHIFT_MAX - PAGE_SHIFT)
#define KMALLOC_MIN_SIZE	(1 << KMALLOC_SHIFT_LOW)
#define ARCH_KMALLOC_MINALIGN	8
#define ARCH_SLAB_MINALIGN	8

#define __assume_kmalloc_alignment	__assume_aligned(ARCH_KMALLOC_MINALIGN)
#define __assume_slab_alignment		__assume_aligned(ARCH_SLAB_MINALIGN)
#define __assume_page_alignment		__assume_aligned(PAGE_SIZE)

struct kmem_cache;

/*
 * The kmalloc caches, as Debian's 6.1 (ZONE_DMA and
 * MEMCG_KMEM configured) has them: a constant-size kmalloc() reads its
 * cache here inline and calls kmalloc_trace() with it.
 */
enum kmalloc_cache_type {
	KMALLOC_NORMAL = 0,
	KMALLOC_CGROUP,
	KMALLOC_RECLAIM,
	KMALLOC_DMA,
	NR_KMALLOC_TYPES
};

extern struct kmem_cache *
kmalloc_caches[NR_KMALLOC_TYPES][KMALLOC_SHIFT_HIGH + 1];

/* the gfp bits that keep an allocation out of KMALLOC_NORMAL */
#define KMALLOC_NOT_NORMAL_BITS	(__GFP_RECLAIMABLE | __GFP_DMA | __GFP_ACCOUNT)

static __always_inline enum kmalloc_cache_type kmalloc_type(gfp_t flags)
{
	if (likely((flags & KMALLOC_NOT_NORMAL_BITS) == 0))
		return KMALLOC_NORMAL;
	/* by priority: __GFP_DMA, __GFP_RECLAIMABLE, __GFP_ACCOUNT */
	if (flags & __GFP_DMA)
		return KMALLOC_DMA;
	if (flags & __GFP_RECLAIMABLE)
		return KMALLOC_RECLAIM;
	return KMALLOC_CGROUP;
}

/*
 * The kmalloc cache of a size: 0 for none, 1 for 96 bytes, 2 for 192,
 * n for up to 2^n. Meant for constants, where it folds away.
 */
static __always_inline unsigned int __kmalloc_index(size_t size, bool size_is_constant)
{
	if (!size)
		return 0;
	if (size <= KMALLOC_MIN_SIZE)
		return KMALLOC_SHIFT_LOW;
	if (size > 64 && size <= 96)
		return 1;
	if (size > 128 && size <= 192)
		return 2;
	if (size <=          8) return 3;
	if (size <=         16) return 4;
	if (size <=         32) return 5;
	if (size <=         64) return 6;
	if (size <=        128) return 7;
	if (size <=        256) return 8;
	if (size <=        512) return 9;
	if (size <=       1024) return 10;
	if (size <=   2 * 1024) return 11;
	if (size <=   4 * 1024) return 12;
	if (size <=   8 * 1024) return 13;
	if (size <=  16 * 1024) return 14;
	if (size <=  32 * 1024) return 15;
	if (size <=  64 * 1024) return 16;
	if (size <= 128 * 1024) return 17;
	if (size <= 256 * 1024) return 18;
	if (size <= 512 * 1024) return 19;
	if (size <= 1024 * 1024) return 20;
	if (size <=  2 * 1024 * 1024) return 21;
	if (size_is_constant)
		BUILD_BUG_ON_MSG(1, "unexpected size in kmalloc_index()");
	else
		BUG();
	return -1;
}
#define kmalloc_index(s) __kmalloc_index(s, true)

/* ---- kmalloc: power-of-two sizes are naturally aligned (up to a page) ---- */

void *__kmalloc(size_t size, gfp_t flags) __assume_kmalloc_alignment __alloc_size(1);
void *__kmalloc_node(size_t size, gfp_t flags, int node) __assume_kmalloc_alignment
	__alloc_size(1);
void *kmalloc_trace(struct kmem_cache *s, gfp_t flags, size_t size)
	__assume_kmalloc_alignment __alloc_size(3);
void *kmalloc_node_trace(struct kmem_cache *s, gfp_t gfpflags, int node, size_t size)
	__assume_kmalloc_alignment __alloc_size(4);
void *kmalloc_large(size_t size, gfp_t flags) __assume_page_alignment __alloc_size(1);
void *kmalloc_large_node(size_t size, gfp_t flags, int node) __assume_page_alignment
	__alloc_size(1);
void *__kmalloc_node_track_caller(size_t size, gfp_t flags, int node, unsigned long caller)
	__alloc_size(1);
void kfree(const void *objp);
void kfree_sensitive(const void *objp);
size_t ksize(const void *objp);
size_t kmalloc_size_roundup(size_t size);
void * __must_check krealloc(const void *objp, size_t new_size, gfp_t flags) __realloc_size(2);
void *kmemdup(const void *src, size_t len, gfp_t gfp);
char *kstrdup(const char *s, gfp_t gfp) __malloc;
char *kstrndup(const char *s, size_t max, gfp_t gfp);
char *kmemdup_nul(const char *s, size_t len, gfp_t gfp);
const char *kstrdup_const(const char *s, gfp_t gfp);
void kfree_const(const void *x);
char *kasprintf(gfp_t gfp, const char *fmt, ...) __printf(2, 3) __malloc;
char *kvasprintf(gfp_t gfp, const char *fmt, va_list ap) __printf(2, 0) __malloc;

static __always_inline __alloc_size(1) void *kmalloc(size_t size, gfp_t flags)
{
	if (__builtin_constant_p(size)) {
		unsigned int index;

		if (size > KMALLOC_MAX_CACHE_SIZE)
			return kmalloc_large(size, flags);
		index = kmalloc_index(size);
		if (!index)
			return ZERO_SIZE_PTR;
		return kmalloc_trace(kmalloc_caches[kmalloc_type(flags)][index], flags, size);
	}
	return __kmalloc(size, flags);
}

static __always_inline __alloc_size(1) void *kmalloc_node(size_t size, gfp_t flags, int node)
{
	if (__builtin_constant_p(size)) {
		unsigned int index;

		if (size > KMALLOC_MAX_CACHE_SIZE)
			return kmalloc_large_node(size, flags, node);
		index = kmalloc_index(size);
		if (!index)
			return ZERO_SIZE_PTR;
		return kmalloc_node_trace(kmalloc_caches[kmalloc_type(flags)][index],
					  flags, node, size);
	}
	return __kmalloc_node(size, flags, node);
}

static inline __alloc_size(1, 2) void *kmalloc_array(size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (unlikely(__builtin_mul_overflow(n, size, &bytes)))
		return (void *)0;
	if (__builtin_constant_p(n) && __builtin_constant_p(size))
		return kmalloc(bytes, flags);
	return __kmalloc(bytes, flags);
}

static inline __realloc_size(2, 3) void * __must_check krealloc_array(void *p, size_t new_n,
								      size_t new_size,
								      gfp_t flags)
{
	size_t bytes;

	if (unlikely(__builtin_mul_overflow(new_n, new_size, &bytes)))
		return (void *)0;
	return krealloc(p, bytes, flags);
}

static inline __alloc_size(1, 2) void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	return kmalloc_array(n, size, flags | __GFP_ZERO);
}

#define kmalloc_node_track_caller(size, flags, node) \
	__kmalloc_node_track_caller(size, flags, node, _RET_IP_)
#define kmalloc_track_caller(size, flags) \
	__kmalloc_node_track_caller(size, flags, NUMA_NO_NODE, _RET_IP_)

static inline __alloc_size(1, 2) void *kmalloc_array_node(size_t n, size_t size, gfp_t flags,
							  int node)
{
	size_t bytes;

	if (unlikely(__builtin_mul_overflow(n, size, &bytes)))
		return (void *)0;
	if (__builtin_constant_p(n) && __builtin_constant_p(size))
		return kmalloc_node(bytes, flags, node);
	return __kmalloc_node(bytes, flags, node);
}

static inline __alloc_size(1, 2) void *kcalloc_node(size_t n, size_t size, gfp_t flags, int node)
{
	return kmalloc_array_node(n, size, flags | __GFP_ZERO, node);
}

static inline __alloc_size(1) void *kzalloc(size_t size, gfp_t flags)
{
	return kmalloc(size, flags | __GFP_ZERO);
}

static inline __alloc_size(1) void *kzalloc_node(size_t size, gfp_t flags, int node)
{
	return kmalloc_node(size, flags | __GFP_ZERO, node);
}

/* ---- kvmalloc: kmalloc up to a page or when it can, else vmalloc ------ */

void *kvmalloc_node(size_t size, gfp_t flags, int node) __alloc_size(1);
void kvfree(const void *addr);
void kvfree_sensitive(const void *addr, size_t len);
void *kvrealloc(const void *p, size_t oldsize, size_t newsize, gfp_t flags) __realloc_size(3);

static inline __alloc_size(1) void *kvmalloc(size_t size, gfp_t flags)
{
	return kvmalloc_node(size, flags, NUMA_NO_NODE);
}

static inline __alloc_size(1) void *kvzalloc_node(size_t size, gfp_t flags, int node)
{
	return kvmalloc_node(size, flags | __GFP_ZERO, node);
}

static inline __alloc_size(1) void *kvzalloc(size_t size, gfp_t flags)
{
	return kvmalloc(size, flags | __GFP_ZERO);
}

static inline __alloc_size(1, 2) void *kvmalloc_array(size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (unlikely(__builtin_mul_overflow(n, size, &bytes)))
		return (void *)0;
	return kvmalloc(bytes, flags);
}

static inline __alloc_size(1, 2) void *kvcalloc(size_t n, size_t size, gfp_t flags)
{
	return kvmalloc_array(n, size, flags | __GFP_ZERO);
}

/* ---- slab caches ---------------------------------------------------------- */

struct kmem_cache *kmem_cache_create(const char *name, unsigned int size, unsigned int align,
				     slab_flags_t flags, void (*ctor)(void *));
struct kmem_cache *kmem_cache_create_usercopy(const char *name, unsigned int size,
					      unsigned int align, slab_flags_t flags,
					      unsigned int useroffset, unsigned int usersize,
					      void (*ctor)(void *));
void kmem_cache_destroy(struct kmem_cache *s);
void *kmem_cache_alloc(struct kmem_cache *s, gfp_t flags) __assume_slab_alignment __malloc;
void *kmem_cache_alloc_node(struct kmem_cache *s, gfp_t flags, int node)
	__assume_slab_alignment __malloc;
void kmem_cache_free(struct kmem_cache *s, void *objp);
int kmem_cache_shrink(struct kmem_cache *s);
unsigned int kmem_cache_size(struct kmem_cache *s);

/* @size objects into @p, all or none: @size, or 0 (mm/slab.c) */
int kmem_cache_alloc_bulk(struct kmem_cache *s, gfp_t flags, size_t size, void **p);
/* @s NULL: kmalloc() objects, as kfree_bulk() frees them */
void kmem_cache_free_bulk(struct kmem_cache *s, size_t size, void **p);

static __always_inline void kfree_bulk(size_t size, void **p)
{
	kmem_cache_free_bulk((struct kmem_cache *)0, size, p);
}

static inline void *kmem_cache_zalloc(struct kmem_cache *k, gfp_t flags)
{
	return kmem_cache_alloc(k, flags | __GFP_ZERO);
}

/* a cache named after the struct, aligned as it is */
#define KMEM_CACHE(__struct, __flags)						\
	kmem_cache_create(#__struct, sizeof(struct __struct),			\
			  __alignof__(struct __struct), (__flags), (void *)0)
#define KMEM_CACHE_USERCOPY(__struct, __flags, __field)				\
	kmem_cache_create_usercopy(#__struct, sizeof(struct __struct),		\
				   __alignof__(struct __struct), (__flags),	\
				   __builtin_offsetof(struct __struct, __field), \
				   sizeof(((struct __struct *)0)->__field), (void *)0)

#endif /* _LINUX_SLAB_H */
