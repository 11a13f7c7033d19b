// SPDX-License-Identifier: GPL-2.0
/*
 * procfs-2.c: a longer /proc file with seq_file. The file is a sequence
 * of records (here the squares of 1..count): start() finds the record at
 * a position, next() moves on, show() prints one, stop() ends a pass.
 * seq_file keeps the buffer, so reads of any size at any offset work.
 * Writing a number to the file changes count.
 */
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>

static unsigned long count = 5;

static void *squares_start(struct seq_file *m, loff_t *pos)
{
	/* the position itself is the record: 0 is "1", 1 is "2"... */
	return *pos < count ? pos : NULL;
}

static void *squares_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return squares_start(m, pos);
}

static void squares_stop(struct seq_file *m, void *v)
{
}

static int squares_show(struct seq_file *m, void *v)
{
	unsigned long n = *(loff_t *)v + 1;

	seq_printf(m, "%lu squared is %lu\n", n, n * n);
	return 0;
}

static const struct seq_operations squares_seq_ops = {
	.start = squares_start,
	.next = squares_next,
	.stop = squares_stop,
	.show = squares_show,
};

static int squares_open(struct inode *inode, struct file *file)
{
	return seq_open(file, &squares_seq_ops);
}

static ssize_t squares_write(struct file *file, const char __user *buf,
			     size_t len, loff_t *offset)
{
	char text[16];
	unsigned long n;
	int err;

	if (len >= sizeof(text))
		return -EINVAL;
	if (copy_from_user(text, buf, len))
		return -EFAULT;
	text[len] = '\0';
	err = kstrtoul(text, 10, &n);	/* takes one trailing newline */
	if (err)
		return err;
	if (n > 1000)
		return -EINVAL;
	count = n;
	return len;
}

static const struct proc_ops squares_ops = {
	.proc_open = squares_open,
	.proc_read = seq_read,
	.proc_lseek = seq_lseek,
	.proc_release = seq_release,
	.proc_write = squares_write,
};

static int __init procfs2_init(void)
{
	if (!proc_create("course_squares", 0644, NULL, &squares_ops))
		return -ENOMEM;
	return 0;
}

static void __exit procfs2_exit(void)
{
	remove_proc_entry("course_squares", NULL);
}

module_init(procfs2_init);
module_exit(procfs2_exit);

MODULE_LICENSE("GPL");
