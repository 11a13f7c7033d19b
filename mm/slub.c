// SPDX-License-Identifier: MIT
/*
 * /sys/kernel/slab, as 6.1's SLUB shows its caches (sysfs_slab_add()):
 * a cache that can never be merged is a directory named as the cache; a
 * mergeable one is a link to the directory of the cache it merged with,
 * whose name create_unique_id() makes from the flags that keep caches
 * apart and the slab object's size (":0000024", ":A-0000192"). Which
 * caches merge is 6.1's slab_unmergeable() and find_mergeable().
 *
 * Here the caches stay apart (each module's objects are its own, for the
 * leak and busy-cache reports); what merges is what sysfs shows: a group
 * stands for the cache SLUB would have, named by its first cache, with
 * the object size, alias count and objects of all its caches. Slabs are
 * not kept either: objs_per_slab and order are calculate_order()'s for
 * this machine, and slabs and total_objects count the objects in use as
 * packed into such slabs (SLUB's per-CPU slabs would hold some more).
 * The kernel's own caches (kmalloc-*, ...) are not listed: 6.1's kmalloc
 * caches never merge (their whole object is usercopy), so no module
 * cache's place depends on them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>

#include <umod/umod.h>

#include "fs/sysfs/sysfs.h"
#include "kernel/module/module.h"
#include "mm/internal.h"
#include "util/list.h"
#include "util/macro.h"

#define SLAB_CONSISTENCY_CHECKS	0x00000100u
#define SLAB_RED_ZONE		0x00000400u
#define SLAB_POISON		0x00000800u
#define SLAB_HWCACHE_ALIGN	0x00002000u
#define SLAB_CACHE_DMA		0x00004000u
#define SLAB_CACHE_DMA32	0x00008000u
#define SLAB_STORE_USER		0x00010000u
#define SLAB_RECLAIM_ACCOUNT	0x00020000u
#define SLAB_TYPESAFE_BY_RCU	0x00080000u
#define SLAB_TRACE		0x00200000u
#define SLAB_NOLEAKTRACE	0x00800000u
#define SLAB_FAILSLAB		0x02000000u
#define SLAB_ACCOUNT		0x04000000u

/* mm/slab_common.c's two masks */
#define SLAB_NEVER_MERGE	(SLAB_RED_ZONE | SLAB_POISON | SLAB_STORE_USER | SLAB_TRACE | \
				 SLAB_TYPESAFE_BY_RCU | SLAB_NOLEAKTRACE | SLAB_FAILSLAB)
#define SLAB_MERGE_SAME		(SLAB_RECLAIM_ACCOUNT | SLAB_CACHE_DMA | SLAB_CACHE_DMA32 | \
				 SLAB_ACCOUNT)

#define SLUB_MAX_ORDER		3	/* PAGE_ALLOC_COSTLY_ORDER */
#define MAX_ORDER		11
#define MAX_OBJS_PER_PAGE	32767

/* the cache SLUB would have: one mergeable group, or one unmergeable cache */
struct slub_group {
	struct umod_list node;		/* on groups, when mergeable; slab_mutex */
	struct umod_host *host;
	bool mergeable;
	char name[64];			/* the directory's: the unique id or the cache's name */
	unsigned int size, align, flags, usersize;
	unsigned int object_size;	/* the largest of its caches', as __kmem_cache_alias() */
	void (*ctor)(void *);
	struct umod_list caches;	/* struct kmem_cache.group_node; slab_mutex */
	int refcount;			/* its caches: aliases shows this - 1 */
	struct kernfs_node *dir;
};

static pthread_mutex_t slab_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct umod_list groups = { &groups, &groups };	/* oldest first */

/* calculate_sizes(): the free pointer goes after the object when it may not overlay it */
static unsigned int slab_object_size(const struct kmem_cache *s)
{
	unsigned int size = (s->object_size + 7) & ~7u;

	if ((s->flags & (SLAB_TYPESAFE_BY_RCU | SLAB_POISON)) || s->ctor)
		size += 8;
	return (size + s->align - 1) & ~(s->align - 1);
}

