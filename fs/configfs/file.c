// SPDX-License-Identifier: MIT
/*
 * configfs attribute files (Linux 6.1's fs/configfs/file.c): an open file
 * holds the attribute's module (ca_owner) and a page; the first read fills
 * the page with show() and later reads serve it; each write hands store()
 * at most a page less one byte, NUL-terminated, and marks the page to be
 * filled again. The ops run as the attribute's module's code.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/module/module.h"
#include "fs/configfs/configfs_internal.h"

#define SIMPLE_ATTR_SIZE	4096

struct attr_buffer {
	char page[SIMPLE_ATTR_SIZE];
	long count;
	bool filled;
	struct module *owner;		/* ca_owner, held while open */
};

static struct configfs_attribute *attr_of(const struct file *file)
{
	return file->f_inode->i_private;
}

/* the item of the directory the attribute is in */
static struct config_item *item_of(const struct file *file)
{
	const struct umod_fs_node *n = umod_container_of(file->f_inode, struct umod_fs_node,
							 inode);
	const struct configfs_dirent *sd = n->parent->inode.i_private;

	return sd->item;
}

static int attr_open(struct inode *inode, struct file *file)
{
	struct configfs_attribute *attr = inode->i_private;
	struct umod_module *owner = umod_configfs_umod(attr->ca_owner);
	struct attr_buffer *b = calloc(1, sizeof(*b));

	if (!b)
		return -ENOMEM;
	if (owner && !umod_refcount_try_get(owner)) {
		free(b);
		return -ENODEV;
	}
	if (((file->f_mode & UMOD_FMODE_WRITE) && !attr->store) ||
	    ((file->f_mode & UMOD_FMODE_READ) && !attr->show)) {
		if (owner)
			umod_refcount_put(owner);
		free(b);
		return -EACCES;
	}
	b->owner = attr->ca_owner;
	file->private_data = b;
	return 0;
}

static long attr_read(struct file *file, char *buf, unsigned long n, long long *ppos)
{
	struct attr_buffer *b = file->private_data;

	if (!b->filled) {
		memset(b->page, 0, sizeof(b->page));
		b->count = attr_of(file)->show(item_of(file), b->page);
		if (b->count < 0)
			return b->count;
		if (b->count > SIMPLE_ATTR_SIZE)
			return -EIO;
		b->filled = true;
	}
	if (*ppos >= b->count)
		return 0;
	if (n > (unsigned long)(b->count - *ppos))
		n = (unsigned long)(b->count - *ppos);
	memcpy(buf, b->page + *ppos, n);
	*ppos += (long long)n;
	return (long)n;
}

/* one write is one store: partial writes are not put together */
static long attr_write(struct file *file, const char *buf, unsigned long n, long long *ppos)
{
	struct attr_buffer *b = file->private_data;
	long ret;

	if (!n)
		return -EFAULT;
	if (n > SIMPLE_ATTR_SIZE - 1)
		n = SIMPLE_ATTR_SIZE - 1;
	memcpy(b->page, buf, n);
	b->page[n] = '\0';
	b->filled = false;
	ret = attr_of(file)->store(item_of(file), b->page, n);
	if (ret > 0)
		*ppos += ret;
	return ret;
}

static int attr_release(struct inode *inode, struct file *file)
{
	struct attr_buffer *b = file->private_data;
	struct umod_module *owner = umod_configfs_umod(b->owner);

	if (owner)
		umod_refcount_put(owner);
	free(b);
	return 0;
}

const struct proc_ops umod_configfs_attr_ops = {
	.proc_open = attr_open,
	.proc_read = attr_read,
	.proc_write = attr_write,
	.proc_lseek = umod_default_llseek,
	.proc_release = attr_release,
};
