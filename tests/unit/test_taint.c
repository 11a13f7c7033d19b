// SPDX-License-Identifier: MIT
/*
 * kernel/panic.c and util/license.c: the kernel's taint letters and their
 * print_tainted() columns, the module subset, the one "Disabling lock
 * debugging" line, add_taint()/test_taint()/get_taint() as module code
 * calls them, and the exact list of GPL-compatible licences.
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
#include "kapi_lookup.h"
#include "kernel/kapi.h"
#include "kernel/module/internal.h"

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

#define TAINT_USER	6	/* U, which the host itself never sets */

/* the exports, run as a fake module's code: they act on the calling host */
struct taint_call {
	unsigned int flag;
	int lockdep;
	int tested;
	unsigned long all;
};

static long taint_from_module(void *arg)
{
	struct taint_call *c = arg;

	KAPI_FN(&umod_kapi_panic, "add_taint", void (*)(unsigned int, int))(c->flag, c->lockdep);
	c->tested = KAPI_FN(&umod_kapi_panic, "test_taint", int (*)(unsigned int))(c->flag);
	c->all = KAPI_FN(&umod_kapi_panic, "get_taint", unsigned long (*)(void))();
	return 0;
}

static void add_taint_from_module_code(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct module kmod;
	struct umod_module *mod = fake_module_new(host, "tainter", &kmod, NULL, 0);
	struct taint_call user = { .flag = TAINT_USER };
	struct taint_call warn = { .flag = UMOD_TAINT_WARN, .lockdep = 1 };
	struct taint_call bogus = { .flag = 64 };
	long ret;
	char buf[64];

	assert_non_null(mod);
	cap.n = 0;
	assert_int_equal(umod_call(mod, taint_from_module, &user, &ret), 0);
	assert_int_equal(user.tested, 1);
	assert_true(user.all == 1ul << TAINT_USER);
	assert_int_equal(cap.n, 0);			/* LOCKDEP_STILL_OK: nothing said */
	assert_int_equal(umod_call(mod, taint_from_module, &warn, &ret), 0);
	assert_true(warn.all == (1ul << TAINT_USER | 1ul << UMOD_TAINT_WARN));
	assert_true(capture_has(&cap, "Disabling lock debugging due to kernel taint"));
	umod_host_print_tainted(host, buf, sizeof(buf));
	assert_string_equal(buf, "Tainted: G     U  W         ");
	/* a flag the kernel has no letter for is ignored */
	assert_int_equal(umod_call(mod, taint_from_module, &bogus, &ret), 0);
	assert_int_equal(bogus.tested, 0);
	assert_true(bogus.all == warn.all);
	/* host code calling them outside any module: no host, nothing tainted */
	taint_from_module(&user);
	assert_int_equal(user.tested, 0);
	assert_true(user.all == 0);
	fake_module_free(mod);
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
		cmocka_unit_test(add_taint_from_module_code),
		cmocka_unit_test(gpl_compatible_list),
	};

	return cmocka_run_group_tests_name("taint", tests, NULL, NULL);
}
