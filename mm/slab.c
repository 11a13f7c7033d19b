// SPDX-License-Identifier: MIT
/*
 * Slab caches: objects of one size and alignment, each from malloc()
 * with a header (slab_common.c's, plus the cache and a list link), the
 * constructor run on each new one inside umod_call(). The cache keeps
 * its live objects on a list, so that kmem_cache_destroy() of a busy
 * cache can list them in SLUB's words, and leaves the cache (and them)
 * alone, as the kernel does.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/panic.h"
#include "kernel/printk/internal.h"
#include "mm/internal.h"

#define SLAB_HWCACHE_ALIGN	0x00002000u
#define CACHE_LINE		64

/* the cache's part of an object's header, before slab_common.c's */
struct cache_obj {
	struct umod_list node;
	struct kmem_cache *cache;
	uint64_t unused;
	struct umod_kobj kobj;
};

_Static_assert(sizeof(struct cache_obj) % 16 == 0, "objects stay 16-aligned");

/* 6.1's calculate_alignment(): a cache line, halved while the object fits twice */
static unsigned int cache_alignment(unsigned int flags, unsigned int align, unsigned int size)
{
	if (flags & SLAB_HWCACHE_ALIGN) {
		unsigned int ralign = CACHE_LINE;

		while (size <= ralign / 2)
			ralign /= 2;
		align = align > ralign ? align : ralign;
	}
	if (align < 8)
		align = 8;
	return (align + 7) & ~7u;
}

static struct kmem_cache *cache_create(struct module *kmod, const char *name, unsigned int size,
				       unsigned int align, unsigned int flags,
				       unsigned int useroffset, unsigned int usersize,
				       void (*ctor)(void *), const void *caller)
{
	struct kmem_cache *s;

	/* kmem_cache_create_usercopy()'s checks: a name, a sane size and window */
	if (!name || !size || size > (1u << 30) || (align & (align - 1)) ||
	    usersize > size || useroffset > size - usersize)
		return NULL;
	s = umod_kmalloc_caller(kmod, sizeof(*s), UMOD_GFP_ZERO, caller);
	if (!s)
		return NULL;
	s->name = strdup(name);
	if (!s->name) {
		umod_kfree_caller(s, caller);
		return NULL;
	}
	s->object_size = size;
	s->align = cache_alignment(flags, align, size);
	s->size = (size + s->align - 1) & ~(s->align - 1);
	s->flags = flags;
	s->useroffset = useroffset;
	s->usersize = usersize;
	s->ctor = ctor;
	s->owner = kmod ? kmod->umod : NULL;
	pthread_mutex_init(&s->lock, NULL);
	umod_list_init(&s->objects);
	umod_slub_sysfs_add(s);
	return s;
}

static struct kmem_cache *kapi_kmem_cache_create(const char *name, unsigned int size,
						 unsigned int align, unsigned int flags,
						 void (*ctor)(void *))
{
	return cache_create(UMOD_CALLER(), name, size, align, flags, 0, 0, ctor,
			    __builtin_return_address(0));
}

static struct kmem_cache *kapi_kmem_cache_create_usercopy(const char *name, unsigned int size,
							  unsigned int align, unsigned int flags,
							  unsigned int useroffset,
							  unsigned int usersize, void (*ctor)(void *))
{
	return cache_create(UMOD_CALLER(), name, size, align, flags, useroffset, usersize, ctor,
			    __builtin_return_address(0));
}

static long call_ctor(void *arg)
{
	void **a = arg;

	((void (*)(void *))a[0])(a[1]);
	return 0;
}

/* the constructor is module code: a fault in it is an oops of this allocation */
static bool run_ctor(struct kmem_cache *s, void *obj)
{
	void *args[2] = { (void *)s->ctor, obj };
	long ret;

	if (!s->owner) {
		s->ctor(obj);
		return true;
	}
	return umod_call(s->owner, call_ctor, args, &ret) == 0;
}

static void unlink_obj(struct kmem_cache *s, struct cache_obj *o)
{
	pthread_mutex_lock(&s->lock);
	umod_list_del(&o->node);
	s->nr_objects--;
	pthread_mutex_unlock(&s->lock);
}

static void free_obj(struct kmem_cache *s, struct cache_obj *o)
{
	umod_mm_charge(o->kobj.site, -1, -(long)s->object_size);
	o->kobj.magic = UMOD_KOBJ_FREED;
	free(o->kobj.base);
}

/*
 * One object's block, its headers first: under ASan the block ends where
 * object_size does, so that the runtime's redzone catches an access past
 * it (KASAN poisons the rest of the slab object); else room for s->size.
 */
