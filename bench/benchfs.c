/* benchfs.c: a 4 KiB proc file, a 4 KiB misc device and a parameter
 * (its sysfs attribute), for fsread */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/proc_fs.h>
#include <linux/string.h>

static char page[4096];
static int level = 3;
module_param(level, int, 0644);

static ssize_t bf_read(struct file *f, char __user *buf, size_t n, loff_t *pos)
{
	return simple_read_from_buffer(buf, n, pos, page, sizeof(page));
}

static const struct proc_ops bf_proc_ops = { .proc_read = bf_read };
static const struct file_operations bf_fops = { .owner = THIS_MODULE, .read = bf_read };
static struct miscdevice bf_dev = { .minor = MISC_DYNAMIC_MINOR, .name = "benchfs",
				    .fops = &bf_fops, .mode = 0444 };

static int __init bf_init(void)
{
	memset(page, 'x', sizeof(page));
	if (!proc_create("benchfs", 0444, NULL, &bf_proc_ops))
		return -ENOMEM;
	return misc_register(&bf_dev);
}

static void __exit bf_exit(void)
{
	misc_deregister(&bf_dev);
	remove_proc_entry("benchfs", NULL);
}

module_init(bf_init);
module_exit(bf_exit);
MODULE_LICENSE("GPL");
