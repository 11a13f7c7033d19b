/* SPDX-License-Identifier: MIT */
/*
 * kmalloc() and slab caches, as in Linux 6.1. Every allocation belongs to
 * the module that made it: the exported functions take the caller's
 * struct module first, which the inline functions and macros of the
 * kernel's names pass (THIS_MODULE), and record the call site. kfree()
 * and the other frees need no owner.
 */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/compiler.h>
#include <linux/export.h>
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
#define KMALLOC_SHIFT_HIGH	13
#define KMALLOC_SHIFT_MAX	22
#define KMALLOC_MAX_SIZE	(1UL << KMALLOC_SHIFT_MAX)
#define KMALLOC_MAX_CACHE_SIZE	(1UL << KMALLOC_SHIFT_HIGH)
#define KMALLOC_MIN_SIZE	8
#define ARCH_KMALLOC_MINALIGN	8
#define ARCH_SLAB_MINALIGN	8

struct kmem_cache;

/* ---- kmalloc: power-of-two sizes are naturally aligned (up to a page) ---- */

void *__kmalloc(struct module *mod, size_t size, gfp_t flags) __attribute__((__malloc__));
void kfree(const void *objp);
void kfree_sensitive(const void *objp);
size_t ksize(const void *objp);
size_t kmalloc_size_roundup(size_t size);
void *krealloc(struct module *mod, const void *objp, size_t new_size, gfp_t flags);
void *kmemdup(struct module *mod, const void *src, size_t len, gfp_t gfp);
char *kstrdup(struct module *mod, const char *s, gfp_t gfp);
char *kstrndup(struct module *mod, const char *s, size_t max, gfp_t gfp);
char *kmemdup_nul(struct module *mod, const char *s, size_t len, gfp_t gfp);
const char *kstrdup_const(struct module *mod, const char *s, gfp_t gfp);
void kfree_const(const void *x);
char *kasprintf(struct module *mod, gfp_t gfp, const char *fmt, ...) __printf(3, 4);
char *kvasprintf(struct module *mod, gfp_t gfp, const char *fmt, va_list ap) __printf(3, 0);

#define krealloc(p, size, flags)	krealloc(THIS_MODULE, p, size, flags)
#define kmemdup(src, len, gfp)		kmemdup(THIS_MODULE, src, len, gfp)
#define kstrdup(s, gfp)			kstrdup(THIS_MODULE, s, gfp)
#define kstrndup(s, max, gfp)		kstrndup(THIS_MODULE, s, max, gfp)
#define kmemdup_nul(s, len, gfp)	kmemdup_nul(THIS_MODULE, s, len, gfp)
#define kstrdup_const(s, gfp)		kstrdup_const(THIS_MODULE, s, gfp)
#define kasprintf(gfp, fmt, ...)	kasprintf(THIS_MODULE, gfp, fmt, ##__VA_ARGS__)
#define kvasprintf(gfp, fmt, ap)	kvasprintf(THIS_MODULE, gfp, fmt, ap)

static __always_inline void *kmalloc(size_t size, gfp_t flags)
{
	return __kmalloc(THIS_MODULE, size, flags);
}

static __always_inline void *kzalloc(size_t size, gfp_t flags)
{
	return __kmalloc(THIS_MODULE, size, flags | __GFP_ZERO);
}

static __always_inline void *kmalloc_array(size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		return (void *)0;
	return __kmalloc(THIS_MODULE, bytes, flags);
}

static __always_inline void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	return kmalloc_array(n, size, flags | __GFP_ZERO);
}

static __always_inline void *krealloc_array(void *p, size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		return (void *)0;
	return krealloc(p, bytes, flags);
}

/* one node here: the _node variants are the plain ones */
#define kmalloc_node(size, flags, node)		kmalloc(size, flags)
#define kzalloc_node(size, flags, node)		kzalloc(size, flags)
#define kmalloc_array_node(n, size, flags, node) kmalloc_array(n, size, flags)
#define kcalloc_node(n, size, flags, node)	kcalloc(n, size, flags)
#define kmalloc_track_caller(size, flags)	kmalloc(size, flags)

/* ---- kvmalloc: kmalloc up to a page or when it can, else vmalloc ------ */

void *kvmalloc_node(struct module *mod, size_t size, gfp_t flags, int node) __attribute__((__malloc__));
void kvfree(const void *addr);
void kvfree_sensitive(const void *addr, size_t len);
void *kvrealloc(struct module *mod, const void *p, size_t oldsize, size_t newsize, gfp_t flags);

#define kvmalloc_node(size, flags, node)	kvmalloc_node(THIS_MODULE, size, flags, node)
#define kvrealloc(p, oldsize, newsize, flags)	kvrealloc(THIS_MODULE, p, oldsize, newsize, flags)
#define kvmalloc(size, flags)			kvmalloc_node(size, flags, NUMA_NO_NODE)
#define kvzalloc(size, flags)			kvmalloc(size, (flags) | __GFP_ZERO)
#define kvzalloc_node(size, flags, node)	kvmalloc_node(size, (flags) | __GFP_ZERO, node)

static __always_inline void *kvmalloc_array(size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		return (void *)0;
	return kvmalloc(bytes, flags);
}

#define kvcalloc(n, size, flags)		kvmalloc_array(n, size, (flags) | __GFP_ZERO)

/* ---- slab caches ---------------------------------------------------------- */

struct kmem_cache *kmem_cache_create(struct module *mod, const char *name, unsigned int size,
				     unsigned int align, slab_flags_t flags,
				     void (*ctor)(void *));
struct kmem_cache *kmem_cache_create_usercopy(struct module *mod, const char *name,
					      unsigned int size, unsigned int align,
					      slab_flags_t flags, unsigned int useroffset,
					      unsigned int usersize, void (*ctor)(void *));
void kmem_cache_destroy(struct kmem_cache *s);
void *kmem_cache_alloc(struct module *mod, struct kmem_cache *s, gfp_t flags) __attribute__((__malloc__));
void kmem_cache_free(struct kmem_cache *s, void *objp);
int kmem_cache_shrink(struct kmem_cache *s);
unsigned int kmem_cache_size(struct kmem_cache *s);

#define kmem_cache_create(name, size, align, flags, ctor)			\
	kmem_cache_create(THIS_MODULE, name, size, align, flags, ctor)
#define kmem_cache_create_usercopy(name, size, align, flags, uoff, usize, ctor) \
	kmem_cache_create_usercopy(THIS_MODULE, name, size, align, flags, uoff, usize, ctor)
#define kmem_cache_alloc(s, flags)	kmem_cache_alloc(THIS_MODULE, s, flags)

/* @size objects into @p, all or none: @size, or 0 (mm/slab.c) */
int kmem_cache_alloc_bulk(struct module *mod, struct kmem_cache *s, gfp_t flags, size_t size,
			  void **p);
/* @s NULL: kmalloc() objects, as kfree_bulk() frees them */
void kmem_cache_free_bulk(struct kmem_cache *s, size_t size, void **p);
#define kmem_cache_alloc_bulk(s, flags, size, p)			\
	kmem_cache_alloc_bulk(THIS_MODULE, s, flags, size, p)

static __always_inline void kfree_bulk(size_t size, void **p)
{
	kmem_cache_free_bulk((struct kmem_cache *)0, size, p);
}
#define kmem_cache_zalloc(s, flags)	kmem_cache_alloc(s, (flags) | __GFP_ZERO)
#define kmem_cache_alloc_node(s, flags, node) kmem_cache_alloc(s, flags)

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
