// SPDX-License-Identifier: GPL-2.0
/*
 * A char device whose read tells the minor of the node it was opened
 * through, found as the driver book's silly.c finds it: through
 * file_dentry(), the dentry's inode and iminor().
 */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/uaccess.h>

static int major;

static ssize_t dentry_read(struct file *filp, char __user *buf, size_t count,
			   loff_t *pos)
{
	struct dentry *dentry = file_dentry(filp);
	char line[32];
	int len;

	len = snprintf(line, sizeof(line), "minor %u, inode %s\n",
		       iminor(dentry->d_inode),
		       dentry->d_inode == file_inode(filp) ? "same" : "other");
	return simple_read_from_buffer(buf, count, pos, line, len);
}

static const struct file_operations dentry_fops = {
	.owner = THIS_MODULE,
	.read = dentry_read,
};

static int __init dentry_init(void)
{
	major = register_chrdev(0, "dentry", &dentry_fops);
	return major < 0 ? major : 0;
}

static void __exit dentry_exit(void)
{
	unregister_chrdev(major, "dentry");
}

module_init(dentry_init);
module_exit(dentry_exit);
MODULE_LICENSE("GPL");
