// SPDX-License-Identifier: MIT
/*
 * fs/debugfs/: each simple type read as Linux 6.1 formats it and written
 * as simple_attr_write() parses (kstrtoull, base 0, 23 bytes looked at),
 * bool as Y/N and kstrtobool, blob read-only; directories below
 * /sys/kernel/debug (0700), duplicates refused in debugfs's words, removal
 * recursive and NULL/error-safe.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <umod/kabi/kobject.h>

#include "kernel/kapi.h"
#include "kernel/module/internal.h"

#include "helpers.h"

static struct capture cap;
static struct module kmod;
static struct umod_module *mod;
static struct umod_host *host;
static struct dentry *dir;

struct dentry;

static const void *kapi(const char *name)
{
	for (size_t j = 0; j < umod_kapi_debugfs.n; j++)
		if (!strcmp(umod_kapi_debugfs.v[j].name, name))
			return umod_kapi_debugfs.v[j].addr;
	fail_msg("no export %s", name);
	return NULL;
}

typedef void (*create_fn)(const char *, unsigned short, struct dentry *, void *);
typedef struct dentry *(*dir_fn)(const char *, struct dentry *);

/* debugfs_create_@type(), called by the module */
static void create_in(const char *type, const char *name, unsigned short mode,
		      struct dentry *parent, void *value)
{
	char fn[64];

	snprintf(fn, sizeof(fn), "debugfs_create_%s", type);
	test_module_enter(mod);
	((create_fn)kapi(fn))(name, mode, parent, value);
	test_module_leave();
}

static void create(const char *type, const char *name, unsigned short mode, void *value)
{
	create_in(type, name, mode, dir, value);
}

static struct dentry *mkdir_(const char *name, struct dentry *parent)
{
	struct dentry *d;

	test_module_enter(mod);
	d = ((dir_fn)kapi("debugfs_create_dir"))(name, parent);
	test_module_leave();
	return d;
}

static void rm(struct dentry *d)
{
	((void (*)(struct dentry *))kapi("debugfs_remove"))(d);
}

static int setup(void **state)
{
	host = test_host_new(&cap);
	if (!host)
		return -1;
	mod = fake_module_new(host, "dbg", &kmod, NULL, 0);
	if (!mod)
		return -1;
	umod_refcount_init(mod);
	umod_refcount_init_done(mod);
	dir = mkdir_("t", NULL);
	return dir && (uintptr_t)dir < (uintptr_t)-4095 ? 0 : -1;
}

static int teardown(void **state)
{
	rm(dir);
	fake_module_free(mod);
	umod_host_unref(host);
	return 0;
}

static const char *rd(const char *name)
{
	static char buf[128];
	char path[128];
	ssize_t n;

	snprintf(path, sizeof(path), "/sys/kernel/debug/t/%s", name);
	n = umod_sysfs_read(host, path, buf, sizeof(buf));
	if (n < 0)
		snprintf(buf, sizeof(buf), "%zd", n);
	return buf;
}

static ssize_t wr(const char *name, const char *s)
{
	char path[128];

	snprintf(path, sizeof(path), "/sys/kernel/debug/t/%s", name);
	return umod_sysfs_write(host, path, s, strlen(s));
}

static void unsigned_types(void **state)
{
	uint8_t u8 = 255;
	uint16_t u16 = 65535;
	uint32_t u32 = 4000000000u;
	uint64_t u64 = UINT64_MAX;
	unsigned long ul = 17;
	size_t sz = 4096;

	create("u8", "u8", 0644, &u8);
	create("u16", "u16", 0644, &u16);
	create("u32", "u32", 0644, &u32);
	create("u64", "u64", 0644, &u64);
	create("ulong", "ulong", 0644, &ul);
	create("size_t", "size_t", 0644, &sz);
	assert_string_equal(rd("u8"), "255\n");
	assert_string_equal(rd("u16"), "65535\n");
	assert_string_equal(rd("u32"), "4000000000\n");
	assert_string_equal(rd("u64"), "18446744073709551615\n");
	assert_string_equal(rd("ulong"), "17\n");
	assert_string_equal(rd("size_t"), "4096\n");

	assert_int_equal(wr("u32", "42\n"), 3);
	assert_int_equal(u32, 42);
	assert_int_equal(wr("u32", "0x10"), 4);		/* base 0 */
	assert_int_equal(u32, 16);
	assert_int_equal(wr("u32", "010"), 3);
	assert_int_equal(u32, 8);
	assert_int_equal(wr("u32", "-1"), -EINVAL);	/* kstrtoull, as 6.1 */
	assert_int_equal(wr("u32", "12abc"), -EINVAL);
	assert_int_equal(u32, 8);
	assert_int_equal(wr("u8", "300"), 3);		/* cut to the type, silently */
	assert_int_equal(u8, 44);
	/* 23 bytes are looked at: "...0001" of "...0001234" (octal 1); all taken */
	assert_int_equal(wr("u64", "00000000000000000000001234"), 26);
	assert_int_equal(u64, 1);
}

