// SPDX-License-Identifier: MIT
/*
 * mm/vmalloc.c and mm/page_alloc.c: page-aligned zeroed areas with a guard
 * page, blocks aligned to their order, is_vmalloc_addr() inside an area,
 * kvmalloc()'s choice, ownership counted and reported, and the kernel's
 * WARN for a vfree() of something vmalloc() never gave.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/module/module.h"
#include "mm/internal.h"

#include "helpers.h"

#define GFP_KERNEL	0xcc0u
#define GFP_NOWARN	0x2000u

static struct capture cap;
static struct umod_host *host;
static struct module kmod;
static struct umod_module *fake;

static void *(*vmalloc_)(unsigned long);
static void (*vfree_)(const void *);
static bool (*is_vmalloc)(const void *);
static void *(*kvmalloc_)(size_t, unsigned int, int);
static void (*kvfree_)(const void *);
static void *(*alloc_pages_)(unsigned int, unsigned int);
static void (*free_pages_)(void *, unsigned int);
static unsigned long (*zeroed_page)(unsigned int);
static void (*get_page_)(void *);
static void (*put_page_)(void *);
static int (*page_refs)(const void *);

static int setup(void **state)
{
	host = test_host_new(&cap);
	assert_non_null(host);
	fake = fake_module_new(host, "fakevm", &kmod, NULL, 0);
	assert_non_null(fake);
	vmalloc_ = test_export(host, "vmalloc");
	vfree_ = test_export(host, "vfree");
	is_vmalloc = test_export(host, "is_vmalloc_addr");
	kvmalloc_ = test_export(host, "kvmalloc_node");
	kvfree_ = test_export(host, "kvfree");
	alloc_pages_ = test_export(host, "alloc_pages");
	free_pages_ = test_export(host, "__free_pages");
	zeroed_page = test_export(host, "get_zeroed_page");
	get_page_ = test_export(host, "get_page");
	put_page_ = test_export(host, "put_page");
	page_refs = test_export(host, "page_ref_count");
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
	return 0;
}

static void vmalloc_areas(void **state)
{
	unsigned char *v = vmalloc_(10000);

	assert_non_null(v);
	assert_int_equal((uintptr_t)v % 4096, 0);
	assert_int_equal(v[0] | v[10000 - 1] | v[3 * 4096 - 1], 0);	/* zero, to the page's end */
	assert_true(is_vmalloc(v));
	assert_true(is_vmalloc(v + 3 * 4096 - 1));
	assert_false(is_vmalloc(v + 3 * 4096));				/* the guard page */
	assert_string_equal(mapping_perms(v + 3 * 4096, (char[5]){ 0 }), "---p");
	vfree_(v);
	assert_false(is_vmalloc(v));
	vfree_(NULL);
	assert_int_equal(cap.n, 0);
	assert_null(vmalloc_(0));
}

static void kvmalloc_chooses(void **state)
{
	void *small = kvmalloc_(4096, GFP_KERNEL, -1);
	void *big = kvmalloc_((4ul << 20) + 1, GFP_KERNEL, -1);

	assert_false(is_vmalloc(small));	/* up to KMALLOC_MAX_SIZE: kmalloc */
	assert_true(is_vmalloc(big));
	kvfree_(small);
	kvfree_(big);
	kvfree_(NULL);
	assert_int_equal(cap.n, 0);
}

static void pages_aligned_to_order(void **state)
{
	for (unsigned int order = 0; order < 5; order++) {
		unsigned char *p = alloc_pages_(GFP_KERNEL, order);

		assert_non_null(p);
		assert_int_equal((uintptr_t)p % (4096ul << order), 0);
		memset(p, 0x11, 4096ul << order);
		assert_false(is_vmalloc(p));
		free_pages_(p, order);
	}
	unsigned long z = zeroed_page(GFP_KERNEL);

	assert_int_equal(z % 4096, 0);
	assert_int_equal(((unsigned char *)z)[4095], 0);
	free_pages_((void *)z, 0);
	assert_null(alloc_pages_(GFP_KERNEL | GFP_NOWARN, 11));	/* MAX_ORDER */
	assert_int_equal(cap.n, 0);
}

/*
 * An alloc_pages() block has one reference; get_page() adds one (a tail
 * page's counts for its block), put_page() drops one, and whichever drop
 * is the last frees the block: __free_pages() then no longer does.
 */
static long stale_put(void *page)
{
	put_page_(page);
	return 0;
}

static void page_references(void **state)
{
	unsigned char *p = alloc_pages_(GFP_KERNEL, 1);
	long ret;

	assert_non_null(p);
	assert_int_equal(page_refs(p), 1);
	get_page_(p);
	get_page_(p + 4096);
	assert_int_equal(page_refs(p), 3);
	assert_int_equal(page_refs(p + 4096), 3);
	put_page_(p + 4096);
	free_pages_(p, 1);			/* the allocation's reference */
	assert_int_equal(page_refs(p), 1);
	memset(p, 0x5a, 8192);			/* still there */
	put_page_(p);				/* the last: freed */
	assert_int_equal(page_refs(p), 0);
	assert_int_equal(cap.n, 0);
	/* no block: the kernel's bad page report, the module's */
	assert_int_equal(umod_call(fake, stale_put, p, &ret), 0);
	assert_string_equal(cap.lines[0], "------------[ cut here ]------------");
	assert_memory_equal(cap.lines[1], "BUG: Bad page state: 0x", 23);
}

static long bad_vfree(void *arg)
{
	static char not_vmalloc[8192] __attribute__((aligned(4096)));

	vfree_(not_vmalloc);
	return 0;
}

static void vfree_unknown_warns(void **state)
{
	long ret;

	assert_int_equal(umod_call(fake, bad_vfree, NULL, &ret), 0);
	assert_string_equal(cap.lines[0], "------------[ cut here ]------------");
	assert_memory_equal(cap.lines[1], "Trying to vfree() nonexistent vm area (0x", 41);
}

static void owned_and_reported(void **state)
{
	void *v = umod_pages_alloc(&kmod, 5000, (const void *)0x3000, true);
	void *p = umod_pages_alloc(&kmod, 4096, (const void *)0x4000, false);

	assert_true(umod_pages_free(p, false, NULL));
	umod_mm_module_leftovers(fake);
	assert_int_equal(cap.n, 1);
	assert_string_equal(cap.lines[0], "fakevm: leaked 1 object (8192 bytes) allocated at 0x3000");
	assert_true(umod_pages_free(v, true, NULL));	/* still anyone's to free */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(vmalloc_areas, reset),
		cmocka_unit_test_setup(kvmalloc_chooses, reset),
		cmocka_unit_test_setup(pages_aligned_to_order, reset),
		cmocka_unit_test_setup(page_references, reset),
		cmocka_unit_test_setup(vfree_unknown_warns, reset),
		cmocka_unit_test_setup(owned_and_reported, reset),
	};

	return cmocka_run_group_tests_name("vmalloc", tests, setup, teardown);
}
