/*
 * modes.c: a 0444 proc entry that can only be read, a misc device that
 * can only be read, and a read-only parameter.
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/proc_fs.h>

static int level = 3;
module_param(level, int, 0444);

static const char text[] = "read only\n";

static ssize_t modes_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	return simple_read_from_buffer(buf, len, ppos, text, sizeof(text) - 1);
}

static const struct proc_ops modes_proc_ops = {
	.proc_read = modes_read,
};

static const struct file_operations modes_fops = {
	.owner = THIS_MODULE,
	.read = modes_read,
};

static struct miscdevice modes_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "modes",
	.fops = &modes_fops,
};

static int __init modes_init(void)
{
	int err;

	if (!proc_create("modes", 0444, NULL, &modes_proc_ops))
		return -ENOMEM;
	err = misc_register(&modes_dev);
	if (err)
		remove_proc_entry("modes", NULL);
	return err;
}

static void __exit modes_exit(void)
{
	misc_deregister(&modes_dev);
	remove_proc_entry("modes", NULL);
}

module_init(modes_init);
module_exit(modes_exit);
MODULE_LICENSE("GPL");
