// SPDX-License-Identifier: MIT
/*
 * fs/char_dev.c and drivers/char/misc.c: dynamic majors as 6.1 gives them
 * (254 down), overlapping regions refused, MISC_DYNAMIC_MINOR from 127
 * down, the node reached by dev/char/MAJ:MIN, a module's forgotten
 * regions taken back (reported) when it goes, and the regions walked by
 * major for /proc/devices.
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

static long dev_read(struct file *f, char *buf, unsigned long n, long long *pos)
{
	unsigned long (*to_user)(void *, const void *, unsigned long) = test_export(host, "copy_to_user");
	char msg[32];
	int len = snprintf(msg, sizeof(msg), "minor %u\n", f->f_inode->i_rdev & 0xfffff);

	if (*pos >= len)
		return 0;
	if (n > (unsigned long)(len - *pos))
		n = (unsigned long)(len - *pos);
	n -= to_user(buf, msg + *pos, n);
	*pos += (long long)n;
	return (long)n;
}

static const struct file_operations fops = { .read = dev_read };

static int setup(void **state)
{
	host = test_host_new(&cap);
	assert_non_null(host);
	strcpy(kmod.name, "chartest");
	mod = fake_module_new(host, "chartest", &kmod, NULL, 0);
	assert_non_null(mod);
	test_module_enter(mod);	/* the calls below are the module's */
	return 0;
}

static int teardown(void **state)
{
	test_module_leave();
	fake_module_free(mod);
	umod_host_unref(host);
	return 0;
}

static void test_regions(void **state)
{
	int (*alloc)(unsigned int *, unsigned int, unsigned int,
		     const char *) = test_export(host, "alloc_chrdev_region");
	int (*reg)(unsigned int, unsigned int, const char *) =
		test_export(host, "register_chrdev_region");
	int (*chrdev)(unsigned int, unsigned int, unsigned int,
		      const char *, const struct file_operations *) = test_export(host, "__register_chrdev");
	void (*unreg)(unsigned int, unsigned int) = test_export(host, "unregister_chrdev_region");
	unsigned int dev1, dev2;

	assert_int_equal(alloc(&dev1, 0, 4, "a"), 0);
	assert_int_equal(dev1 >> 20, 254);
	assert_int_equal(alloc(&dev2, 3, 1, "b"), 0);
	assert_int_equal(dev2, (253u << 20) | 3);
	assert_int_equal(reg((254u << 20) | 2, 4, "c"), -EBUSY);	/* overlaps a */
	assert_int_equal(reg((254u << 20) | 4, 4, "c"), 0);		/* after a */
	assert_int_equal(reg(600u << 20, 1, "d"), -EINVAL);
	assert_true(capture_has(&cap, "CHRDEV \"d\" major requested (600) is greater than the maximum (511)"));
	assert_int_equal(chrdev(0, 0, 256, "e", &fops), 252);
	assert_int_equal(chrdev(10, 0, 256, "misc2", &fops), -EBUSY);
	/* unregistering is by caller: run as the module */
	umod_fs_leftovers(mod);
	assert_true(capture_has(&cap, "chartest: exit left char device region 254:0-3 (a) registered: unregistered"));
	assert_int_equal(alloc(&dev1, 0, 1, "again"), 0);
	assert_int_equal(dev1 >> 20, 254);
	(void)unreg;
	umod_fs_leftovers(mod);
}

static int add_line(void *data, unsigned int major, const char *name)
{
	char *out = data;

	snprintf(out + strlen(out), 256 - strlen(out), "%u %s;", major, name);
	return 0;
}

static int stop_at_misc(void *data, unsigned int major, const char *name)
{
	return major == 10 ? -EINTR : 0;
}

