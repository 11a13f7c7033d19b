// SPDX-License-Identifier: MIT
/*
 * mm/kasan.c and the allocators under ASan: a sanitized module's report
 * calls go to KASAN's reports (each size, with or without _noabort, and
 * nothing else); a kmalloc() or kmem_cache object ends where its size
 * does, so that ASan's redzone catches the first byte past it. Without
 * ASan there is nothing to resolve.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mm/internal.h"
#include "mm/kasan.h"

#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/asan_interface.h>

static void report_functions(void **state)
{
	assert_non_null(umod_kasan_report_fn("__asan_report_store1"));
	assert_ptr_equal(umod_kasan_report_fn("__asan_report_store1"),
			 umod_kasan_report_fn("__asan_report_store1_noabort"));
	assert_non_null(umod_kasan_report_fn("__asan_report_load_n"));
	assert_non_null(umod_kasan_report_fn("__asan_report_load16_noabort"));
	assert_ptr_not_equal(umod_kasan_report_fn("__asan_report_load1"),
			     umod_kasan_report_fn("__asan_report_store1"));
	assert_null(umod_kasan_report_fn("__asan_report_store3"));
	assert_null(umod_kasan_report_fn("__asan_report_store1_x"));
	assert_null(umod_kasan_report_fn("__asan_init"));
}

/* as KASAN poisons a kmalloc object past the size asked for */
static void kmalloc_redzone_right_after(void **state)
{
	char *p = umod_kmalloc_caller(NULL, 10, 0, NULL);

	assert_non_null(p);
	assert_false(__asan_address_is_poisoned(p));
	assert_false(__asan_address_is_poisoned(p + 9));
	assert_true(__asan_address_is_poisoned(p + 10));
	umod_kfree(p);
	assert_true(__asan_address_is_poisoned(p));
}
#else
static void report_functions(void **state)
{
	assert_null(umod_kasan_report_fn("__asan_report_store1"));
}

static void kmalloc_redzone_right_after(void **state)
{
	skip();
}
#endif

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(report_functions),
		cmocka_unit_test(kmalloc_redzone_right_after),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
