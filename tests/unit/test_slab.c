// SPDX-License-Identifier: MIT
/*
 * mm/: kmalloc's sizes, alignment, zeroing and ZERO_SIZE_PTR, krealloc,
 * caches (ctor, alignment, a busy destroy's report), the double-free and
 * bad-pointer reports, ownership counted across threads, and the leak
 * report at unload of a real module (tests/modules/leaky.c). The host's
 * exports are called through its export table, as modules call them.
 */
#include <errno.h>
#include <pthread.h>
#include <regex.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/module/module.h"
#include "kernel/panic.h"
#include "mm/internal.h"

#include "helpers.h"

#define MODULES		UMOD_TEST_MODULES "/"
#define GFP_KERNEL	0xcc0u
#define GFP_ZERO	0x100u
#define GFP_NOWARN	0x2000u
#define HWCACHE_ALIGN	0x2000u
#define ZERO_SIZE_PTR	((void *)16)

static struct capture cap;
static struct umod_host *host;
static struct module kmod;
static struct umod_module *fake;

/* the exports, as a module sees them */
static void *(*kmalloc_)(size_t, unsigned int);
static void (*kfree_)(const void *);
static size_t (*ksize_)(const void *);
static void *(*krealloc_)(const void *, size_t, unsigned int);
static struct kmem_cache *(*cache_create)(const char *, unsigned int, unsigned int, unsigned int,
					  void (*)(void *));
static void *(*cache_alloc)(struct kmem_cache *, unsigned int);
static void (*cache_free)(struct kmem_cache *, void *);
static void (*cache_destroy)(struct kmem_cache *);
static char *(*kasprintf_)(unsigned int, const char *, ...);
static int (*alloc_bulk)(struct kmem_cache *, unsigned int, size_t, void **);
static void (*free_bulk)(struct kmem_cache *, size_t, void **);

static int setup(void **state)
{
	host = test_host_new(&cap);
	assert_non_null(host);
	fake = fake_module_new(host, "fakemm", &kmod, NULL, 0);
	assert_non_null(fake);
	kmalloc_ = test_export(host, "__kmalloc");
	kfree_ = test_export(host, "kfree");
	ksize_ = test_export(host, "ksize");
	krealloc_ = test_export(host, "krealloc");
	cache_create = test_export(host, "kmem_cache_create");
	cache_alloc = test_export(host, "kmem_cache_alloc");
	cache_free = test_export(host, "kmem_cache_free");
	cache_destroy = test_export(host, "kmem_cache_destroy");
	alloc_bulk = test_export(host, "kmem_cache_alloc_bulk");
	free_bulk = test_export(host, "kmem_cache_free_bulk");
	kasprintf_ = test_export(host, "kasprintf");
	return 0;
}

static int teardown(void **state)
{
	fake_module_free(fake);
	umod_host_unref(host);
	return 0;
}

static int reset(void **state)
{
	cap.n = 0;
	atomic_store(&host->taints, 0);
	atomic_store(&host->debug_locks_off, false);
	return 0;
}

/* a captured line matches @re (POSIX extended) */
static bool logged(const char *re)
{
	regex_t r;
	bool hit = false;

	assert_int_equal(regcomp(&r, re, REG_EXTENDED | REG_NOSUB), 0);
	for (int i = 0; i < cap.n && !hit; i++)
		hit = !regexec(&r, cap.lines[i], 0, NULL, 0);
	regfree(&r);
	if (!hit)
		for (int i = 0; i < cap.n; i++)
			print_message("log: %s\n", cap.lines[i]);
	return hit;
}

/* ---- kmalloc ------------------------------------------------------------------ */

static void sizes_and_alignment(void **state)
{
	static const size_t ask[] = { 1, 8, 9, 50, 64, 65, 96, 100, 192, 193, 1000, 4096, 5000, 9000 };
	static const size_t got[] = { 8, 8, 16, 64, 64, 96, 96, 128, 192, 256, 1024, 4096, 8192, 16384 };

	for (size_t i = 0; i < sizeof(ask) / sizeof(ask[0]); i++) {
		char *p = kmalloc_(ask[i], GFP_KERNEL);
		size_t pow2 = got[i] & (got[i] - 1) ? 8 : got[i] < 4096 ? got[i] : 4096;

		assert_non_null(p);
		assert_int_equal(ksize_(p), got[i]);
		assert_int_equal((uintptr_t)p % pow2, 0);	/* power-of-two: natural alignment */
		memset(p, 0xa5, got[i]);			/* all of ksize() is usable */
		kfree_(p);
	}
}

