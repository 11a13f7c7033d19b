// SPDX-License-Identifier: MIT
/*
 * lib/ubsan.c: the compiler's entry points it has, and a report made from
 * inside a (fake) module's call with the compiler's data layout: 6.1's
 * banner, the check's line, once per place; outside module code, none.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "helpers.h"
#include "kernel/module/internal.h"
#include "lib/ubsan.h"

/* as gcc lays them out: a source location, then the types */
struct loc {
	const char *file;
	uint32_t line, column;
};

struct type_int {
	uint16_t kind, info;
	char name[16];
};

static struct type_int int8_array = { 0xffff, 0, "'int [8]'" };
static struct type_int int_type = { 0, (5 << 1) | 1, "'int'" };	/* signed, 32 bits */

static struct {
	struct loc loc;
	struct type_int *array, *index;
} oob = { { "drv.c", 12, 7 }, &int8_array, &int_type };

static void test_names(void **state)
{
	assert_non_null(umod_ubsan_handler("__ubsan_handle_out_of_bounds"));
	assert_non_null(umod_ubsan_handler("__ubsan_handle_type_mismatch_v1"));
	assert_non_null(umod_ubsan_handler("__ubsan_handle_shift_out_of_bounds"));
	assert_null(umod_ubsan_handler("__ubsan_handle_cfi_check_fail"));
	assert_null(umod_ubsan_handler("__asan_report_load1"));
}

static long call_oob(void *arg)
{
	void (*fn)(void *, void *) = arg;

	fn(&oob, (void *)(uintptr_t)9);
	return 0;
}

static int count(const struct capture *cap, const char *line)
{
	int n = 0;

	for (int i = 0; i < cap->n && i < CAPTURE_LINES; i++)
		n += !strcmp(cap->lines[i], line);
	return n;
}

static void test_report_once(void **state)
{
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);
	struct module kmod = { .name = "drv" };
	struct umod_module *mod = fake_module_new(host, "drv", &kmod, NULL, 0);
	void (*fn)(void *, void *) = umod_ubsan_handler("__ubsan_handle_out_of_bounds");
	long ret;

	assert_non_null(mod);
	fn(&oob, (void *)(uintptr_t)9);		/* host code: no module to report for */
	assert_int_equal(count(&cap, "UBSAN: array-index-out-of-bounds in drv.c:12:7"), 0);
	assert_int_equal(umod_call(mod, call_oob, (void *)fn, &ret), 0);
	assert_int_equal(umod_call(mod, call_oob, (void *)fn, &ret), 0);
	assert_int_equal(count(&cap, "UBSAN: array-index-out-of-bounds in drv.c:12:7"), 1);
	assert_int_equal(count(&cap, "index 9 is out of range for type 'int [8]'"), 1);
	assert_int_equal(count(&cap, "========================================"
				     "========================================"), 2);
	fake_module_free(mod);
	umod_host_unref(host);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_report_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