static struct cache_obj *obj_block(const struct kmem_cache *s, char **basep)
{
	size_t a = s->align > 16 ? s->align : 16;
#ifdef UMOD_MM_ASAN
	size_t pad = (sizeof(struct cache_obj) + a - 1) & ~(a - 1);
	void *base;

	if (posix_memalign(&base, a, pad + s->object_size))
		return NULL;
	*basep = base;
	return (struct cache_obj *)((char *)base + pad) - 1;
#else
	char *base = malloc(sizeof(struct cache_obj) + s->size + a - 8);

	if (!base)
		return NULL;
	*basep = base;
	return (struct cache_obj *)(((uintptr_t)base + sizeof(struct cache_obj) + a - 1) &
				    ~(uintptr_t)(a - 1)) - 1;
#endif
}

static void *cache_alloc(struct module *kmod, struct kmem_cache *s, unsigned int flags,
			 const void *caller)
{
	struct umod_mm_site *site = umod_mm_site(kmod, caller);
	char *base;
	struct cache_obj *o;

	if (!s || (kmod && !site))
		return NULL;	/* no memory for the owner's record is no memory */
	o = obj_block(s, &base);
	if (!o)
		return NULL;
	o->cache = s;
	o->kobj = (struct umod_kobj){ .base = base, .size = s->object_size,
				      .kind = UMOD_KOBJ_CACHE, .magic = UMOD_KOBJ_LIVE,
				      .site = site };
	umod_mm_charge(o->kobj.site, 1, (long)s->object_size);
	if (kmod)
		umod_mm_lsan_ignore(base);
	pthread_mutex_lock(&s->lock);
	umod_list_add(&o->node, &s->objects);
	s->nr_objects++;
	pthread_mutex_unlock(&s->lock);
	if (s->ctor && !run_ctor(s, o + 1)) {
		unlink_obj(s, o);
		free_obj(s, o);
		return NULL;
	}
	/* as slab_post_alloc_hook(): __GFP_ZERO zeroes, even after a ctor */
	if (flags & UMOD_GFP_ZERO)
		memset(o + 1, 0, s->object_size);
	return o + 1;
}

void *umod_kmem_cache_alloc_caller(struct module *kmod, struct kmem_cache *s, unsigned int flags,
				   const void *caller)
{
	return cache_alloc(kmod, s, flags, caller);
}

static void *kapi_kmem_cache_alloc(struct kmem_cache *s, unsigned int flags)
{
	return cache_alloc(UMOD_CALLER(), s, flags, __builtin_return_address(0));
}

/* one node */
static void *kapi_kmem_cache_alloc_node(struct kmem_cache *s, unsigned int flags, int node)
{
	return cache_alloc(UMOD_CALLER(), s, flags, __builtin_return_address(0));
}

static struct cache_obj *cache_obj_of(struct umod_kobj *h)
{
	return (struct cache_obj *)((char *)h - offsetof(struct cache_obj, kobj));
}

size_t umod_kmem_cache_obj_size(const struct umod_kobj *h)
{
	return h->size;
}

/* the cache's name, for a KASAN report (mm/kasan.c) */
const char *umod_kmem_cache_obj_name(const struct umod_kobj *h)
{
	return cache_obj_of((struct umod_kobj *)h)->cache->name;
}

/* @s NULL: kfree() of a cache object; else it must be the object's cache */
void umod_kmem_cache_free_obj(struct kmem_cache *s, void *p, const void *caller)
{
	struct umod_kobj *h = umod_kobj_live(p);
	struct cache_obj *o;

	if (!h || h->kind != UMOD_KOBJ_CACHE) {
		umod_kfree_caller(p, caller);	/* reports it, or frees a kmalloc object */
		return;
	}
	o = cache_obj_of(h);
	unlink_obj(o->cache, o);
	free_obj(o->cache, o);
}

static void kapi_kmem_cache_free(struct kmem_cache *s, void *p)
{
	if (!p)
		return;
	umod_kmem_cache_free_obj(s, p, __builtin_return_address(0));
}

/*
 * kmem_cache_free_bulk(): @size objects of @s, or of kmalloc() when @s is
 * NULL (kfree_bulk()), each as kmem_cache_free() or kfree() would.
 */
static void kapi_kmem_cache_free_bulk(struct kmem_cache *s, size_t size, void **p)
{
	const void *caller = __builtin_return_address(0);

	for (size_t i = 0; i < size; i++) {
		if (!p[i])
			continue;
		if (s)
			umod_kmem_cache_free_obj(s, p[i], caller);
		else
			umod_kfree_caller(p[i], caller);
	}
}

