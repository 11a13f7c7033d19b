// SPDX-License-Identifier: MIT
/*
 * lib/usercopy.c: copies against the thread's user window return the bytes
 * NOT copied (a copy running past the window copies what fits); outside
 * any operation nothing is user memory; windows nest.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "lib/usercopy.h"

static void test_no_window(void **state)
{
	char k[8] = "kernel", u[8];

	assert_int_equal(umod_copy_to_user(u, k, sizeof(k)), sizeof(k));
	assert_int_equal(umod_copy_from_user(k, u, 4), 4);
	assert_memory_equal(k, "\0\0\0\0", 4);	/* what failed is zeroed */
	assert_false(umod_access_ok(u, 1));
	assert_true(umod_access_ok(u, 0));
}

static void test_bounds(void **state)
{
	struct umod_uwindow save;
	char user[16], k[32];

	memset(k, 'k', sizeof(k));
	umod_uaccess_enter(&save, user, sizeof(user));
	assert_int_equal(umod_copy_to_user(user, k, 16), 0);
	assert_int_equal(umod_copy_to_user(user + 10, k, 10), 4);	/* 6 fit */
	assert_int_equal(umod_copy_to_user(user + 16, k, 1), 1);
	assert_int_equal(umod_copy_to_user(user - 1, k, 2), 2);
	assert_true(umod_access_ok(user + 8, 8));
	assert_false(umod_access_ok(user + 8, 9));
	memcpy(user, "hello\0world", 12);
	assert_int_equal(umod_strncpy_from_user(k, user, sizeof(k)), 5);
	assert_string_equal(k, "hello");
	assert_int_equal(umod_strncpy_from_user(k, user, 3), 3);
	assert_int_equal(umod_strnlen_user(user, 16), 6);
	memset(user, 'x', sizeof(user));
	assert_int_equal(umod_strncpy_from_user(k, user, 32), -14);	/* runs out: EFAULT */
	assert_int_equal(umod_strnlen_user(user, 32), 0);
	assert_int_equal(umod_clear_user(user + 12, 8), 4);
	assert_int_equal(user[15], 0);
	umod_uaccess_leave(&save);
	assert_int_equal(umod_copy_to_user(user, k, 1), 1);
}

static void test_nesting(void **state)
{
	struct umod_uwindow s1, s2;
	char a[4], b[4], k[4] = "abc";

	umod_uaccess_enter(&s1, a, sizeof(a));
	umod_uaccess_enter(&s2, b, sizeof(b));
	assert_int_equal(umod_copy_to_user(a, k, 4), 4);
	assert_int_equal(umod_copy_to_user(b, k, 4), 0);
	umod_uaccess_leave(&s2);
	assert_int_equal(umod_copy_to_user(a, k, 4), 0);
	umod_uaccess_leave(&s1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_window),
		cmocka_unit_test(test_bounds),
		cmocka_unit_test(test_nesting),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
