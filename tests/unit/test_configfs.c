// SPDX-License-Identifier: MIT
/*
 * fs/configfs/: item names and references as 6.1's (a long name is
 * allocated and freed with the item, release runs once, at the last put),
 * and mkdir/rmdir outside configfs's groups. The tree itself, with a
 * module's subsystem, is e2e's kapi_configfs.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fs/configfs/configfs_internal.h"
#include "helpers.h"
#include "kapi_lookup.h"

static int releases;

static void release(struct config_item *item)
{
	releases++;
}

static struct configfs_item_operations item_ops = { .release = release };
static const struct config_item_type child_type = { .ct_item_ops = &item_ops };

static void names_and_references(void **state)
{
	int (*set_name)(struct config_item *, const char *, ...) =
		kapi_in(&umod_kapi_configfs_item, "config_item_set_name");
	struct config_item *(*get_unless_zero)(struct config_item *) =
		kapi_in(&umod_kapi_configfs_item, "config_item_get_unless_zero");
	struct config_item item = { 0 };

	releases = 0;
	item.ci_type = &child_type;
	item.ci_kref.refcount.refs.counter = 1;
	assert_int_equal(set_name(&item, "%s-%d", "short", 1), 0);
	assert_ptr_equal(item.ci_name, item.ci_namebuf);
	assert_string_equal(item.ci_name, "short-1");
	assert_int_equal(set_name(&item, "%s", "a name longer than twenty bytes"), 0);
	assert_ptr_not_equal(item.ci_name, item.ci_namebuf);
	assert_string_equal(item.ci_name, "a name longer than twenty bytes");
	assert_ptr_equal(umod_configfs_item_get(&item), &item);
	umod_configfs_item_put(&item);
	assert_int_equal(releases, 0);
	umod_configfs_item_put(&item);
	assert_int_equal(releases, 1);
	assert_null(item.ci_name);	/* the long name went with it */
	assert_null(get_unless_zero(&item));
}

static int host_setup(void **state)
{
	static struct capture cap;

	*state = test_host_new(&cap);
	return 0;
}

static int host_teardown(void **state)
{
	umod_host_unref(*state);
	return 0;
}

/* mkdir(2) and rmdir(2) mean something in configfs's groups only */
static void mkdir_outside_groups(void **state)
{
	struct umod_host *host = *state;

	assert_int_equal(umod_fs_stat(host, "sys/kernel/config", NULL, NULL), 0);
	assert_int_equal(umod_fs_mkdir(host, "proc/x", 0755, 0, 0), -EPERM);
	assert_int_equal(umod_fs_mkdir(host, "nosuch/x", 0755, 0, 0), -ENOENT);
	assert_int_equal(umod_fs_mkdir(host, "proc/sys", 0755, 0, 0), -EEXIST);
	assert_int_equal(umod_fs_mkdir(host, "sys/kernel/config/new", 0755, 0, 0), -EPERM);
	assert_int_equal(umod_fs_rmdir(host, "sys/kernel/config"), -EPERM);
	assert_int_equal(umod_fs_rmdir(host, "proc/sys/kernel/nosuch"), -ENOENT);
	assert_int_equal(umod_fs_rmdir(host, "proc/dynamic_debug/control"), -ENOTDIR);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_and_references),
		cmocka_unit_test_setup_teardown(mkdir_outside_groups, host_setup, host_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
