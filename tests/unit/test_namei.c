// SPDX-License-Identifier: MIT
/*
 * fs/namei.c: what a user makes in dev/: a node bound to a device number
 * opens the cdev registered there then (ENXIO before, and after it goes),
 * owned as made and chmod/chown'd; symlinks, rename (replacing, or not
 * with RENAME_NOREPLACE), mkdir/rmdir, unlink; proc/ and sys/ take none of
 * it, and a module's own node is not a user's to remove.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>
#include <umod/kabi.h>

#include "fs/internal.h"
#include "kernel/module/module.h"

#include "helpers.h"

static struct capture cap;
static struct module kmod;
static struct umod_host *host;
static struct umod_module *mod;

static long dev_read(struct file *f, char *buf, unsigned long n, long long *pos)
{
	unsigned long (*to_user)(void *, const void *, unsigned long) =
		test_export(host, "copy_to_user");

	if (*pos || n < 3 || to_user(buf, "dev", 3))
		return 0;
	*pos = 3;
	return 3;
}

static const struct file_operations fops = { .read = dev_read };

static int setup(void **state)
{
	host = test_host_new(&cap);
	strcpy(kmod.name, "nameitest");
	mod = fake_module_new(host, "nameitest", &kmod, NULL, 0);
	assert_non_null(mod);
	return 0;
}

static int teardown(void **state)
{
	umod_fs_leftovers(mod);
	fake_module_free(mod);
	umod_host_unref(host);
	return 0;
}

static void test_mknod(void **state)
{
	int (*chrdev)(unsigned int, unsigned int, unsigned int,
		      const char *, const struct file_operations *) =
		test_export(host, "__register_chrdev");
	unsigned int mode, uid, gid;
	struct umod_file *f;
	char buf[8] = "";

	assert_int_equal(umod_fs_mknod(host, "/dev/node", S_IFCHR | 0640, 230u << 20, 7, 8), 0);
	assert_int_equal(umod_fs_open(host, "/dev/node", O_RDONLY, &f), -ENXIO);
	test_module_enter(mod);	/* the module's device */
	assert_int_equal(chrdev(230, 0, 1, "n", &fops), 0);
	test_module_leave();
	assert_int_equal(umod_fs_open(host, "/dev/node", O_RDONLY, &f), 0);
	assert_int_equal(umod_fs_read(f, buf, sizeof(buf), NULL), 3);
	assert_string_equal(buf, "dev");
	umod_fs_release(f);
	umod_fs_leftovers(mod);	/* the module goes: its region with it */
	assert_int_equal(umod_fs_open(host, "/dev/node", O_RDONLY, &f), -ENXIO);
	assert_int_equal(umod_fs_stat(host, "/dev/node", &mode, NULL), 0);
	assert_int_equal(mode, S_IFCHR | 0640);
	assert_int_equal(umod_fs_owner(host, "/dev/node", &uid, &gid), 0);
	assert_true(uid == 7 && gid == 8);
	assert_int_equal(umod_fs_setattr(host, "/dev/node", 0664, -1u, 50), 0);
	assert_int_equal(umod_fs_stat(host, "/dev/node", &mode, NULL), 0);
	assert_int_equal(mode, S_IFCHR | 0664);
	assert_int_equal(umod_fs_owner(host, "/dev/node", &uid, &gid), 0);
	assert_true(uid == 7 && gid == 50);
	assert_int_equal(umod_fs_mknod(host, "/dev/node", S_IFCHR | 0600, 0, 0, 0), -EEXIST);
	assert_int_equal(umod_fs_mknod(host, "/dev/blk", S_IFBLK | 0600, 8u << 20, 0, 0), 0);
	assert_int_equal(umod_fs_open(host, "/dev/blk", O_RDONLY, &f), -ENXIO);
	assert_int_equal(umod_fs_mknod(host, "/dev/fifo", S_IFIFO | 0600, 0, 0, 0), -EOPNOTSUPP);
	assert_int_equal(umod_fs_mknod(host, "/proc/x", S_IFCHR | 0600, 0, 0, 0), -EPERM);
	assert_int_equal(umod_fs_mknod(host, "/dev/no/x", S_IFCHR | 0600, 0, 0, 0), -ENOENT);
	assert_int_equal(umod_fs_setattr(host, "/proc", 0777, -1u, -1u), -EPERM);
	assert_int_equal(umod_fs_unlink(host, "/dev/node"), 0);
	assert_int_equal(umod_fs_unlink(host, "/dev/blk"), 0);
	assert_int_equal(umod_fs_unlink(host, "/dev/node"), -ENOENT);
	assert_int_equal(umod_fs_owner(host, "/dev", &uid, &gid), -ENODATA);
}