/* slab_unmergeable(), for a cache about to be added */
static bool unmergeable(const struct kmem_cache *s)
{
	return (s->flags & SLAB_NEVER_MERGE) || s->ctor || s->usersize;
}

/* find_mergeable(): the oldest group of @host this cache fits */
static struct slub_group *find_mergeable(const struct kmem_cache *s, struct umod_host *host)
{
	unsigned int size = slab_object_size(s);

	for (struct umod_list *n = groups.next; n != &groups; n = n->next) {
		struct slub_group *g = umod_container_of(n, struct slub_group, node);

		if (g->host != host || size > g->size ||
		    (s->flags & SLAB_MERGE_SAME) != (g->flags & SLAB_MERGE_SAME))
			continue;
		if ((g->size & ~(s->align - 1)) != g->size || g->size - size >= 8)
			continue;
		return g;
	}
	return NULL;
}

/* create_unique_id() */
static void unique_id(const struct slub_group *g, char *buf, size_t size)
{
	char flags[8];
	size_t n = 0;

	if (g->flags & SLAB_CACHE_DMA)
		flags[n++] = 'd';
	if (g->flags & SLAB_CACHE_DMA32)
		flags[n++] = 'D';
	if (g->flags & SLAB_RECLAIM_ACCOUNT)
		flags[n++] = 'a';
	if (g->flags & SLAB_CONSISTENCY_CHECKS)
		flags[n++] = 'F';
	if (g->flags & SLAB_ACCOUNT)
		flags[n++] = 'A';
	if (n)
		flags[n++] = '-';
	flags[n] = '\0';
	snprintf(buf, size, ":%s%07u", flags, g->size);
}

/* calc_slab_order(): the smallest order holding @min objects with little left over */
static unsigned int calc_slab_order(unsigned int size, unsigned int min, unsigned int max_order,
				    unsigned int fract)
{
	unsigned int order = 0;

	if (UMOD_PAGE_SIZE / size > MAX_OBJS_PER_PAGE)
		return 0;
	while ((UMOD_PAGE_SIZE << order) < (unsigned long)min * size)
		order++;
	for (; order <= max_order; order++) {
		unsigned long slab = UMOD_PAGE_SIZE << order;

		if (slab % size <= slab / fract)
			break;
	}
	return order;
}

/* calculate_order(), with this machine's CPUs as slub_min_objects' default */
static unsigned int slab_order(unsigned int size)
{
	unsigned int cpus = (unsigned int)get_nprocs_conf(), min = 4, max;

	for (unsigned int c = cpus; c; c >>= 1)
		min += 4;	/* 4 * (fls(cpus) + 1) */
	max = (unsigned int)((UMOD_PAGE_SIZE << SLUB_MAX_ORDER) / size);
	for (min = min < max ? min : max; min > 1; min--)
		for (unsigned int fract = 16; fract >= 4; fract /= 2) {
			unsigned int order = calc_slab_order(size, min, SLUB_MAX_ORDER, fract);

			if (order <= SLUB_MAX_ORDER)
				return order;
		}
	if (calc_slab_order(size, 1, SLUB_MAX_ORDER, 1) <= SLUB_MAX_ORDER)
		return calc_slab_order(size, 1, SLUB_MAX_ORDER, 1);
	return calc_slab_order(size, 1, MAX_ORDER, 1);
}

/* ---- the attributes: 6.1's slab_attrs that reading a cache needs ---------- */

static unsigned long group_objects(struct slub_group *g)
{
	unsigned long n = 0;

	pthread_mutex_lock(&slab_mutex);
	for (struct umod_list *c = g->caches.next; c != &g->caches; c = c->next) {
		struct kmem_cache *s = umod_container_of(c, struct kmem_cache, group_node);

		pthread_mutex_lock(&s->lock);
		n += s->nr_objects;
		pthread_mutex_unlock(&s->lock);
	}
	pthread_mutex_unlock(&slab_mutex);
	return n;
}

static unsigned int objs_per_slab(const struct slub_group *g)
{
	return (unsigned int)((UMOD_PAGE_SIZE << slab_order(g->size)) / g->size);
}