/*
 * kmem_cache_alloc_bulk(): all @size objects or none; the count, or 0
 * with whatever was taken given back, as SLUB's.
 */
static int kapi_kmem_cache_alloc_bulk(struct kmem_cache *s, unsigned int flags, size_t size,
				      void **p)
{
	const void *caller = __builtin_return_address(0);
	struct module *mod = umod_caller(caller);

	for (size_t i = 0; i < size; i++) {
		p[i] = cache_alloc(mod, s, flags, caller);
		if (!p[i]) {
			for (size_t k = 0; k < i; k++)
				umod_kmem_cache_free_obj(s, p[k], caller);
			return 0;
		}
	}
	return (int)size;
}

/*
 * SLUB's list_slab_objects() and slab_common.c's WARN, for a cache that
 * still has objects: the objects' addresses, offsets as if they were all
 * in one slab, newest last.
 */
static void report_busy(struct kmem_cache *s, const void *caller)
{
	struct umod_host *host = s->owner ? s->owner->host : umod_mm_host(NULL);
	char tainted[64], where[256], msg[512];
	unsigned long i = 0;

	umod_mm_sprint_caller(host, caller, where, sizeof(where));
	snprintf(msg, sizeof(msg), "kmem_cache_destroy %s: Slab cache still has objects when called from %s",
		 s->name, where);
	if (!host) {
		fprintf(stderr, "%s\n", msg);
		return;
	}
	umod_host_print_tainted(host, tainted, sizeof(tainted));
	umod_log_printk(host->log, KERN_ERR "=============================================================================\n");
	umod_log_printk(host->log, KERN_ERR "BUG %s (%s): Objects remaining in %s on __kmem_cache_shutdown()\n",
			s->name, tainted, s->name);
	umod_log_printk(host->log, KERN_ERR "-----------------------------------------------------------------------------\n");
	umod_log_printk(host->log, KERN_ERR "\n");
	umod_host_add_taint(host, UMOD_TAINT_BAD_PAGE, UMOD_LOCKDEP_NOW_UNRELIABLE);
	pthread_mutex_lock(&s->lock);
	for (struct umod_list *n = s->objects.prev; n != &s->objects; n = n->prev, i++)
		umod_log_printk(host->log, KERN_ERR "Object 0x%016llx @offset=%lu\n",
				(unsigned long long)(uintptr_t)(umod_container_of(n, struct cache_obj, node) + 1),
				i * s->size);
	pthread_mutex_unlock(&s->lock);
	umod_mm_warn(host, "mm/slab_common.c:497 kmem_cache_destroy", msg);
}

static void kapi_kmem_cache_destroy(struct kmem_cache *s)
{
	const void *caller = __builtin_return_address(0);
	unsigned long busy;

	if (!s || umod_is_kmalloc_cache(s))
		return;		/* the kmalloc caches are the host's, for good */
	pthread_mutex_lock(&s->lock);
	busy = s->nr_objects;
	pthread_mutex_unlock(&s->lock);
	if (busy) {
		report_busy(s, caller);
		return;		/* as the kernel: the cache stays, with its objects */
	}
	umod_slub_sysfs_remove(s);
	pthread_mutex_destroy(&s->lock);
	free(s->name);
	umod_kfree_caller(s, caller);
}

static int kapi_kmem_cache_shrink(struct kmem_cache *s)
{
	return 0;	/* no slabs kept empty: nothing to give back */
}

static unsigned int kapi_kmem_cache_size(struct kmem_cache *s)
{
	return s->object_size;
}

static const struct umod_kapi_export cache_exports[] = {
	UMOD_KAPI("kmem_cache_create", kapi_kmem_cache_create),
	UMOD_KAPI("kmem_cache_create_usercopy", kapi_kmem_cache_create_usercopy),
	UMOD_KAPI("kmem_cache_destroy", kapi_kmem_cache_destroy),
	UMOD_KAPI("kmem_cache_alloc", kapi_kmem_cache_alloc),
	UMOD_KAPI("kmem_cache_alloc_node", kapi_kmem_cache_alloc_node),
	UMOD_KAPI("kmem_cache_free", kapi_kmem_cache_free),
	UMOD_KAPI("kmem_cache_alloc_bulk", kapi_kmem_cache_alloc_bulk),
	UMOD_KAPI("kmem_cache_free_bulk", kapi_kmem_cache_free_bulk),
	UMOD_KAPI("kmem_cache_shrink", kapi_kmem_cache_shrink),
	UMOD_KAPI("kmem_cache_size", kapi_kmem_cache_size),
};

const struct umod_kapi_table umod_kapi_slab_cache = UMOD_KAPI_TABLE(cache_exports);
