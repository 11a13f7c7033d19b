// SPDX-License-Identifier: MIT
/*
 * kernel/panic.c and util/license.c: the kernel's taint letters and their
 * print_tainted() columns, the module subset, the one "Disabling lock
 * debugging" line, and the exact list of GPL-compatible licences.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/panic.h"
#include "util/license.h"

#include "helpers.h"

static struct capture cap;

static void letters(void **state)
{
	char buf[32];

	assert_int_equal(umod_taint_letters(0, false, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "");
	/* P F R O E, in bit order */
	assert_int_equal(umod_taint_letters(0x300bul, false, buf, sizeof(buf)), 5);
	assert_string_equal(buf, "PFROE");
	/* R (forced rmmod) is no module's flag: /sys/module/NAME/taint leaves it out */
	assert_int_equal(umod_taint_letters(0x300bul, true, buf, sizeof(buf)), 4);
	assert_string_equal(buf, "PFOE");
	assert_int_equal(umod_taint_letters(1ul << 18, true, buf, sizeof(buf)), 1);
	assert_string_equal(buf, "N");
	/* bits the kernel of 6.1 does not know are not shown */
	assert_int_equal(umod_taint_letters(1ul << 19, false, buf, sizeof(buf)), 0);
	assert_int_equal(umod_taint_letters(0x3001ul, false, buf, 2), 3);
	assert_string_equal(buf, "P");
}

static void print_tainted_columns(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	char buf[64];

	assert_int_equal(umod_host_print_tainted(host, buf, sizeof(buf)), 11);
	assert_string_equal(buf, "Not tainted");
	umod_host_add_taint(host, UMOD_TAINT_OOT_MODULE, UMOD_LOCKDEP_STILL_OK);
	assert_int_equal(cap.n, 0);
	umod_host_print_tainted(host, buf, sizeof(buf));
	assert_string_equal(buf, "Tainted: G           O      ");
	umod_host_add_taint(host, UMOD_TAINT_PROPRIETARY_MODULE, UMOD_LOCKDEP_NOW_UNRELIABLE);
	umod_host_add_taint(host, UMOD_TAINT_FORCED_RMMOD, UMOD_LOCKDEP_NOW_UNRELIABLE);
	umod_host_add_taint(host, UMOD_TAINT_UNSIGNED_MODULE, UMOD_LOCKDEP_STILL_OK);
	umod_host_print_tainted(host, buf, sizeof(buf));
	assert_string_equal(buf, "Tainted: P  R        OE     ");
	assert_true(umod_host_get_taint(host) == 0x3009ul);
	/* said once, by the first taint that makes lock debugging unreliable */
	assert_int_equal(cap.n, 1);
	assert_string_equal(cap.lines[0], "Disabling lock debugging due to kernel taint");
	assert_int_equal(cap.levels[0], 4);
	assert_true(umod_host_test_taint(host, UMOD_TAINT_FORCED_RMMOD));
	assert_false(umod_host_test_taint(host, UMOD_TAINT_FORCED_MODULE));
	assert_int_equal(umod_host_print_tainted(NULL, buf, sizeof(buf)), -EINVAL);
	assert_true(umod_host_get_taint(NULL) == 0);
	umod_host_unref(host);
}

static void gpl_compatible_list(void **state)
{
	static const char *const yes[] = {
		"GPL", "GPL v2", "GPL and additional rights", "Dual BSD/GPL", "Dual MIT/GPL",
		"Dual MPL/GPL",
	};
	static const char *const no[] = {
		"Proprietary", "GPL v3", "gpl", "GPL ", "Dual BSD/GPL v2", "BSD", "MIT", "",
		"unspecified",
	};

	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		assert_true(umod_license_is_gpl_compatible(yes[i]));
	for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		assert_false(umod_license_is_gpl_compatible(no[i]));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(letters),
		cmocka_unit_test(print_tainted_columns),
		cmocka_unit_test(gpl_compatible_list),
	};

	return cmocka_run_group_tests_name("taint", tests, NULL, NULL);
}
