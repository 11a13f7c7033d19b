/*
 * badread.c: a misc device whose read dereferences NULL when asked to
 * (a write of "crash"), and answers "ok\n" otherwise.
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/uaccess.h>

static int crash;

static ssize_t bad_read(struct file *f, char __user *buf, size_t n, loff_t *pos)
{
	if (crash) {
		int *p = NULL;

		crash = 0;
		return *(volatile int *)p;
	}
	return simple_read_from_buffer(buf, n, pos, "ok\n", 3);
}

static ssize_t bad_write(struct file *f, const char __user *buf, size_t n, loff_t *pos)
{
	char word[8] = "";

	if (copy_from_user(word, buf, min(n, sizeof(word) - 1)))
		return -EFAULT;
	crash = !strncmp(word, "crash", 5);
	return n;
}

static const struct file_operations bad_fops = {
	.owner = THIS_MODULE,
	.read = bad_read,
	.write = bad_write,
};

static struct miscdevice bad_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "badread",
	.fops = &bad_fops,
};

module_misc_device(bad_dev);
MODULE_LICENSE("GPL");
