// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs: /sys/kernel/debug/dbgcount/ with a u32 counter, its x32 view of
 * a mask, a bool and a read-only u64, removed recursively at exit.
 */
#include <linux/debugfs.h>
#include <linux/module.h>

static struct dentry *dir;
static u32 counter = 7;
static u32 mask = 0xbeef;
static bool enabled = true;
static u64 total = 12345678901ULL;

static int __init dbgcount_init(void)
{
	dir = debugfs_create_dir("dbgcount", NULL);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	debugfs_create_u32("counter", 0644, dir, &counter);
	debugfs_create_x32("mask", 0600, dir, &mask);
	debugfs_create_bool("enabled", 0644, dir, &enabled);
	debugfs_create_u64("total", 0444, dir, &total);
	/* a second directory of the same name is refused, in debugfs's words */
	if (IS_ERR(debugfs_create_dir("dbgcount", NULL)))
		pr_info("dbgcount: second directory refused\n");
	return 0;
}

static void __exit dbgcount_exit(void)
{
	pr_info("dbgcount: counter=%u mask=%#x enabled=%d\n", counter, mask, enabled);
	debugfs_remove_recursive(dir);
}

module_init(dbgcount_init);
module_exit(dbgcount_exit);
MODULE_LICENSE("GPL");