static void (*misc_deregister)(struct miscdevice *);

static long deregister_thunk(void *md)
{
	misc_deregister(md);
	return 0;
}

static void test_links_dirs_rename(void **state)
{
	long ret;
	int (*misc_register)(struct miscdevice *) =
		test_export(host, "misc_register");
	struct miscdevice md = { .minor = 255, .name = "modnode", .fops = &fops };
	char buf[64];

	assert_int_equal(umod_fs_mknod(host, "/dev/a", S_IFCHR | 0600, 1, 0, 0), 0);
	assert_int_equal(umod_fs_symlink(host, "a", "/dev/link", 0, 0), 0);
	assert_int_equal(umod_fs_readlink(host, "/dev/link", buf, sizeof(buf)), 1);
	assert_string_equal(buf, "a");
	assert_int_equal(umod_fs_readlink(host, "/dev/a", buf, sizeof(buf)), -EINVAL);
	assert_int_equal(umod_fs_symlink(host, "b", "/dev/tmp", 0, 0), 0);
	assert_int_equal(umod_fs_rename(host, "/dev/tmp", "/dev/link", 1), -EEXIST);
	assert_int_equal(umod_fs_rename(host, "/dev/tmp", "/dev/link", 0), 0);	/* ln -sf */
	assert_int_equal(umod_fs_readlink(host, "/dev/link", buf, sizeof(buf)), 1);
	assert_string_equal(buf, "b");
	assert_int_equal(umod_fs_stat(host, "/dev/tmp", NULL, NULL), -ENOENT);
	assert_int_equal(umod_fs_mkdir(host, "/dev/d", 0755, 0, 0), 0);
	assert_int_equal(umod_fs_rename(host, "/dev/a", "/dev/d/a", 0), 0);
	assert_int_equal(umod_fs_rename(host, "/dev/d", "/dev/d/a", 0), -EINVAL);
	assert_int_equal(umod_fs_mknod(host, "/dev/f", S_IFCHR | 0600, 1, 0, 0), 0);
	assert_int_equal(umod_fs_rename(host, "/dev/f", "/dev/d", 0), -EISDIR);
	assert_int_equal(umod_fs_unlink(host, "/dev/f"), 0);
	assert_int_equal(umod_fs_rmdir(host, "/dev/d"), -ENOTEMPTY);
	assert_int_equal(umod_fs_unlink(host, "/dev/d"), -EISDIR);
	assert_int_equal(umod_fs_unlink(host, "/dev/d/a"), 0);
	assert_int_equal(umod_fs_rmdir(host, "/dev/d"), 0);
	test_module_enter(mod);
	assert_int_equal(misc_register(&md), 0);
	test_module_leave();
	assert_int_equal(umod_fs_unlink(host, "/dev/modnode"), -EPERM);
	assert_int_equal(umod_fs_rename(host, "/dev/link", "/dev/modnode", 0), -EPERM);
	assert_int_equal(umod_fs_setattr(host, "/dev/modnode", 0644, -1u, -1u), 0);
	assert_int_equal(umod_fs_unlink(host, "/dev/link"), 0);
	misc_deregister = test_export(host, "misc_deregister");
	/* as the module's code: misc_deregister() finds the caller's host */
	assert_int_equal(umod_call(mod, deregister_thunk, &md, &ret), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mknod),
		cmocka_unit_test(test_links_dirs_rename),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
