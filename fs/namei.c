// SPDX-License-Identifier: MIT
/*
 * What a user makes in the tree's dev/, as on a devtmpfs: mknod (a node
 * bound to a device number: opening it reaches the cdev registered at that
 * number, or fails with ENXIO as Linux's chrdev_open() does), symlinks,
 * unlink, chmod and chown, so that the driver book's load scripts
 * (rm -f, mknod, ln -sf, chgrp, chmod) run unchanged. Nodes a module made
 * (device_create(), misc_register()) are the module's: they take chmod and
 * chown, but only the module removes them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fs/internal.h"

/*
 * fs->lock held: the directory of @path and its last name in *@name; NULL
 * with *@err: -ENOENT (no such directory), -EPERM (not dev/ or below it:
 * proc/ and sys/ are the modules')
 */
static struct umod_fs_node *parent_of(struct umod_fs *fs, const char *path,
				      const char **name, int *err)
{
	char dir[1024];
	const char *slash = strrchr(path, '/');
	struct umod_fs_node *d;
	size_t len;

	*err = -EPERM;
	if (!slash || !slash[1] || !strcmp(slash + 1, ".") || !strcmp(slash + 1, ".."))
		return NULL;
	len = (size_t)(slash - path);
	*err = -ENAMETOOLONG;
	if (len >= sizeof(dir) || strlen(slash + 1) > 255)
		return NULL;
	memcpy(dir, path, len);
	dir[len] = '\0';
	d = umod_fs_walk(fs, dir);
	*err = d && d->kind != UMOD_FS_DIR ? -ENOTDIR : -ENOENT;
	if (!d || d->kind != UMOD_FS_DIR)
		return NULL;
	*err = -EPERM;
	for (struct umod_fs_node *up = d; up; up = up->parent)
		if (up == fs->dev) {
			*name = slash + 1;
			*err = 0;
			return d;
		}
	return NULL;
}

struct made {
	enum umod_fs_kind kind;
	unsigned int mode, uid, gid, devt;
	char *link;		/* given to the node */
};

/* a new user-made node at @path: -EEXIST, or parent_of()'s errors */
static int make(struct umod_host *host, const char *path, const struct made *m)
{
	struct umod_fs *fs = umod_fs_of(host);
	struct umod_fs_node *dir, *n;
	const char *name;
	int err = 0;

	if (!fs || !path)
		return -EINVAL;
	pthread_mutex_lock(&fs->lock);
	dir = parent_of(fs, path, &name, &err);
	if (!dir && umod_fs_walk(fs, path))
		err = -EEXIST;
	else if (dir && umod_fs_child(dir, name))
		err = -EEXIST;
	else if (dir && !(n = umod_fs_node_add(dir, name, m->kind, m->mode, NULL)))
		err = -ENOMEM;
	else if (dir) {
		n->uid = m->uid;
		n->gid = m->gid;
		n->ids = true;
		n->inode.i_rdev = m->devt;
		n->link = m->link;
		if (m->link)
			n->inode.i_size = (long long)strlen(m->link);
	}
	pthread_mutex_unlock(&fs->lock);
	return err;
}

int umod_fs_mknod(struct umod_host *host, const char *path, unsigned int mode,
		  unsigned int devt, unsigned int uid, unsigned int gid)
{
	struct made m = { UMOD_FS_DEV, mode & (S_IFMT | 07777), uid, gid, devt, NULL };

	if (!S_ISCHR(mode) && !S_ISBLK(mode))
		return -EOPNOTSUPP;
	return make(host, path, &m);
}

int umod_fs_symlink(struct umod_host *host, const char *target, const char *path,
		    unsigned int uid, unsigned int gid)
{
	struct made m = { UMOD_FS_LINK, S_IFLNK | 0777, uid, gid, 0, NULL };
	int err;

	if (!target || !*target || strlen(target) >= 4096)
		return target && *target ? -ENAMETOOLONG : -ENOENT;
	if (!(m.link = strdup(target)))
		return -ENOMEM;
	err = make(host, path, &m);
	if (err)
		free(m.link);
	return err;
}

/* fs->lock held: @fn(@fs, @path, node at @path, @arg); -ENOENT without one */
typedef int (*node_fn)(struct umod_fs *fs, const char *path, struct umod_fs_node *n, void *arg);

static int with_node(struct umod_host *host, const char *path, node_fn fn, void *arg)
{
	struct umod_fs *fs = umod_fs_of(host);
	struct umod_fs_node *n;
	int err;

	if (!fs || !path)
		return -EINVAL;
	pthread_mutex_lock(&fs->lock);
	n = umod_fs_walk(fs, path);
	err = n ? fn(fs, path, n, arg) : -ENOENT;
	pthread_mutex_unlock(&fs->lock);
	return err;
}

struct buf {
	char *p;
	size_t size;
};

static int link_of(struct umod_fs *fs, const char *path, struct umod_fs_node *n, void *arg)
{
	struct buf *b = arg;

	if (n->kind != UMOD_FS_LINK)
		return -EINVAL;
	snprintf(b->p, b->size, "%s", n->link);
	return (int)strlen(n->link);	/* below 4096: umod_fs_symlink() */
}

ssize_t umod_fs_readlink(struct umod_host *host, const char *path, char *buf, size_t size)
{
	struct buf b = { buf, size };

	if (!buf || !size)
		return -EINVAL;
	return with_node(host, path, link_of, &b);
}