/* by major, then by base minor, misc's 10 and input's 13 always: chrdev_show()'s order */
static void test_regions_by_major(void **state)
{
	int (*reg)(unsigned int, unsigned int, const char *) =
		test_export(host, "register_chrdev_region");
	unsigned int dev;
	int (*alloc)(unsigned int *, unsigned int, unsigned int,
		     const char *) = test_export(host, "alloc_chrdev_region");
	char out[256] = "";

	assert_int_equal(reg((300u << 20) | 8, 2, "high"), 0);
	assert_int_equal(reg((300u << 20) | 0, 2, "low"), 0);
	assert_int_equal(alloc(&dev, 0, 1, "dyn"), 0);
	assert_int_equal(reg(4u << 20, 1, "four"), 0);
	assert_int_equal(umod_chrdev_for_each_region(host, add_line, out), 0);
	assert_string_equal(out, "4 four;10 misc;13 input;254 dyn;300 low;300 high;");
	assert_int_equal(umod_chrdev_for_each_region(host, stop_at_misc, NULL), -EINTR);
	umod_fs_leftovers(mod);
	out[0] = '\0';
	assert_int_equal(umod_chrdev_for_each_region(host, add_line, out), 0);
	assert_string_equal(out, "10 misc;13 input;");
}

static void test_dev_char_node(void **state)
{
	int (*chrdev)(unsigned int, unsigned int, unsigned int,
		      const char *, const struct file_operations *) = test_export(host, "__register_chrdev");
	struct umod_file *f;
	char buf[64] = "";
	int64_t pos = 0;
	unsigned int mode;
	int major = chrdev(0, 0, 256, "n", &fops);

	assert_true(major > 0);
	snprintf(buf, sizeof(buf), "/dev/char/%d:7", major);
	assert_int_equal(umod_fs_stat(host, buf, &mode, NULL), 0);
	assert_int_equal(mode, 020600);
	assert_int_equal(umod_fs_open(host, buf, O_RDONLY, &f), 0);
	memset(buf, 0, sizeof(buf));
	assert_int_equal(umod_fs_read(f, buf, sizeof(buf), &pos), 8);
	assert_string_equal(buf, "minor 7\n");
	assert_int_equal(umod_fs_seekable(f), 0);	/* no llseek op: ESPIPE */
	umod_fs_release(f);
	snprintf(buf, sizeof(buf), "/dev/char/%d:0", major + 1);
	assert_int_equal(umod_fs_open(host, buf, O_RDONLY, &f), -ENOENT);
	umod_fs_leftovers(mod);
}

static void test_misc_minors(void **state)
{
	int (*misc_register)(struct miscdevice *) = test_export(host, "misc_register");
	struct miscdevice a = { .minor = 255, .name = "ma", .fops = &fops };
	struct miscdevice b = { .minor = 255, .name = "mb", .fops = &fops, .mode = 0644 };
	struct miscdevice c = { .minor = 126, .name = "mc", .fops = &fops };
	struct miscdevice dup = { .minor = 255, .name = "ma", .fops = &fops };
	char buf[16] = "";
	unsigned int mode;

	assert_int_equal(misc_register(&a), 0);
	assert_int_equal(a.minor, 127);
	assert_int_equal(misc_register(&b), 0);
	assert_int_equal(b.minor, 126);
	assert_int_equal(misc_register(&c), -EBUSY);	/* a static minor taken */
	assert_int_equal(misc_register(&dup), -EEXIST);	/* the name */
	assert_int_equal(umod_fs_stat(host, "dev/mb", &mode, NULL), 0);
	assert_int_equal(mode, 020644);
	/* the class device (drivers/base/): its dev file in /sys/devices/virtual/misc */
	assert_int_equal(umod_sysfs_read(host, "/sys/devices/virtual/misc/ma/dev", buf,
					 sizeof(buf)), 7);
	assert_string_equal(buf, "10:127\n");
	umod_misc_leftovers(mod);
	assert_true(capture_has(&cap, "chartest: exit left misc device ma registered: deregistered"));
	assert_int_equal(umod_fs_stat(host, "dev/ma", NULL, NULL), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regions),
		cmocka_unit_test(test_regions_by_major),
		cmocka_unit_test(test_dev_char_node),
		cmocka_unit_test(test_misc_minors),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
