// SPDX-License-Identifier: MIT
/*
 * lib/iov_iter.c: a user buffer (ITER_UBUF) is copied through the checked
 * user copies, so a copy stops at the end of the request's window; kernel
 * vectors are walked segment by segment, across empty ones; the data
 * direction is enforced (a READ iterator is not copied from); ITER_DISCARD
 * swallows bytes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/module/module.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"
#include "kernel/time/timekeeping.h"
#include "kernel/printk/internal.h"
#include "fs/internal.h"
#include "lib/iov_iter.h"
#include "lib/usercopy.h"

#define ITER_DEST	0
#define ITER_SOURCE	1

struct vec {
	void *base;
	size_t len;
};

static void test_ubuf_in_window(void **state)
{
	struct umod_uwindow save;
	struct iov_iter it;
	char user[8];

	umod_uaccess_enter(&save, user, sizeof(user));
	umod_iov_iter_ubuf(&it, ITER_DEST, user, 16);	/* claims more than the window */
	assert_int_equal(umod_copy_to_iter("0123456789abcdef", 5, &it), 5);
	assert_int_equal(it.count, 11);
	assert_int_equal(it.iov_offset, 5);
	/* 3 fit before the window ends: a short copy, as at a fault */
	assert_int_equal(umod_copy_to_iter("XYZW", 4, &it), 3);
	assert_memory_equal(user, "01234XYZ", 8);
	assert_int_equal(it.count, 8);
	umod_uaccess_leave(&save);
}

static void test_direction(void **state)
{
	struct umod_uwindow save;
	struct iov_iter it;
	char user[8] = "abcdefg", k[8] = "";

	umod_uaccess_enter(&save, user, sizeof(user));
	umod_iov_iter_ubuf(&it, ITER_DEST, user, 8);
	assert_int_equal(umod_copy_from_iter(k, 4, &it), 0);	/* a read's iterator */
	umod_iov_iter_ubuf(&it, ITER_SOURCE, user, 8);
	assert_int_equal(umod_copy_to_iter("x", 1, &it), 0);	/* a write's */
	assert_int_equal(umod_copy_from_iter(k, 4, &it), 4);
	assert_memory_equal(k, "abcd", 4);
	umod_uaccess_leave(&save);
}

static void test_kvec_segments(void **state)
{
	char a[3], b[1], c[4];
	struct vec v[4] = { { a, 3 }, { NULL, 0 }, { b, 1 }, { c, 4 } };
	struct iov_iter it;

	memset(&it, 0, sizeof(it));
	it.iter_type = UMOD_ITER_KVEC;
	it.kvec = (const void *)v;
	it.nr_segs = 4;
	it.count = 8;
	assert_int_equal(umod_copy_to_iter("ABCDEFGHIJ", 10, &it), 8);	/* all there is */
	assert_memory_equal(a, "ABC", 3);
	assert_memory_equal(b, "D", 1);
	assert_memory_equal(c, "EFGH", 4);
	assert_int_equal(it.count, 0);
	assert_int_equal(it.nr_segs, 0);
}

static void test_advance_and_zero(void **state)
{
	char a[4] = "aaaa", b[4] = "bbbb";
	struct vec v[2] = { { a, 4 }, { b, 4 } };
	struct iov_iter it;

	memset(&it, 0, sizeof(it));
	it.iter_type = UMOD_ITER_KVEC;
	it.kvec = (const void *)v;
	it.nr_segs = 2;
	it.count = 8;
	umod_iov_iter_advance(&it, 3);
	assert_int_equal(umod_iov_iter_zero(3, &it), 3);
	assert_memory_equal(a, "aaa\0", 4);
	assert_memory_equal(b, "\0\0bb", 4);
	assert_int_equal(it.count, 2);
	assert_int_equal(it.nr_segs, 1);
	assert_int_equal(it.iov_offset, 2);
}

static void test_discard(void **state)
{
	struct iov_iter it;

	memset(&it, 0, sizeof(it));
	it.iter_type = UMOD_ITER_DISCARD;
	it.count = 10;
	assert_int_equal(umod_copy_to_iter("0123456789xyz", 13, &it), 10);
	assert_int_equal(it.count, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ubuf_in_window),
		cmocka_unit_test(test_direction),
		cmocka_unit_test(test_kvec_segments),
		cmocka_unit_test(test_advance_and_zero),
		cmocka_unit_test(test_discard),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
