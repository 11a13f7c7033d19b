// SPDX-License-Identifier: GPL-2.0
/*
 * memo.c: a character device that remembers what was last written to it.
 * A device number (major:minor) is asked for, a cdev binds it to the
 * file_operations, and a class device makes udev (here umod's tree)
 * create /dev/memo. Each open is counted; reads start at the file's
 * position, so cat reads the memo once and then gets end of file.
 */
#include <linux/cdev.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

#define MEMO_SIZE 64

static dev_t memo_dev;
static struct cdev memo_cdev;
static struct class *memo_class;

static DEFINE_MUTEX(memo_lock);	/* guards memo, memo_len and opens */
static char memo[MEMO_SIZE] = "nothing yet\n";
static size_t memo_len = 12;
static unsigned int opens;

static int memo_open(struct inode *inode, struct file *file)
{
	mutex_lock(&memo_lock);
	opens++;
	mutex_unlock(&memo_lock);
	return 0;
}

static ssize_t memo_read(struct file *file, char __user *buf, size_t count,
			 loff_t *offset)
{
	ssize_t ret;

	mutex_lock(&memo_lock);
	ret = simple_read_from_buffer(buf, count, offset, memo, memo_len);
	mutex_unlock(&memo_lock);
	return ret;
}

static ssize_t memo_write(struct file *file, const char __user *buf,
			  size_t count, loff_t *offset)
{
	ssize_t ret;

	mutex_lock(&memo_lock);
	ret = simple_write_to_buffer(memo, MEMO_SIZE, offset, buf, count);
	if (ret > 0)
		memo_len = *offset;
	else if (ret == 0 && count)
		ret = -ENOSPC;	/* 0 would make the writer try again forever */
	mutex_unlock(&memo_lock);
	return ret;
}

static int memo_release(struct inode *inode, struct file *file)
{
	pr_info("memo: closed; opened %u times so far\n", opens);
	return 0;
}

static const struct file_operations memo_fops = {
	.owner = THIS_MODULE,	/* an open file holds the module */
	.open = memo_open,
	.read = memo_read,
	.write = memo_write,
	.release = memo_release,
	.llseek = default_llseek,
};

static int __init memo_init(void)
{
	struct device *dev;
	int err;

	err = alloc_chrdev_region(&memo_dev, 0, 1, "memo");
	if (err)
		return err;
	cdev_init(&memo_cdev, &memo_fops);
	err = cdev_add(&memo_cdev, memo_dev, 1);
	if (err)
		goto unregister;
	memo_class = class_create(THIS_MODULE, "memo");
	if (IS_ERR(memo_class)) {
		err = PTR_ERR(memo_class);
		goto del_cdev;
	}
	dev = device_create(memo_class, NULL, memo_dev, NULL, "memo");
	if (IS_ERR(dev)) {
		err = PTR_ERR(dev);
		goto destroy_class;
	}
	pr_info("memo: device %d:%d\n", MAJOR(memo_dev), MINOR(memo_dev));
	return 0;

destroy_class:
	class_destroy(memo_class);
del_cdev:
	cdev_del(&memo_cdev);
unregister:
	unregister_chrdev_region(memo_dev, 1);
	return err;
}

static void __exit memo_exit(void)
{
	device_destroy(memo_class, memo_dev);
	class_destroy(memo_class);
	cdev_del(&memo_cdev);
	unregister_chrdev_region(memo_dev, 1);
}

module_init(memo_init);
module_exit(memo_exit);

MODULE_LICENSE("GPL");
