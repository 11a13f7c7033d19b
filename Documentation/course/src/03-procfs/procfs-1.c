// SPDX-License-Identifier: GPL-2.0
/*
 * procfs-1.c: a file in /proc. Its proc_ops' read copies from a kernel
 * buffer to the reader's, starting at *offset; simple_read_from_buffer()
 * does the bounds and the copy_to_user(), and returns 0 (end of file)
 * once everything was read.
 */
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/proc_fs.h>

#define PROC_NAME "course_hello"

static const char message[] = "Hello from /proc!\n";
static struct proc_dir_entry *entry;

static ssize_t hello_read(struct file *file, char __user *buf, size_t count,
			  loff_t *offset)
{
	return simple_read_from_buffer(buf, count, offset, message,
				       sizeof(message) - 1);
}

static const struct proc_ops hello_ops = {
	.proc_read = hello_read,
};

static int __init procfs1_init(void)
{
	entry = proc_create(PROC_NAME, 0444, NULL, &hello_ops);
	if (!entry)
		return -ENOMEM;
	pr_info("/proc/%s created\n", PROC_NAME);
	return 0;
}

static void __exit procfs1_exit(void)
{
	proc_remove(entry);
	pr_info("/proc/%s removed\n", PROC_NAME);
}

module_init(procfs1_init);
module_exit(procfs1_exit);

MODULE_LICENSE("GPL");
