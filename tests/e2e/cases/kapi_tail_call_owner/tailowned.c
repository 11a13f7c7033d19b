// SPDX-License-Identifier: GPL-2.0
/*
 * An init whose last statement is a tail call: "return misc_register()"
 * compiles to a jump, so misc_register() returns straight to the code
 * that called the init, not into this module. The device and the /proc
 * entry are the module's all the same: an open holds its use count, and
 * what its exit forgets is reported and taken back at unload.
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>

static int tail_show(struct seq_file *m, void *v)
{
	seq_puts(m, "proc entry\n");
	return 0;
}

static ssize_t tail_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	return simple_read_from_buffer(buf, len, ppos, "misc device\n", 12);
}

static const struct file_operations tail_fops = {
	.owner = THIS_MODULE,
	.read = tail_read,
};

static struct miscdevice tail_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "tailowned",
	.fops = &tail_fops,
};

static int __init tail_init(void)
{
	if (!proc_create_single("tailowned", 0444, NULL, tail_show))
		return -ENOMEM;
	return misc_register(&tail_dev);
}

static void __exit tail_exit(void)
{
	pr_info("tailowned: exit, forgetting its device and /proc entry\n");
}

module_init(tail_init);
module_exit(tail_exit);
MODULE_LICENSE("GPL");