static void zeroing(void **state)
{
	for (int round = 0; round < 3; round++) {
		unsigned char *p = kmalloc_(200, GFP_KERNEL);

		memset(p, 0xff, 200);
		kfree_(p);
		p = kmalloc_(200, GFP_KERNEL | GFP_ZERO);
		for (size_t i = 0; i < ksize_(p); i++)
			assert_int_equal(p[i], 0);
		kfree_(p);
	}
}

static void zero_size_and_null(void **state)
{
	assert_ptr_equal(kmalloc_(0, GFP_KERNEL), ZERO_SIZE_PTR);
	assert_int_equal(ksize_(ZERO_SIZE_PTR), 0);
	kfree_(ZERO_SIZE_PTR);
	kfree_(NULL);
	assert_int_equal(cap.n, 0);
}

static void too_large(void **state)
{
	void *p;

	test_module_enter(fake);
	p = kmalloc_(4ul << 20, GFP_KERNEL);
	assert_non_null(p);
	kfree_(p);
	assert_int_equal(cap.n, 0);
	assert_null(kmalloc_((4ul << 20) + 1, GFP_KERNEL | GFP_NOWARN));
	assert_int_equal(cap.n, 0);
	assert_null(kmalloc_((4ul << 20) + 1, GFP_KERNEL));
	test_module_leave();
	assert_string_equal(cap.lines[0], "------------[ cut here ]------------");
	assert_true(logged("^WARNING: CPU: [0-9]+ PID: [0-9]+ at mm/page_alloc.c:[0-9]+ __alloc_pages$"));
	assert_true(umod_host_test_taint(host, 9));
}

static void krealloc_keeps_contents(void **state)
{
	char *p = krealloc_(NULL, 40, GFP_KERNEL), *q;

	for (int i = 0; i < 40; i++)
		p[i] = (char)i;
	q = krealloc_(p, 60, GFP_KERNEL);		/* fits in kmalloc-64 */
	assert_ptr_equal(q, p);
	p = krealloc_(q, 3000, GFP_KERNEL);
	assert_non_null(p);
	for (int i = 0; i < 40; i++)
		assert_int_equal(p[i], (char)i);
	assert_ptr_equal(krealloc_(p, 0, GFP_KERNEL), ZERO_SIZE_PTR);
}

static void kasprintf_formats(void **state)
{
	char *s = kasprintf_(GFP_KERNEL, "%s-%d", "dev", 42);

	char *(*memdup_nul)(const char *, size_t, unsigned int) = test_export(host, "kmemdup_nul");
	char *m;

	assert_string_equal(s, "dev-42");
	assert_int_equal(ksize_(s), 8);
	kfree_(s);
	m = memdup_nul("a\0bc", 4, GFP_KERNEL);		/* NULs and all, then one */
	assert_memory_equal(m, "a\0bc\0", 5);
	kfree_(m);
}

/* ---- misuse: reported, nothing freed ------------------------------------------ */

static long double_free(void *arg)
{
	void *p = kmalloc_(24, GFP_KERNEL);

	kfree_(p);
	kfree_(p);
	return 0;
}

static void double_free_reported(void **state)
{
	long ret;

	assert_int_equal(umod_call(fake, double_free, NULL, &ret), 0);
	assert_string_equal(cap.lines[0], "=============================================================================");
	assert_string_equal(cap.lines[1], "BUG kmalloc-32 (Not tainted): Object already free");
	assert_string_equal(cap.lines[2], "-----------------------------------------------------------------------------");
	assert_string_equal(cap.lines[4], "Call Trace:");
	assert_true(logged("^Disabling lock debugging due to kernel taint$"));
	assert_true(logged("^FIX kmalloc-32: Object at 0x[0-9a-f]{16} not freed$"));
	assert_true(umod_host_test_taint(host, 5));	/* B */
}

