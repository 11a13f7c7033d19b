// SPDX-License-Identifier: MIT
/*
 * kernel/module/sanitize.c: a module marked sanitize= loads only where
 * each sanitizer it names has its runtime (UBSAN's handlers are every
 * host's), refused otherwise in one line;
 * a module without the mark loads anywhere; only a marked module gets
 * __asan_ and __ubsan_ names resolved from the process.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "helpers.h"
#include "kernel/module/internal.h"
#include "lib/ubsan.h"

static struct capture cap;

#define MODINFO(s)	s, sizeof(s)

static struct load_info info_of(struct umod_host *host, const char *modinfo, size_t size)
{
	return (struct load_info){ .host = host, .log = host->log, .name = "m",
				   .modinfo = modinfo, .modinfo_size = size };
}

static void unmarked_loads(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct load_info info = info_of(host, MODINFO("license=GPL"));
	uint64_t val = 0;

	assert_int_equal(umod_check_sanitize(&info), 0);
	assert_int_equal(cap.n, 0);
	assert_false(umod_sanitizer_resolve(&info, "__asan_report_load1", &val));
	umod_host_unref(host);
}

static void marked_needs_the_runtime(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct load_info info = info_of(host, MODINFO("license=GPL\0sanitize=address"));
	uint64_t val = 0;

#ifdef __SANITIZE_ADDRESS__
	assert_int_equal(umod_check_sanitize(&info), 0);
	assert_int_equal(cap.n, 0);
	assert_true(umod_sanitizer_resolve(&info, "__asan_report_load1", &val));
	assert_true(val != 0);
#else
	assert_int_equal(umod_check_sanitize(&info), -ENOEXEC);
	/* UBSAN's handlers are every host's own (lib/ubsan.c) */
	assert_string_equal(capture_last(&cap),
			    "m: module was built with sanitizers (address), this host only with (undefined)");
	assert_false(umod_sanitizer_resolve(&info, "__asan_report_load1", &val));
#endif
	umod_host_unref(host);
}

/* UBSAN needs no runtime: its handlers are the host's, in a plain host too */
static void undefined_everywhere(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct load_info info = info_of(host, MODINFO("license=GPL\0sanitize=undefined"));
	uint64_t val = 0;

	assert_int_equal(umod_check_sanitize(&info), 0);
	assert_int_equal(cap.n, 0);
	assert_true(umod_sanitizer_resolve(&info, "__ubsan_handle_out_of_bounds", &val));
	assert_ptr_equal((void *)(uintptr_t)val, umod_ubsan_handler("__ubsan_handle_out_of_bounds"));
	umod_host_unref(host);
}

/* a sanitizer no host here provides: refused by every host */
static void unknown_sanitizer_refused(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct load_info info = info_of(host, MODINFO("sanitize=thread"));

	assert_int_equal(umod_check_sanitize(&info), -ENOEXEC);
	assert_non_null(strstr(capture_last(&cap), "m: module was built with sanitizers (thread), this host "));
	umod_host_unref(host);
}

/* only the sanitizers' names: anything else goes through the exports */
static void other_names_not_resolved(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct load_info info = info_of(host, MODINFO("sanitize=address"));
	uint64_t val = 0;

	assert_false(umod_sanitizer_resolve(&info, "malloc", &val));
	assert_false(umod_sanitizer_resolve(&info, "kfree", &val));
	assert_int_equal(val, 0);
	umod_host_unref(host);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(unmarked_loads),
		cmocka_unit_test(marked_needs_the_runtime),
		cmocka_unit_test(undefined_everywhere),
		cmocka_unit_test(unknown_sanitizer_refused),
		cmocka_unit_test(other_names_not_resolved),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
