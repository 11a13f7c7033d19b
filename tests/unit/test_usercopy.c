// SPDX-License-Identifier: MIT
/*
 * lib/usercopy.c: copies against the thread's user window return the bytes
 * NOT copied (a copy running past the window copies what fits); outside
 * any operation nothing is user memory; windows nest. A process's memory
 * (here our own, through process_vm_readv/writev as for a caller) is
 * copied up to the first page that faults.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

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

/* two pages, the second unmapped: a copy across them does the first part */
static char *page_then_hole(void)
{
	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	assert_ptr_not_equal(p, MAP_FAILED);
	assert_int_equal(munmap(p + 4096, 4096), 0);
	return p;
}

static void test_process(void **state)
{
	struct umod_uwindow save;
	char *p = page_then_hole(), k[32];

	/* qemu-user (the arm64 suite) has no process_vm_readv() */
	if (umod_uaccess_reachable(getpid()) == -ENOSYS) {
		munmap(p, 4096);
		skip();
	}
	assert_int_equal(umod_uaccess_reachable(getpid()), 1);
	assert_int_equal(umod_uaccess_reachable(0), -ESRCH);
	umod_uaccess_enter_process(&save, getpid());
	assert_int_equal(umod_copy_to_user(p, "hello", 6), 0);
	assert_string_equal(p, "hello");
	assert_int_equal(umod_copy_to_user(p + 4090, "0123456789", 10), 4);	/* 6 fit */
	assert_memory_equal(p + 4090, "012345", 6);
	memset(k, 'k', sizeof(k));
	assert_int_equal(umod_copy_from_user(k, p + 4094, 8), 6);
	assert_memory_equal(k, "45\0\0\0\0\0\0", 8);	/* the rest zeroed */
	assert_int_equal(umod_copy_from_user(k, (void *)16, 4), 4);
	assert_int_equal(umod_strncpy_from_user(k, p, sizeof(k)), 5);
	assert_string_equal(k, "hello");
	assert_int_equal(umod_strncpy_from_user(k, p, 3), 3);
	assert_int_equal(umod_strnlen_user(p, 32), 6);
	assert_int_equal(umod_strnlen_user(p, 4), 5);
	assert_int_equal(umod_strncpy_from_user(k, p + 4090, 32), -14);	/* into the hole */
	assert_int_equal(umod_strnlen_user(p + 4090, 32), 0);
	assert_int_equal(umod_clear_user(p + 4092, 8), 4);
	assert_memory_equal(p + 4092, "\0\0\0\0", 4);
	assert_true(umod_access_ok(p, 8192));	/* a range check, as Linux's */
	assert_false(umod_access_ok((void *)-4096L, 1));
	umod_uaccess_leave(&save);
	assert_int_equal(umod_copy_to_user(p, k, 1), 1);
	munmap(p, 4096);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_window),
		cmocka_unit_test(test_bounds),
		cmocka_unit_test(test_nesting),
		cmocka_unit_test(test_process),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