static void hex_types(void **state)
{
	uint8_t x8 = 0xa;
	uint16_t x16 = 0xbe;
	uint32_t x32 = 0xbeef;
	uint64_t x64 = 1;

	create("x8", "x8", 0600, &x8);
	create("x16", "x16", 0600, &x16);
	create("x32", "x32", 0600, &x32);
	create("x64", "x64", 0600, &x64);
	assert_string_equal(rd("x8"), "0x0a\n");
	assert_string_equal(rd("x16"), "0x00be\n");
	assert_string_equal(rd("x32"), "0x0000beef\n");
	assert_string_equal(rd("x64"), "0x0000000000000001\n");
	assert_int_equal(wr("x32", "255"), 3);
	assert_string_equal(rd("x32"), "0x000000ff\n");
}

static void bool_and_atomic(void **state)
{
	bool b = false;
	atomic_t a = { -3 };

	create("bool", "b", 0644, &b);
	create("atomic_t", "a", 0644, &a);
	assert_string_equal(rd("b"), "N\n");
	assert_int_equal(wr("b", "y\n"), 2);
	assert_string_equal(rd("b"), "Y\n");
	assert_int_equal(wr("b", "off"), 3);
	assert_false(b);
	assert_int_equal(wr("b", "on"), 2);
	assert_true(b);
	assert_int_equal(wr("b", "maybe"), -EINVAL);
	assert_true(b);
	assert_string_equal(rd("a"), "-3\n");
	assert_int_equal(wr("a", "7"), 1);
	assert_int_equal(a.counter, 7);
}

static void modes_and_blob(void **state)
{
	uint32_t v = 1;
	static char data[] = "raw\0bytes";
	struct debugfs_blob_wrapper blob = { data, sizeof(data) - 1 };
	enum umod_sysfs_type type;
	unsigned int mode;
	char buf[32];

	create("u32", "ro", 0444, &v);
	create("u32", "wo", 0200, &v);
	assert_int_equal(wr("ro", "5"), -EACCES);
	assert_string_equal(rd("wo"), "-13");
	assert_int_equal(wr("wo", "5"), 1);
	assert_int_equal(v, 5);
	create("blob", "blob", 0644, &blob);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/debug/t/blob", &type, &mode), 0);
	assert_int_equal(mode, 0444);		/* read-only in 6.1 */
	assert_int_equal(umod_sysfs_read(host, "/sys/kernel/debug/t/blob", buf, sizeof(buf)), 9);
	assert_memory_equal(buf, "raw\0bytes", 9);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/debug", &type, &mode), 0);
	assert_int_equal(mode, 0700);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/debug/t", &type, &mode), 0);
	assert_int_equal(mode, 0755);
}

static void dirs_duplicates_and_removal(void **state)
{
	uint32_t v = 1;
	struct dentry *sub = mkdir_("sub", dir), *again;

	assert_true((uintptr_t)sub < (uintptr_t)-4095);
	again = mkdir_("sub", dir);
	assert_int_equal((intptr_t)again, -EEXIST);
	assert_string_equal(capture_last(&cap),
			    "debugfs: Directory 'sub' with parent 't' already present!");
	create("u32", "v", 0644, &v);
	create("u32", "v", 0644, &v);
	assert_string_equal(capture_last(&cap),
			    "debugfs: File 'v' in directory 't' already present!");
	mkdir_("t", NULL);
	assert_string_equal(capture_last(&cap),
			    "debugfs: Directory 't' with parent '/' already present!");
	/* an error parent is passed back; removing NULL or an error does nothing */
	assert_ptr_equal(mkdir_("x", again), again);
	rm(NULL);
	rm(again);
	create_in("u32", "deep", 0644, sub, &v);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/debug/t/sub/deep", NULL, NULL), 0);
	rm(sub);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/debug/t/sub", NULL, NULL), -ENOENT);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/debug/t/v", NULL, NULL), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(unsigned_types, setup, teardown),
		cmocka_unit_test_setup_teardown(hex_types, setup, teardown),
		cmocka_unit_test_setup_teardown(bool_and_atomic, setup, teardown),
		cmocka_unit_test_setup_teardown(modes_and_blob, setup, teardown),
		cmocka_unit_test_setup_teardown(dirs_duplicates_and_removal, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
