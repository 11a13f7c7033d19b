// SPDX-License-Identifier: MIT
/*
 * mm/filemap.c: without a page cache, generic_file_read_iter() ends a read
 * at the inode's size (a device node's 0), as filemap_read() does, and
 * refuses what it would take from cached pages; generic_file_write_iter()
 * refuses any byte, and both pass an empty request.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <umod/kabi/fs.h>

#include "kapi_lookup.h"

typedef long (*iter_fn)(struct kiocb *iocb, struct iov_iter *iter);

static long call(const char *name, long long size, long long pos, unsigned long count)
{
	struct inode inode = { .i_size = size };
	struct file file = { .f_inode = &inode };
	struct kiocb iocb = { .ki_filp = &file, .ki_pos = pos };
	struct iov_iter iter = { .count = count };
	iter_fn fn = KAPI_FN(&umod_kapi_filemap, name, iter_fn);

	assert_non_null(fn);
	return fn(&iocb, &iter);
}

static void test_read_at_size_is_eof(void **state)
{
	assert_int_equal(call("generic_file_read_iter", 0, 0, 16), 0);
	assert_int_equal(call("generic_file_read_iter", 80, 80, 16), 0);
	assert_int_equal(call("generic_file_read_iter", 80, 100, 16), 0);
}

static void test_read_below_size_refused(void **state)
{
	assert_int_equal(call("generic_file_read_iter", 80, 0, 16), -EINVAL);
	assert_int_equal(call("generic_file_read_iter", 80, 79, 0), 0);
}

static void test_write_refused(void **state)
{
	assert_int_equal(call("generic_file_write_iter", 0, 0, 5), -EINVAL);
	assert_int_equal(call("generic_file_write_iter", 0, 0, 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_at_size_is_eof),
		cmocka_unit_test(test_read_below_size_refused),
		cmocka_unit_test(test_write_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