static long bad_pointer(void *arg)
{
	char *p = kmalloc_(256, GFP_KERNEL);

	kfree_(p + 64);
	memset(p, 1, 256);	/* still ours */
	kfree_(p);
	return 0;
}

static void bad_pointer_reported(void **state)
{
	long ret;

	assert_int_equal(umod_call(fake, bad_pointer, NULL, &ret), 0);
	assert_true(logged("^BUG kmalloc \\(Not tainted\\): Invalid object pointer 0x[0-9a-f]{16}$"));
	assert_true(logged("^FIX kmalloc: Object at 0x[0-9a-f]{16} not freed$"));
}

/* ---- caches ---------------------------------------------------------------- */

static int ctor_runs;

static void ctor(void *obj)
{
	memset(obj, 0x5a, 40);
	ctor_runs++;
}

/* all objects or none; kfree_bulk() is free_bulk() of a NULL cache; NULL entries are skipped */
static void bulk_alloc_and_free(void **state)
{
	struct kmem_cache *s = cache_create("bulk", 48, 0, 0, NULL);
	void *p[16], *k[3];

	assert_non_null(s);
	assert_int_equal(alloc_bulk(s, GFP_KERNEL, 16, p), 16);
	for (int i = 0; i < 16; i++) {
		assert_non_null(p[i]);
		memset(p[i], i, 48);
		for (int j = 0; j < i; j++)
			assert_ptr_not_equal(p[i], p[j]);
	}
	free_bulk(s, 16, p);
	for (int i = 0; i < 3; i++)
		k[i] = kmalloc_(100 + i, GFP_KERNEL);
	k[1] = (kfree_(k[1]), NULL);
	free_bulk(NULL, 3, k);				/* kfree_bulk() */
	cache_destroy(s);
	assert_int_equal(cap.n, 0);			/* nothing busy, nothing freed twice */
}

static void cache_ctor_and_alignment(void **state)
{
	struct kmem_cache *s = cache_create("t40", 40, 0, HWCACHE_ALIGN, ctor);
	struct kmem_cache *big = cache_create("t256", 24, 256, 0, NULL);
	unsigned char *o[8], *z;

	ctor_runs = 0;
	for (int i = 0; i < 8; i++) {
		o[i] = cache_alloc(s, GFP_KERNEL);
		assert_int_equal((uintptr_t)o[i] % 64, 0);	/* SLAB_HWCACHE_ALIGN */
		assert_int_equal(o[i][39], 0x5a);
		assert_int_equal(ksize_(o[i]), 40);
	}
	assert_int_equal(ctor_runs, 8);
	z = cache_alloc(s, GFP_KERNEL | GFP_ZERO);	/* zeroed after the ctor */
	assert_int_equal(z[0] | z[39], 0);
	cache_free(s, z);
	for (int i = 0; i < 8; i++)
		if (i & 1)
			kfree_(o[i]);		/* kfree() of a cache object is allowed */
		else
			cache_free(s, o[i]);
	for (int i = 0; i < 4; i++) {
		void *b = cache_alloc(big, GFP_KERNEL);

		assert_int_equal((uintptr_t)b % 256, 0);
		cache_free(big, b);
	}
	cache_destroy(s);
	cache_destroy(big);
	cache_destroy(NULL);
	assert_int_equal(cap.n, 0);
	assert_null(cache_create(NULL, 40, 0, 0, NULL));
	assert_null(cache_create("odd", 40, 24, 0, NULL));
}

/* ---- ownership ------------------------------------------------------------------ */

#define SITE_A	((const void *)0x1000)
#define SITE_B	((const void *)0x2000)

static void *free_on_thread(void *arg)
{
	kfree_(arg);
	return NULL;
}