/* show_slab_objects(): the count, then node 0's when there are any (CONFIG_NUMA) */
static long show_count(char *page, unsigned long n)
{
	if (!n)
		return snprintf(page, UMOD_PAGE_SIZE, "0\n");
	return snprintf(page, UMOD_PAGE_SIZE, "%lu N0=%lu\n", n, n);
}

enum slub_attr {
	A_ALIASES, A_ALIGN, A_CACHE_DMA, A_CTOR, A_DESTROY_BY_RCU, A_HWCACHE_ALIGN,
	A_OBJECT_SIZE, A_OBJECTS, A_OBJS_PER_SLAB, A_ORDER, A_POISON, A_RECLAIM_ACCOUNT,
	A_RED_ZONE, A_SANITY_CHECKS, A_SLAB_SIZE, A_SLABS, A_STORE_USER, A_TOTAL_OBJECTS,
	A_TRACE, A_USERSIZE, A_COUNT,
};

static const char *const attr_names[A_COUNT] = {
	"aliases", "align", "cache_dma", "ctor", "destroy_by_rcu", "hwcache_align",
	"object_size", "objects", "objs_per_slab", "order", "poison", "reclaim_account",
	"red_zone", "sanity_checks", "slab_size", "slabs", "store_user", "total_objects",
	"trace", "usersize",
};

/* the flag a "%d" attribute shows, or 0 */
static unsigned int attr_flag(enum slub_attr a)
{
	switch (a) {
	case A_CACHE_DMA:	return SLAB_CACHE_DMA;
	case A_DESTROY_BY_RCU:	return SLAB_TYPESAFE_BY_RCU;
	case A_HWCACHE_ALIGN:	return SLAB_HWCACHE_ALIGN;
	case A_POISON:		return SLAB_POISON;
	case A_RECLAIM_ACCOUNT:	return SLAB_RECLAIM_ACCOUNT;
	case A_RED_ZONE:	return SLAB_RED_ZONE;
	case A_SANITY_CHECKS:	return SLAB_CONSISTENCY_CHECKS;
	case A_STORE_USER:	return SLAB_STORE_USER;
	case A_TRACE:		return SLAB_TRACE;
	default:		return 0;
	}
}

static long show_counts(struct slub_group *g, enum slub_attr a, char *page)
{
	unsigned long objects = group_objects(g), per = objs_per_slab(g);
	unsigned long slabs = (objects + per - 1) / per;

	if (a == A_OBJECTS)
		return show_count(page, objects);
	return show_count(page, a == A_SLABS ? slabs : slabs * per);
}

static long attr_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct slub_group *g = priv;
	enum slub_attr a = A_COUNT;

	for (int i = 0; i < A_COUNT; i++)
		if (!strcmp(umod_kernfs_name(kn), attr_names[i]))
			a = (enum slub_attr)i;
	if (attr_flag(a))
		return snprintf(page, UMOD_PAGE_SIZE, "%d\n", !!(g->flags & attr_flag(a)));
	switch (a) {
	case A_ALIASES:
		return snprintf(page, UMOD_PAGE_SIZE, "%d\n", g->refcount - 1);
	case A_ALIGN:
		return snprintf(page, UMOD_PAGE_SIZE, "%u\n", g->align);
	case A_CTOR:	/* empty without one, else %pS */
		if (!g->ctor || umod_host_sprint_symbol(g->host, (void *)g->ctor, page,
							UMOD_PAGE_SIZE - 1) < 0)
			return 0;
		return (long)strlen(strcat(page, "\n"));
	case A_OBJECT_SIZE:
		return snprintf(page, UMOD_PAGE_SIZE, "%u\n", g->object_size);
	case A_OBJS_PER_SLAB:
		return snprintf(page, UMOD_PAGE_SIZE, "%u\n", objs_per_slab(g));
	case A_ORDER:
		return snprintf(page, UMOD_PAGE_SIZE, "%u\n", slab_order(g->size));
	case A_SLAB_SIZE:
		return snprintf(page, UMOD_PAGE_SIZE, "%u\n", g->size);
	case A_USERSIZE:
		return snprintf(page, UMOD_PAGE_SIZE, "%u\n", g->usersize);
	case A_OBJECTS:
	case A_SLABS:
	case A_TOTAL_OBJECTS:
		return show_counts(g, a, page);
	default:
		return snprintf(page, UMOD_PAGE_SIZE, "0\n");
	}
}

