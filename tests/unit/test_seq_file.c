// SPDX-License-Identifier: MIT
/*
 * fs/seq_file.c through procfs and the public file calls: a record
 * iterator read whole, one byte at a time and from the middle gives the
 * same bytes; a record larger than a page makes the buffer double and the
 * record is produced again; lseek walks back to an offset; single_open's
 * show runs once per open.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <umod/kabi.h>

#include "fs/internal.h"

#include "helpers.h"

static struct capture cap;
static struct module kmod;
static struct umod_host *host;
static struct umod_module *mod;

#define NREC	300
static int shows, starts, big_shows;

static void *rec_start(struct seq_file *m, long long *pos)
{
	starts++;
	return *pos < NREC ? (void *)(uintptr_t)(*pos + 1) : NULL;
}

static void *rec_next(struct seq_file *m, void *v, long long *pos)
{
	++*pos;
	return *pos < NREC ? (void *)(uintptr_t)(*pos + 1) : NULL;
}

static void rec_stop(struct seq_file *m, void *v)
{
}

static int rec_show(struct seq_file *m, void *v)
{
	void (*seq_printf)(struct seq_file *, const char *, ...) = test_export(host, "seq_printf");

	shows++;
	seq_printf(m, "record %3lu %.*s\n", (unsigned long)(uintptr_t)v,
		   (int)((uintptr_t)v % 17), "abcdefghijklmnopq");
	return 0;
}

static const struct seq_operations rec_ops = { rec_start, rec_stop, rec_next, rec_show };

/* one record of 9000 bytes: more than two pages */
static int big_show(struct seq_file *m, void *v)
{
	void (*seq_putc)(struct seq_file *, char) = test_export(host, "seq_putc");

	big_shows++;
	for (int i = 0; i < 9000; i++)
		seq_putc(m, (char)('a' + i % 26));
	return 0;
}

static int setup(void **state)
{
	struct proc_dir_entry *(*create_seq)(const char *, unsigned short,
					     struct proc_dir_entry *,
					     const struct seq_operations *, unsigned int, void *);
	struct proc_dir_entry *(*create_single)(const char *, unsigned short,
						struct proc_dir_entry *,
						int (*)(struct seq_file *, void *), void *);

	host = test_host_new(&cap);
	assert_non_null(host);
	strcpy(kmod.name, "seqtest");
	mod = fake_module_new(host, "seqtest", &kmod, NULL, 0);
	assert_non_null(mod);
	create_seq = test_export(host, "proc_create_seq_private");
	create_single = test_export(host, "proc_create_single_data");
	test_module_enter(mod);	/* the module's entries */
	assert_non_null(create_seq("recs", 0444, NULL, &rec_ops, 0, NULL));
	assert_non_null(create_single("big", 0444, NULL, big_show, NULL));
	test_module_leave();
	return 0;
}

static int teardown(void **state)
{
	umod_fs_leftovers(mod);
	fake_module_free(mod);
	umod_host_unref(host);
	return 0;
}

/* reads @path in @chunk-byte reads from @off into @buf; the total */
static size_t read_all(const char *path, size_t chunk, int64_t off, char *buf, size_t size)
{
	struct umod_file *f;
	size_t total = 0;
	ssize_t n;

	assert_int_equal(umod_fs_open(host, path, O_RDONLY, &f), 0);
	while (total < size && (n = umod_fs_read(f, buf + total,
						  chunk < size - total ? chunk : size - total,
						  &off)) > 0)
		total += (size_t)n;
	assert_true(n >= 0 || total == size);
	umod_fs_release(f);
	return total;
}

static void test_same_bytes_any_chunk(void **state)
{
	static char whole[32768], part[32768];
	size_t len = read_all("/proc/recs", 65536, 0, whole, sizeof(whole));

	assert_true(len > 4096);	/* more than one buffer's worth */
	assert_memory_equal(whole, "record   1 a\n", 13);
	for (size_t chunk = 1; chunk <= 4099; chunk = chunk * 3 + 1) {
		memset(part, 0, sizeof(part));
		assert_int_equal(read_all("/proc/recs", chunk, 0, part, sizeof(part)), len);
		assert_memory_equal(part, whole, len);
	}
}

static void test_restart_from_middle(void **state)
{
	static char whole[32768], part[32768];
	size_t len = read_all("/proc/recs", 65536, 0, whole, sizeof(whole));

	for (int64_t off = 1; off < (int64_t)len; off += 997) {
		size_t n = read_all("/proc/recs", 100, off, part, sizeof(part));

		assert_int_equal(n, len - (size_t)off);
		assert_memory_equal(part, whole + off, n);
	}
}

static void test_lseek(void **state)
{
	static char whole[32768];
	size_t len = read_all("/proc/recs", 65536, 0, whole, sizeof(whole));
	struct umod_file *f;
	char buf[32];

	assert_int_equal(umod_fs_open(host, "proc/recs", O_RDONLY, &f), 0);
	assert_int_equal(umod_fs_llseek(f, 2000, SEEK_SET), 2000);
	assert_int_equal(umod_fs_read(f, buf, sizeof(buf), NULL), sizeof(buf));
	assert_memory_equal(buf, whole + 2000, sizeof(buf));
	assert_int_equal(umod_fs_llseek(f, 0, SEEK_CUR), 2000 + sizeof(buf));
	assert_int_equal(umod_fs_llseek(f, -10, SEEK_CUR), 2000 + sizeof(buf) - 10);
	assert_int_equal(umod_fs_llseek(f, 0, SEEK_END), -EINVAL);	/* seq_lseek */
	assert_int_equal(umod_fs_llseek(f, -1, SEEK_SET), -EINVAL);
	assert_int_equal(umod_fs_llseek(f, (int64_t)len + 5, SEEK_SET), (int64_t)len + 5);
	assert_int_equal(umod_fs_read(f, buf, sizeof(buf), NULL), 0);
	umod_fs_release(f);
}

static void test_buffer_grows(void **state)
{
	static char buf[20000];
	size_t len;

	big_shows = 0;
	len = read_all("/proc/big", 65536, 0, buf, sizeof(buf));
	assert_int_equal(len, 9000);
	/* 4096, then 8192, then 16384: shown three times to fit */
	assert_int_equal(big_shows, 3);
	assert_int_equal(buf[8999], (char)('a' + 8999 % 26));
	/* byte by byte from a new open: the same, one show per buffer size again */
	memset(buf, 0, sizeof(buf));
	assert_int_equal(read_all("/proc/big", 1, 0, buf, sizeof(buf)), 9000);
	assert_int_equal(buf[4321], (char)('a' + 4321 % 26));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_bytes_any_chunk),
		cmocka_unit_test(test_restart_from_middle),
		cmocka_unit_test(test_lseek),
		cmocka_unit_test(test_buffer_grows),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
