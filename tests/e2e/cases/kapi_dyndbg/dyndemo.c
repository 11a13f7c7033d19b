// SPDX-License-Identifier: GPL-2.0
/*
 * A module written for Linux 6.1 with dynamic debug call sites: pr_debug()
 * in init and exit, in a proc write handler, print_hex_dump_debug(), and a
 * site of its own made with DEFINE_DYNAMIC_DEBUG_METADATA.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/dynamic_debug.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/proc_fs.h>
#include <linux/uaccess.h>

static int ticks;

static void dyndemo_tick(int n)
{
	pr_debug("tick %d\n", n);
	pr_debug("tock\tafter tick %d\n", n);
}

static void dyndemo_dump(void)
{
	static const u8 bytes[20] = "dynamic debug dump!";
	DEFINE_DYNAMIC_DEBUG_METADATA(own, "own site %d\n");

	print_hex_dump_debug("dump: ", DUMP_PREFIX_OFFSET, 16, 1, bytes, sizeof(bytes), true);
	if (DYNAMIC_DEBUG_BRANCH(own))
		__dynamic_pr_debug(&own, "own site %d\n", ticks);
}

static ssize_t dyndemo_write(struct file *file, const char __user *buf, size_t len,
			     loff_t *off)
{
	dyndemo_tick(++ticks);
	dyndemo_dump();
	pr_info("wrote %zu bytes\n", len);
	return len;
}

static const struct proc_ops dyndemo_ops = {
	.proc_write = dyndemo_write,
};

static int __init dyndemo_init(void)
{
	pr_debug("init: %s\n", "debug on at load");
	if (!proc_create("dyndemo", 0200, NULL, &dyndemo_ops))
		return -ENOMEM;
	return 0;
}

static void __exit dyndemo_exit(void)
{
	remove_proc_entry("dyndemo", NULL);
	pr_debug("exit after %d ticks\n", ticks);
}

module_init(dyndemo_init);
module_exit(dyndemo_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("dynamic debug call sites");
