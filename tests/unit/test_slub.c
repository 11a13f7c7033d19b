// SPDX-License-Identifier: MIT
/*
 * mm/slub.c: /sys/kernel/slab as 6.1's SLUB shows caches. Mergeable caches
 * link to a directory named by create_unique_id() (the MERGE_SAME flags as
 * letters, then the slab object size), merged as find_mergeable() merges
 * (within 8 bytes, the same flags, the alignment fitting); a constructor,
 * a usercopy window or SLAB_TYPESAFE_BY_RCU keeps a cache apart under its
 * own name; aliases and objects count the group; destroying takes the link,
 * and the directory with the last cache.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/kapi.h"
#include "kernel/module/internal.h"

#include "helpers.h"

#define SLAB_HWCACHE_ALIGN	0x00002000u
#define SLAB_CACHE_DMA		0x00004000u
#define SLAB_RECLAIM_ACCOUNT	0x00020000u
#define SLAB_TYPESAFE_BY_RCU	0x00080000u
#define SLAB_ACCOUNT		0x04000000u

static struct capture cap;
static struct module kmod;
static struct umod_module *mod;
static struct umod_host *host;

typedef struct kmem_cache *(*create_fn)(const char *, unsigned int, unsigned int, unsigned int,
					void (*)(void *));

static const void *kapi(const char *name)
{
	for (size_t j = 0; j < umod_kapi_slab_cache.n; j++)
		if (!strcmp(umod_kapi_slab_cache.v[j].name, name))
			return umod_kapi_slab_cache.v[j].addr;
	fail_msg("no export %s", name);
	return NULL;
}

static struct kmem_cache *create(const char *name, unsigned int size, unsigned int flags,
				 void (*ctor)(void *))
{
	struct kmem_cache *s;

	test_module_enter(mod);		/* the module's cache */
	s = ((create_fn)kapi("kmem_cache_create"))(name, size, 0, flags, ctor);
	test_module_leave();
	return s;
}

static void destroy(struct kmem_cache *s)
{
	((void (*)(struct kmem_cache *))kapi("kmem_cache_destroy"))(s);
}

static const char *link_of(const char *name)
{
	static char buf[128];
	char path[128];
	ssize_t n;

	snprintf(path, sizeof(path), "/sys/kernel/slab/%s", name);
	n = umod_sysfs_readlink(host, path, buf, sizeof(buf) - 1);
	buf[n < 0 ? 0 : n] = '\0';
	return n == -EINVAL ? "(directory)" : n < 0 ? "(none)" : buf;
}

static const char *attr(const char *dir, const char *name)
{
	static char buf[128];
	char path[192];
	ssize_t n;

	snprintf(path, sizeof(path), "/sys/kernel/slab/%s/%s", dir, name);
	n = umod_sysfs_read(host, path, buf, sizeof(buf) - 1);
	buf[n < 0 ? 0 : n] = '\0';
	return n < 0 ? "(none)" : buf;
}

static int setup(void **state)
{
	host = test_host_new(&cap);
	if (!host)
		return -1;
	mod = fake_module_new(host, "slabs", &kmod, NULL, 0);
	return mod ? 0 : -1;
}

static int teardown(void **state)
{
	fake_module_free(mod);
	umod_host_unref(host);
	return 0;
}

static void ctor(void *p)
{
	memset(p, 0, 8);
}

static void merged_by_size(void **state)
{
	struct kmem_cache *a = create("t_a", 24, 0, NULL), *b = create("t_b", 17, 0, NULL);
	struct kmem_cache *c = create("t_c", 32, 0, NULL), *h = create("t_h", 24, SLAB_HWCACHE_ALIGN, NULL);

	assert_string_equal(link_of("t_a"), ":0000024");
	assert_string_equal(link_of("t_b"), ":0000024");	/* 17 -> 24: the same slab object */
	assert_string_equal(link_of("t_c"), ":0000032");	/* 32 - 24 >= 8: apart */
	assert_string_equal(link_of("t_h"), ":0000032");	/* aligned to 32: merges with t_c */
	assert_string_equal(link_of(":0000024"), "(directory)");
	assert_string_equal(attr(":0000024", "aliases"), "1\n");
	assert_string_equal(attr(":0000024", "object_size"), "24\n");
	assert_string_equal(attr(":0000024", "objs_per_slab"), "170\n");
	destroy(a);
	assert_string_equal(link_of("t_a"), "(none)");
	assert_string_equal(attr(":0000024", "aliases"), "0\n");
	destroy(b);
	assert_string_equal(link_of(":0000024"), "(none)");
	destroy(h);
	destroy(c);
}

static void flags_in_the_name(void **state)
{
	struct kmem_cache *a = create("t_acct", 192, SLAB_ACCOUNT, NULL);
	struct kmem_cache *p = create("t_plain", 192, 0, NULL);
	struct kmem_cache *r = create("t_dma_rcl", 100, SLAB_CACHE_DMA | SLAB_RECLAIM_ACCOUNT, NULL);

	assert_string_equal(link_of("t_acct"), ":A-0000192");
	assert_string_equal(link_of("t_plain"), ":0000192");	/* the flags must agree */
	assert_string_equal(link_of("t_dma_rcl"), ":da-0000104");
	destroy(r);
	destroy(p);
	destroy(a);
}

static void never_merged(void **state)
{
	struct kmem_cache *c = create("t_ctor", 24, 0, ctor);
	struct kmem_cache *r = create("t_rcu", 24, SLAB_TYPESAFE_BY_RCU, NULL);
	struct kmem_cache *u;

	test_module_enter(mod);
	u = ((struct kmem_cache *(*)(const char *, unsigned int, unsigned int, unsigned int,
				     unsigned int, unsigned int, void (*)(void *)))
		kapi("kmem_cache_create_usercopy"))("t_user", 24, 0, 0, 0, 8, NULL);
	test_module_leave();

	assert_string_equal(link_of("t_ctor"), "(directory)");
	assert_string_equal(link_of("t_rcu"), "(directory)");
	assert_string_equal(link_of("t_user"), "(directory)");
	/* the free pointer after the object: 24 + 8 */
	assert_string_equal(attr("t_ctor", "slab_size"), "32\n");
	assert_string_equal(attr("t_rcu", "destroy_by_rcu"), "1\n");
	assert_string_equal(attr("t_user", "usersize"), "8\n");
	assert_string_equal(attr("t_user", "slab_size"), "24\n");
	destroy(u);
	destroy(r);
	destroy(c);
	assert_string_equal(link_of("t_ctor"), "(none)");
}

static void objects_and_order(void **state)
{
	void *(*alloc)(struct kmem_cache *, unsigned int) = kapi("kmem_cache_alloc");
	void (*cfree)(struct kmem_cache *, void *) = kapi("kmem_cache_free");
	struct kmem_cache *big = create("t_big", 1000, 0, NULL);
	void *o;

	test_module_enter(mod);
	o = alloc(big, 0);
	test_module_leave();

	assert_non_null(o);
	assert_string_equal(attr(":0001000", "objects"), "1 N0=1\n");
	assert_string_equal(attr(":0001000", "slabs"), "1 N0=1\n");
	/* calculate_order(): 4 objects in a page waste 96 bytes, more than 1/16 */
	assert_string_not_equal(attr(":0001000", "order"), "0\n");
	cfree(big, o);
	assert_string_equal(attr(":0001000", "objects"), "0\n");
	destroy(big);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(merged_by_size),
		cmocka_unit_test(flags_in_the_name),
		cmocka_unit_test(never_merged),
		cmocka_unit_test(objects_and_order),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