static void counted_per_site_across_threads(void **state)
{
	void *a[3], *b;
	pthread_t t;

	for (int i = 0; i < 3; i++)
		a[i] = umod_kmalloc_caller(&kmod, 48, GFP_KERNEL, SITE_A);
	b = umod_kmalloc_caller(&kmod, 10, GFP_KERNEL, SITE_B);
	/* a free on another thread counts there: the sum is what is left */
	assert_int_equal(pthread_create(&t, NULL, free_on_thread, a[2]), 0);
	pthread_join(t, NULL);
	umod_kfree(b);
	umod_mm_module_leftovers(fake);
	assert_int_equal(cap.n, 1);
	assert_string_equal(cap.lines[0], "fakemm: leaked 2 objects (96 bytes) allocated at 0x1000");
	assert_int_equal(cap.levels[0], 4);
	/* leaked memory stays usable, and may still be freed by anyone */
	memset(a[0], 0, 48);
	kfree_(a[0]);
	kfree_(a[1]);
	cap.n = 0;
	umod_mm_module_leftovers(fake);
	assert_int_equal(cap.n, 0);
}

/* ---- a real module ---------------------------------------------------------------- */

static void load_and_remove(const char *args)
{
	assert_int_equal(umod_module_insert_file(host, MODULES "leaky.ko", args, 0, NULL), 0);
	assert_int_equal(umod_module_remove(host, "leaky", 0), 0);
}

static void module_leaks_reported_per_site(void **state)
{
	load_and_remove("mode=0");
	assert_true(logged("^leaky: leaked 2 objects \\(96 bytes\\) allocated at leak_pair\\+0x[0-9a-f]+/0x[0-9a-f]+$"));
	assert_true(logged("^leaky: leaked 1 object \\(100 bytes\\) allocated at leak_one\\+0x[0-9a-f]+/0x[0-9a-f]+$"));
	assert_int_equal(cap.n, 2);
	cap.n = 0;
	load_and_remove("mode=1");
	assert_int_equal(cap.n, 1);
	assert_string_equal(cap.lines[0], "leaky: exit done");
}

static void busy_cache_destroy_reported(void **state)
{
	load_and_remove("mode=2");
	assert_string_equal(cap.lines[0], "=============================================================================");
	assert_string_equal(cap.lines[1], "BUG leaky_cache (Not tainted): Objects remaining in leaky_cache on __kmem_cache_shutdown()");
	assert_string_equal(cap.lines[2], "-----------------------------------------------------------------------------");
	assert_string_equal(cap.lines[3], "");
	assert_string_equal(cap.lines[4], "Disabling lock debugging due to kernel taint");
	assert_true(logged("^Object 0x[0-9a-f]{16} @offset=0$"));
	assert_true(logged("^kmem_cache_destroy leaky_cache: Slab cache still has objects when called from leaky_exit\\+0x[0-9a-f]+/0x[0-9a-f]+ \\[leaky\\]$"));
	assert_true(logged("^WARNING: CPU: [0-9]+ PID: [0-9]+ at mm/slab_common.c:[0-9]+ kmem_cache_destroy$"));
	/* the cache and its object stay: the leak report names both sites */
	assert_true(logged("^leaky: leaked 1 object \\(40 bytes\\) allocated at leaky_init\\+0x[0-9a-f]+/0x[0-9a-f]+$"));
	assert_true(logged("^leaky: leaked 1 object \\([0-9]+ bytes\\) allocated at leaky_init\\+0x[0-9a-f]+/0x[0-9a-f]+$"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(sizes_and_alignment, reset),
		cmocka_unit_test_setup(zeroing, reset),
		cmocka_unit_test_setup(zero_size_and_null, reset),
		cmocka_unit_test_setup(too_large, reset),
		cmocka_unit_test_setup(krealloc_keeps_contents, reset),
		cmocka_unit_test_setup(kasprintf_formats, reset),
		cmocka_unit_test_setup(double_free_reported, reset),
		cmocka_unit_test_setup(bad_pointer_reported, reset),
		cmocka_unit_test_setup(bulk_alloc_and_free, reset),
		cmocka_unit_test_setup(cache_ctor_and_alignment, reset),
		cmocka_unit_test_setup(counted_per_site_across_threads, reset),
		cmocka_unit_test_setup(module_leaks_reported_per_site, reset),
		cmocka_unit_test_setup(busy_cache_destroy_reported, reset),
	};

	return cmocka_run_group_tests_name("slab", tests, setup, teardown);
}
