/*
 * readpaths.c: a seq_file proc entry longer than two pages
 * (/proc/readpaths) and a misc device with a plain read (/dev/readpaths),
 * for reading through every system call that reads.
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>

static const char message[] = "a device read through every path\n";

static int readpaths_show(struct seq_file *m, void *v)
{
	int i;

	for (i = 0; i < 1000; i++)
		seq_printf(m, "line %04d\n", i);
	return 0;
}

static ssize_t readpaths_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	return simple_read_from_buffer(buf, len, ppos, message, sizeof(message) - 1);
}

static const struct file_operations readpaths_fops = {
	.owner = THIS_MODULE,
	.read = readpaths_read,
	.llseek = default_llseek,
};

static struct miscdevice readpaths_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "readpaths",
	.fops = &readpaths_fops,
};

static int __init readpaths_init(void)
{
	int err;

	if (!proc_create_single("readpaths", 0444, NULL, readpaths_show))
		return -ENOMEM;
	err = misc_register(&readpaths_dev);
	if (err)
		remove_proc_entry("readpaths", NULL);
	return err;
}

static void __exit readpaths_exit(void)
{
	misc_deregister(&readpaths_dev);
	remove_proc_entry("readpaths", NULL);
}

module_init(readpaths_init);
module_exit(readpaths_exit);
MODULE_LICENSE("GPL");