static const struct umod_kernfs_ops attr_ops = { .show = attr_show };

/* ---- sysfs_slab_add() and what kmem_cache_destroy() takes back ------------- */

static struct slub_group *group_new(struct kmem_cache *s, struct umod_host *host)
{
	struct slub_group *g = calloc(1, sizeof(*g));

	if (!g)
		return NULL;
	g->host = host;
	g->mergeable = !unmergeable(s);
	g->size = slab_object_size(s);
	g->align = s->align;
	g->flags = s->flags;
	g->usersize = s->usersize;
	g->object_size = s->object_size;
	g->ctor = s->ctor;
	umod_list_init(&g->caches);
	if (g->mergeable) {
		unique_id(g, g->name, sizeof(g->name));
		umod_list_add(&g->node, groups.prev);
	} else {
		snprintf(g->name, sizeof(g->name), "%s", s->name);
	}
	return g;
}

/* the directory and its attributes; the caller keeps a reference on it */
static void group_dir(struct slub_group *g)
{
	struct umod_kernfs_new nw = {
		.parent = umod_kernfs_root(UMOD_KERNFS_SLAB), .host = g->host, .name = g->name,
		.type = UMOD_SYSFS_DIR, .mode = 0755, .ref = true,
	};

	if (umod_kernfs_create(&nw, &g->dir))
		return;
	for (int i = 0; i < A_COUNT; i++) {
		struct umod_kernfs_new f = {
			.parent = g->dir, .name = attr_names[i], .type = UMOD_SYSFS_FILE,
			.mode = 0444, .ops = &attr_ops, .priv = g,
		};

		umod_kernfs_create(&f, NULL);
	}
}

/* sysfs_slab_alias(): NAME -> the group's directory */
static void alias_link(struct kmem_cache *s, struct slub_group *g)
{
	struct umod_kernfs_new nw = {
		.parent = umod_kernfs_root(UMOD_KERNFS_SLAB), .host = g->host, .name = s->name,
		.type = UMOD_SYSFS_LINK, .mode = 0777, .target = g->name, .ref = true,
	};

	if (umod_kernfs_create(&nw, &s->link))
		s->link = NULL;
}

void umod_slub_sysfs_add(struct kmem_cache *s)
{
	struct umod_host *host = s->owner ? s->owner->host : NULL;
	struct slub_group *g;
	bool fresh = false;

	if (!host)
		return;
	pthread_mutex_lock(&slab_mutex);
	g = unmergeable(s) ? NULL : find_mergeable(s, host);
	if (!g)
		fresh = (g = group_new(s, host)) != NULL;
	if (g) {
		g->refcount++;
		if (s->object_size > g->object_size)
			g->object_size = s->object_size;
		umod_list_add(&s->group_node, g->caches.prev);
		s->group = g;
	}
	pthread_mutex_unlock(&slab_mutex);
	if (fresh)
		group_dir(g);
	if (g && g->mergeable)
		alias_link(s, g);
}

void umod_slub_sysfs_remove(struct kmem_cache *s)
{
	struct slub_group *g = s->group, *gone = NULL;
	struct kernfs_node *link = s->link;

	if (!g)
		return;
	pthread_mutex_lock(&slab_mutex);
	umod_list_del(&s->group_node);
	if (--g->refcount == 0) {
		if (g->mergeable)
			umod_list_del(&g->node);
		gone = g;
	}
	s->group = NULL;
	s->link = NULL;
	pthread_mutex_unlock(&slab_mutex);
	/* outside slab_mutex: a removal waits for the shows in flight, which take it */
	if (link) {
		umod_kernfs_remove(link);
		umod_kernfs_put(link);
	}
	if (gone && gone->dir) {
		umod_kernfs_remove(gone->dir);
		umod_kernfs_put(gone->dir);
	}
	free(gone);
}
