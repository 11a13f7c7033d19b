// SPDX-License-Identifier: MIT
/*
 * fs/proc/generic.c: entries appear under proc/ with their modes, a second
 * entry of the same name gets the kernel's warning and NULL, removal of an
 * entry with a file open releases that file (proc_entry_rundown) and its
 * reads fail, and what a module's exit forgets is reported and removed.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <umod/kabi.h>

#include "fs/internal.h"

#include "helpers.h"

static struct capture cap;
static struct module kmod;
static struct umod_host *host;
static struct umod_module *mod;
static int releases;

typedef struct proc_dir_entry *(*create_fn)(const char *, unsigned short,
					    struct proc_dir_entry *, const struct proc_ops *,
					    void *);
typedef struct proc_dir_entry *(*mkdir_fn)(const char *, unsigned short,
					   struct proc_dir_entry *, void *);

static long p_read(struct file *f, char *buf, unsigned long n, long long *pos)
{
	void *(*pde_data)(const struct inode *) = test_export(host, "pde_data");
	const char *s = pde_data(f->f_inode);
	long (*rd)(void *, unsigned long, long long *, const void *, unsigned long) =
		test_export(host, "simple_read_from_buffer");

	return rd(buf, n, pos, s, strlen(s));
}

static int p_release(struct inode *inode, struct file *f)
{
	releases++;
	return 0;
}

static const struct proc_ops ops = { .proc_read = p_read, .proc_release = p_release };

static int setup(void **state)
{
	host = test_host_new(&cap);
	assert_non_null(host);
	strcpy(kmod.name, "proctest");
	mod = fake_module_new(host, "proctest", &kmod, NULL, 0);
	assert_non_null(mod);
	test_module_enter(mod);	/* the calls below are the module's */
	return 0;
}

static int teardown(void **state)
{
	test_module_leave();
	umod_fs_leftovers(mod);
	fake_module_free(mod);
	umod_host_unref(host);
	return 0;
}

static int count_entry(void *data, const char *name, unsigned int mode)
{
	++*(int *)data;
	return 0;
}

static void test_create_and_clash(void **state)
{
	create_fn create = test_export(host, "proc_create_data");
	mkdir_fn mkdir = test_export(host, "proc_mkdir_data");
	void (*remove)(const char *, struct proc_dir_entry *) =
		test_export(host, "remove_proc_entry");
	struct proc_dir_entry *dir;
	unsigned int mode;
	int n = 0;

	assert_non_null(create("one", 0, NULL, &ops, "1\n"));
	assert_int_equal(umod_fs_stat(host, "/proc/one", &mode, NULL), 0);
	assert_int_equal(mode, 0100444);	/* S_IRUGO by default */
	assert_null(create("one", 0644, NULL, &ops, NULL));
	assert_string_equal(capture_last(&cap), "proc_dir_entry '/proc/one' already registered");
	dir = mkdir("d", 0, NULL, NULL);
	assert_non_null(dir);
	assert_int_equal(umod_fs_stat(host, "/proc/d", &mode, NULL), 0);
	assert_int_equal(mode, 040555);
	assert_non_null(create("d/two", 0600, NULL, &ops, "2\n"));	/* a path */
	assert_null(create("two", 0600, dir, &ops, NULL));
	assert_string_equal(capture_last(&cap), "proc_dir_entry 'd/two' already registered");
	assert_int_equal(umod_fs_list(host, "/proc/d", count_entry, &n), 0);
	assert_int_equal(n, 1);
	remove("d", NULL);
	assert_string_equal(capture_last(&cap), "remove_proc_entry: removing non-empty directory '/proc/d', leaking at least 'two'");
	remove("nothing", NULL);
	assert_string_equal(capture_last(&cap), "name 'nothing'");
	remove("one", NULL);
	assert_int_equal(umod_fs_stat(host, "/proc/one", NULL, NULL), -ENOENT);
}

static void test_access_and_eio(void **state)
{
	create_fn create = test_export(host, "proc_create_data");
	void (*proc_remove)(struct proc_dir_entry *) = test_export(host, "proc_remove");
	struct proc_dir_entry *de = create("ro", 0444, NULL, &ops, "hello\n");
	struct umod_file *f;
	char buf[16] = "";
	int64_t pos = 0;

	/* the mode is the VFS's to check: root opens it, the write is EIO */
	assert_int_equal(umod_fs_open(host, "proc/ro", O_WRONLY, &f), 0);
	assert_int_equal(umod_fs_write(f, "x", 1, NULL), -EIO);
	umod_fs_release(f);
	releases = 0;
	assert_int_equal(umod_fs_open(host, "proc", O_RDONLY, &f), -EISDIR);
	assert_int_equal(umod_fs_open(host, "proc/ro", O_RDONLY, &f), 0);
	assert_int_equal(umod_fs_read(f, buf, 3, &pos), 3);
	assert_int_equal(umod_fs_read(f, buf + 3, 10, &pos), 3);
	assert_string_equal(buf, "hello\n");
	assert_int_equal(umod_fs_write(f, "x", 1, NULL), -EBADF);
	releases = 0;
	proc_remove(de);
	assert_int_equal(releases, 1);	/* released by the removal */
	pos = 0;
	assert_int_equal(umod_fs_read(f, buf, 3, &pos), -EIO);
	umod_fs_release(f);
	assert_int_equal(releases, 1);	/* not twice */
}

static int show_nothing(struct umod_fs_node *node, char *buf, size_t size)
{
	return 0;
}

static void test_leftovers(void **state)
{
	create_fn create = test_export(host, "proc_create_data");
	mkdir_fn mkdir = test_export(host, "proc_mkdir_data");
	struct proc_dir_entry *dir = mkdir("left", 0, NULL, NULL);
	struct umod_file *f;

	assert_non_null(create("inner", 0444, dir, &ops, "x"));
	/* the host's directory: only what the module made inside is a leftover */
	assert_non_null(umod_proc_text(host, "other/text", 0444, show_nothing, NULL));
	assert_non_null(create("other/deep", 0444, NULL, &ops, "x"));
	assert_int_equal(umod_fs_open(host, "proc/left/inner", O_RDONLY, &f), 0);
	releases = 0;
	umod_fs_leftovers(mod);
	assert_true(capture_has(&cap, "proctest: exit left /proc/left: removed"));
	assert_true(capture_has(&cap, "proctest: exit left /proc/other/deep: removed"));
	assert_int_equal(umod_fs_stat(host, "/proc/other", NULL, NULL), 0);
	assert_int_equal(releases, 1);
	assert_int_equal(umod_fs_stat(host, "/proc/left", NULL, NULL), -ENOENT);
	umod_fs_release(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_create_and_clash),
		cmocka_unit_test(test_access_and_eio),
		cmocka_unit_test(test_leftovers),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
