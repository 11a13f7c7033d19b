// SPDX-License-Identifier: MIT
/*
 * A module that recurses without end: in its init when loaded with
 * deep_init=1, in the read of /proc/deep otherwise. Each frame keeps a
 * buffer the compiler cannot drop, so the stack runs into its guard page.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/string.h>

static bool deep_init;
module_param(deep_init, bool, 0444);
static unsigned long depth_max = ~0ul;
module_param(depth_max, ulong, 0444);

static noinline unsigned long dive(unsigned long depth)
{
	volatile char frame[256];

	memset((char *)frame, (int)depth, sizeof(frame));
	if (depth == depth_max)
		return 0;
	return dive(depth + 1) + frame[depth % sizeof(frame)];
}

static ssize_t deep_read(struct file *f, char __user *buf, size_t n, loff_t *pos)
{
	return (ssize_t)dive(0);
}

static const struct proc_ops deep_ops = {
	.proc_read = deep_read,
};

static int __init deep_init_fn(void)
{
	if (deep_init)
		return (int)dive(0);
	return proc_create("deep", 0444, NULL, &deep_ops) ? 0 : -ENOMEM;
}

static void __exit deep_exit(void)
{
	remove_proc_entry("deep", NULL);
}

module_init(deep_init_fn);
module_exit(deep_exit);
MODULE_LICENSE("GPL");
