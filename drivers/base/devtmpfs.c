// SPDX-License-Identifier: MIT
/*
 * devtmpfs (Linux's drivers/base/devtmpfs.c): a device with a dev_t gets
 * its node in the host's dev/ (fs/file.c's tree), named as its class's
 * devnode says (misc's nodename, input/event0 ...) or after the device,
 * crw------- unless the devnode gives a mode; the node goes with the
 * device. Directories a nodename needs are made, and left, as devtmpfs
 * leaves them until they are empty.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "drivers/base/base.h"
#include "fs/internal.h"
#include "mm/internal.h"

struct devnode_call {
	struct device *dev;
	unsigned short mode;
	char *name;
};

static long call_devnode(void *arg)
{
	struct devnode_call *c = arg;
	const struct class *cls = c->dev->class;
	const struct device_type *type = c->dev->type;

	if (type && type->devnode)
		c->name = type->devnode(c->dev, &c->mode, NULL, NULL);
	else if (cls && cls->devnode)
		c->name = cls->devnode(c->dev, &c->mode);
	return 0;
}

/* device_get_devnode(): the name below dev/ (malloc'd) and the mode */
static char *devnode_name(struct device *dev, unsigned int *mode)
{
	struct subsys_private *sp = dev->class ? umod_class_private(dev->p->core, dev->class) : NULL;
	struct devnode_call c = { dev, 0, NULL };
	char *name;

	umod_base_call(sp ? sp->owner : NULL, call_devnode, &c);
	*mode = c.mode ? c.mode : 0600;
	name = strdup(c.name ? c.name : umod_dev_name(dev));
	umod_kfree(c.name);	/* the module's kstrdup/kasprintf */
	if (name)
		for (char *p = name; (p = strchr(p, '!')); p++)
			*p = '/';
	return name;
}

/* fs->lock held: the directory below dev/ a nodename's path is in, made on the way */
static struct umod_fs_node *node_dir(struct umod_fs *fs, char *path, char **leaf)
{
	struct umod_fs_node *dir = fs->dev, *sub;
	char *slash;

	while ((slash = strchr(path, '/'))) {
		*slash = '\0';
		sub = umod_fs_child(dir, path);
		if (!sub)
			sub = umod_fs_node_add(dir, path, UMOD_FS_DIR, S_IFDIR | 0755, NULL);
		if (!sub || (sub->mode & S_IFMT) != S_IFDIR)
			return NULL;
		dir = sub;
		path = slash + 1;
	}
	*leaf = path;
	return dir;
}

/* a disk: a device of the block class (6.1 compares with &block_class) */
static bool is_blockdev(struct device *dev)
{
	return dev->class && dev->class->name && !strcmp(dev->class->name, "block");
}

int umod_devtmpfs_create_node(struct device *dev)
{
	struct umod_fs *fs = umod_fs_of(dev->p->core->host);
	struct umod_fs_node *dir, *node = NULL;
	unsigned int mode;
	char *name, *leaf;

	if (!fs)
		return -ENOMEM;
	name = devnode_name(dev, &mode);
	if (!name || !(dev->p->devnode = strdup(name))) {
		free(name);
		return -ENOMEM;
	}
	pthread_mutex_lock(&fs->lock);
	dir = node_dir(fs, name, &leaf);
	if (dir && *leaf && !umod_fs_child(dir, leaf))
		node = umod_fs_node_add(dir, leaf, UMOD_FS_DEV,
					(is_blockdev(dev) ? S_IFBLK : S_IFCHR) | (mode & 07777),
					dev->p->owner);
	if (node)
		node->inode.i_rdev = dev->devt;
	pthread_mutex_unlock(&fs->lock);
	free(name);
	return node ? 0 : -EEXIST;
}

/* the node made for @dev, if it is still its own */
void umod_devtmpfs_delete_node(struct device *dev)
{
	struct umod_fs *fs = umod_fs_of(dev->p->core->host);
	struct umod_fs_node *node;
	char path[512];

	if (!fs || !dev->p->devnode)
		return;
	snprintf(path, sizeof(path), "dev/%s", dev->p->devnode);
	pthread_mutex_lock(&fs->lock);
	node = umod_fs_walk(fs, path);
	if (node && (node->kind == UMOD_FS_DEV || node->kind == UMOD_FS_LINK) &&
	    node->inode.i_rdev == dev->devt)
		umod_fs_node_remove(node);
	pthread_mutex_unlock(&fs->lock);
	free(dev->p->devnode);
	dev->p->devnode = NULL;
}

/*
 * @dev's node becomes a symlink to @target (a tty line's host pty), so
 * that programs open the host's terminal; it goes with the device as the
 * node would.
 */
int umod_devtmpfs_link(struct device *dev, const char *target)
{
	struct umod_fs *fs = umod_fs_of(dev->p->core->host);
	struct umod_fs_node *node;
	char path[512];
	char *link = strdup(target);
	int err = -ENOENT;

	if (!fs || !link || !dev->p->devnode) {
		free(link);
		return link ? -ENOENT : -ENOMEM;
	}
	snprintf(path, sizeof(path), "dev/%s", dev->p->devnode);
	pthread_mutex_lock(&fs->lock);
	node = umod_fs_walk(fs, path);
	if (node && node->kind == UMOD_FS_DEV && node->inode.i_rdev == dev->devt) {
		node->kind = UMOD_FS_LINK;
		node->mode = S_IFLNK | 0777;
		node->link = link;
		node->inode.i_size = (long long)strlen(link);
		link = NULL;
		err = 0;
	}
	pthread_mutex_unlock(&fs->lock);
	free(link);
	return err;
}
