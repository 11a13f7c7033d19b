// SPDX-License-Identifier: MIT
/*
 * kernel/stacktrace.c: a trace saved by module code holds the return
 * addresses into the module's own functions, innermost first, and ends
 * where the host's frames begin (tests/modules/stktrace.c: three frames,
 * inner, outer and init); skipnr and size cut it; stack_trace_print()
 * writes one "%pS" line per entry indented by spaces + 1, and
 * stack_trace_snprint() returns the length of what it generated until the
 * buffer was full, as 6.1's; a NULL array is a WARN. Outside module code
 * there is nothing to walk.
 */
#include <regex.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "helpers.h"
#include "kapi_lookup.h"
#include "kernel/kapi.h"
#include "kernel/module/internal.h"

#define MODULES		UMOD_TEST_MODULES "/"

static struct capture cap;

/* the captured line matching @re, or NULL */
static const char *line_matching(const char *re)
{
	regex_t r;
	const char *found = NULL;

	assert_int_equal(regcomp(&r, re, REG_EXTENDED | REG_NOSUB), 0);
	for (int i = 0; i < cap.n && !found; i++)
		if (!regexec(&r, cap.lines[i], 0, NULL, 0))
			found = cap.lines[i];
	regfree(&r);
	return found;
}

static void module_frames(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	int i;

	assert_non_null(host);
	assert_int_equal(umod_module_insert_file(host, MODULES "stktrace.ko", "", 0, NULL), 0);
	assert_true(capture_has(&cap, "stktrace: skip 1: 2"));
	assert_true(capture_has(&cap, "stktrace: room for 1: 1"));
	assert_true(capture_has(&cap, "stktrace: 3 entries"));
	/* "   inner+0x1c/0x40 [stktrace]": three spaces, the functions innermost first */
	for (i = 0; i < cap.n; i++)
		if (!strcmp(cap.lines[i], "stktrace: 3 entries"))
			break;
	assert_true(i + 3 < cap.n);
	assert_non_null(strstr(cap.lines[i + 1], "   inner+0x"));
	assert_non_null(strstr(cap.lines[i + 2], "   outer+0x"));
	assert_non_null(strstr(cap.lines[i + 3], "   stktrace_init+0x"));
	for (int k = 1; k <= 3; k++)
		assert_non_null(strstr(cap.lines[i + k], " [stktrace]"));
	/* the first line's length (it fills the 16 bytes), 15 of it kept */
	assert_non_null(line_matching("^stktrace: snprint [0-9]+, kept 15$"));
	assert_int_equal(umod_module_remove(host, "stktrace", 0), 0);
	umod_host_unref(host);
}

static void host_code_has_no_trace(void **state)
{
	unsigned int (*save)(unsigned long *, unsigned int, unsigned int) =
		KAPI_FN(&umod_kapi_stacktrace, "stack_trace_save",
			unsigned int (*)(unsigned long *, unsigned int, unsigned int));
	int (*snprint)(char *, size_t, const unsigned long *, unsigned int, int) =
		KAPI_FN(&umod_kapi_stacktrace, "stack_trace_snprint",
			int (*)(char *, size_t, const unsigned long *, unsigned int, int));
	unsigned long store[4] = { 0 };
	char buf[8] = "x";

	assert_int_equal(save(store, 4, 0), 0);
	assert_int_equal(store[0], 0);
	assert_int_equal(snprint(buf, sizeof(buf), NULL, 3, 0), 0);
	assert_int_equal(snprint(buf, sizeof(buf), store, 0, 0), 0);
	assert_string_equal(buf, "x");
}

/* a NULL array: WARN_ON(!entries), as 6.1, from the module that passed it */
static long print_null(void *arg)
{
	KAPI_FN(&umod_kapi_stacktrace, "stack_trace_print",
		void (*)(const unsigned long *, unsigned int, int))(NULL, 2, 0);
	return KAPI_FN(&umod_kapi_stacktrace, "stack_trace_snprint",
		       int (*)(char *, size_t, const unsigned long *, unsigned int, int))
		(arg, 8, NULL, 2, 0);
}

static void null_entries_warn(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct module kmod;
	struct umod_module *mod = fake_module_new(host, "nullst", &kmod, NULL, 0);
	char buf[8] = "x";
	long ret = -1;

	assert_non_null(mod);
	assert_int_equal(umod_call(mod, print_null, buf, &ret), 0);
	assert_int_equal(ret, 0);
	assert_string_equal(buf, "x");
	assert_non_null(line_matching("^WARNING: CPU: [0-9]+ PID: [0-9]+ at kernel/stacktrace.c:28 stack_trace_print"));
	assert_non_null(line_matching("^WARNING: CPU: [0-9]+ PID: [0-9]+ at kernel/stacktrace.c:51 stack_trace_snprint"));
	fake_module_free(mod);
	umod_host_unref(host);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(module_frames),
		cmocka_unit_test(host_code_has_no_trace),
		cmocka_unit_test(null_entries_warn),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