int umod_namei_mkdir(struct umod_host *host, const char *path, unsigned int mode,
		     unsigned int uid, unsigned int gid)
{
	struct made m = { UMOD_FS_DIR, S_IFDIR | (mode & 07777), uid, gid, 0, NULL };

	return make(host, path, &m);
}

/* fs->lock held: is @n a user's (not a module's node, and below dev/)? */
static int owned(struct umod_fs *fs, const char *path, struct umod_fs_node *n)
{
	const char *name;
	int err;

	if (!parent_of(fs, path, &name, &err) || n->owner || !n->ids)
		return -EPERM;
	return 0;
}

/* fs->lock held: may a user remove or replace @n (and why not)? */
static int removable(struct umod_fs *fs, const char *path, struct umod_fs_node *n)
{
	int err = owned(fs, path, n);

	if (!err && n->kind == UMOD_FS_DIR && n->children.next != &n->children)
		err = -ENOTEMPTY;
	return err;
}

static int remove_node(struct umod_fs *fs, const char *path, struct umod_fs_node *n,
		       void *dir)
{
	int err;

	if ((n->kind == UMOD_FS_DIR) != *(bool *)dir)
		return *(bool *)dir ? -ENOTDIR : -EISDIR;
	err = removable(fs, path, n);
	if (!err)
		umod_fs_node_remove(n);
	return err;
}

static int remove_name(struct umod_host *host, const char *path, bool dir)
{
	return with_node(host, path, remove_node, &dir);
}

int umod_fs_unlink(struct umod_host *host, const char *path)
{
	return remove_name(host, path, false);
}

int umod_namei_rmdir(struct umod_host *host, const char *path)
{
	return remove_name(host, path, true);
}

/* fs->lock held: @n leaves its directory for @dir, as @name */
static int move(struct umod_fs_node *n, struct umod_fs_node *dir, const char *name)
{
	char *copy = strdup(name);

	if (!copy)
		return -ENOMEM;
	free(n->name);
	n->name = copy;
	n->dentry.d_name.name = (const unsigned char *)copy;
	n->dentry.d_name.len = (unsigned int)strlen(copy);
	umod_list_del(&n->sibling);
	umod_list_add(&n->sibling, dir->children.prev);
	n->parent = dir;
	n->dentry.d_parent = &dir->dentry;
	return 0;
}

/* rename(2) within dev/, of what a user made; @noreplace: RENAME_NOREPLACE */
int umod_fs_rename(struct umod_host *host, const char *from, const char *to, int noreplace)
{
	struct umod_fs *fs = umod_fs_of(host);
	struct umod_fs_node *n, *dir, *old;
	const char *name;
	int err;

	if (!fs || !from || !to)
		return -EINVAL;
	pthread_mutex_lock(&fs->lock);
	n = umod_fs_walk(fs, from);
	dir = parent_of(fs, to, &name, &err);
	if (!n)
		err = -ENOENT;
	else if (dir && !(err = owned(fs, from, n))) {
		for (struct umod_fs_node *up = dir; up && !err; up = up->parent)
			err = up == n ? -EINVAL : 0;	/* into itself */
		old = err ? NULL : umod_fs_child(dir, name);
		if (old && old != n) {
			if (noreplace)
				err = -EEXIST;
			else if ((old->kind == UMOD_FS_DIR) != (n->kind == UMOD_FS_DIR))
				err = old->kind == UMOD_FS_DIR ? -EISDIR : -ENOTDIR;
			else if (!(err = removable(fs, to, old)))
				umod_fs_node_remove(old);
		}
		if (!err && old != n)
			err = move(n, dir, name);
	}
	pthread_mutex_unlock(&fs->lock);
	return err;
}

struct ids {
	unsigned int mode, uid, gid;
};

static int set_node(struct umod_fs *fs, const char *path, struct umod_fs_node *n, void *arg)
{
	struct ids *a = arg;
	const char *name;
	int err;

	if (n->kind == UMOD_FS_LINK || !parent_of(fs, path, &name, &err))
		return -EPERM;	/* proc/ and sys/ keep the modes their makers gave */
	if (a->mode != (unsigned int)-1)
		n->mode = (n->mode & S_IFMT) | (a->mode & 07777);
	if (a->uid != (unsigned int)-1 || a->gid != (unsigned int)-1) {
		if (!n->ids)
			n->uid = n->gid = 0;
		if (a->uid != (unsigned int)-1)
			n->uid = a->uid;
		if (a->gid != (unsigned int)-1)
			n->gid = a->gid;
		n->ids = true;
	}
	n->inode.i_mode = (unsigned short)n->mode;
	return 0;
}

/* chmod(2) and chown(2): (unsigned)-1 leaves that one as it is */
int umod_fs_setattr(struct umod_host *host, const char *path, unsigned int mode,
		    unsigned int uid, unsigned int gid)
{
	struct ids a = { mode, uid, gid };

	return with_node(host, path, set_node, &a);
}

static int get_ids(struct umod_fs *fs, const char *path, struct umod_fs_node *n, void *arg)
{
	struct ids *a = arg;

	if (!n->ids)
		return -ENODATA;
	a->uid = n->uid;
	a->gid = n->gid;
	return 0;
}

int umod_fs_owner(struct umod_host *host, const char *path, unsigned int *uid,
		  unsigned int *gid)
{
	struct ids a;
	int err;

	if (!uid || !gid)
		return -EINVAL;
	err = with_node(host, path, get_ids, &a);
	if (!err) {
		*uid = a.uid;
		*gid = a.gid;
	}
	return err;
}
