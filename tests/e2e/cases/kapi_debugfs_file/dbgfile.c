// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs files with the module's own file_operations: "greeting" with
 * simple_open, simple_read_from_buffer and a write through copy_from_user;
 * "stats" a seq_file from DEFINE_SHOW_ATTRIBUTE, its data in i_private.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>

static struct dentry *dir;
static char greeting[32] = "hello\n";
static int writes;

static ssize_t greeting_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	const char *g = file->private_data;

	return simple_read_from_buffer(buf, count, ppos, g, strlen(g));
}

static ssize_t greeting_write(struct file *file, const char __user *buf, size_t count,
			      loff_t *ppos)
{
	char *g = file->private_data;

	if (count >= sizeof(greeting))
		return -EINVAL;
	if (copy_from_user(g, buf, count))
		return -EFAULT;
	g[count] = '\0';
	writes++;
	return count;
}

static const struct file_operations greeting_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = greeting_read,
	.write = greeting_write,
	.llseek = default_llseek,
};

static int stats_show(struct seq_file *m, void *v)
{
	int *w = m->private;

	seq_printf(m, "writes: %d\n", *w);
	seq_puts(m, "greeting: ");
	seq_puts(m, greeting);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(stats);

static int __init dbgfile_init(void)
{
	dir = debugfs_create_dir("dbgfile", NULL);
	debugfs_create_file("greeting", 0644, dir, greeting, &greeting_fops);
	debugfs_create_file("stats", 0444, dir, &writes, &stats_fops);
	return 0;
}

static void __exit dbgfile_exit(void)
{
	debugfs_remove_recursive(dir);
}

module_init(dbgfile_init);
module_exit(dbgfile_exit);
MODULE_LICENSE("GPL");
