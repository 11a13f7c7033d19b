// SPDX-License-Identifier: MIT
/*
 * The daemon's /sys: the host's model of /sys/module (kernel/module/sysfs.c, the
 * only one there is) under a root holding just module/; and beside it the
 * two /proc files about modules (procfs.c). Paths here are
 * absolute within /sys ("/", "/module", "/module/hellop/initstate"); the
 * model's are relative to /sys/module.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include <umod/umod.h>

#include "daemon.h"

/* the model's path for @path, or NULL for the root (or outside module/) */
static const char *model_path(const char *path, bool *root)
{
	while (*path == '/')
		path++;
	*root = !*path;
	if (strncmp(path, "module", 6) || (path[6] && path[6] != '/'))
		return NULL;
	return path + 6;
}

static mode_t st_mode(enum umod_sysfs_type type, unsigned int mode)
{
	return (type == UMOD_SYSFS_DIR ? S_IFDIR : type == UMOD_SYSFS_LINK ? S_IFLNK :
		S_IFREG) | (mode & 07777);
}

int umod_view_stat(struct umod_daemon *d, const char *path, mode_t *mode)
{
	enum umod_sysfs_type type;
	unsigned int perm;
	bool root;
	const char *p = model_path(path, &root);
	int err;

	if (root) {
		*mode = S_IFDIR | 0555;		/* as /sys is */
		return 0;
	}
	if (umod_proc_is(path)) {
		*mode = S_IFREG | 0444;
		return !strcmp(path, "/proc/modules") ||
		       !strcmp(path, "/proc/sys/kernel/tainted") ? 0 : -ENOENT;
	}
	if (!p)
		return -ENOENT;
	err = umod_sysfs_stat(d->host, p, &type, &perm);
	if (!err)
		*mode = st_mode(type, perm);
	return err;
}

struct list_walk {
	int (*fn)(void *data, const char *name, mode_t mode);
	void *data;
};

static int list_one(void *data, const char *name, enum umod_sysfs_type type,
		    unsigned int mode)
{
	struct list_walk *w = data;

	return w->fn(w->data, name, st_mode(type, mode));
}

int umod_view_list(struct umod_daemon *d, const char *path,
		   int (*fn)(void *data, const char *name, mode_t mode), void *data)
{
	struct list_walk w = { fn, data };
	bool root;
	const char *p = model_path(path, &root);

	if (root)
		return fn(data, "module", S_IFDIR | 0755);
	if (!p)
		return -ENOENT;
	return umod_sysfs_list(d->host, p, list_one, &w);
}

ssize_t umod_view_read(struct umod_daemon *d, const char *path, char *buf, size_t size)
{
	bool root;
	const char *p = model_path(path, &root);
	ssize_t n;

	if (root)
		return -EISDIR;
	if (umod_proc_is(path))
		return umod_proc_read(d, path, buf, size);
	if (!p)
		return -ENOENT;
	n = umod_sysfs_read(d->host, p, buf, size);
	/* the model NUL-terminates within @size: what fits is what was read */
	return n >= (ssize_t)size ? (ssize_t)size - 1 : n;
}

ssize_t umod_view_write(struct umod_daemon *d, const char *path, const char *buf, size_t len)
{
	bool root;
	const char *p = model_path(path, &root);

	if (root)
		return -EISDIR;
	if (umod_proc_is(path))
		return -EACCES;
	if (!p)
		return -ENOENT;
	return umod_sysfs_write(d->host, p, buf, len);
}

ssize_t umod_view_readlink(struct umod_daemon *d, const char *path, char *buf, size_t size)
{
	bool root;
	const char *p = model_path(path, &root);

	ssize_t n;

	if (root)
		return -EINVAL;
	if (!p)
		return -ENOENT;
	n = umod_sysfs_readlink(d->host, p, buf, size);
	return n >= (ssize_t)size ? (ssize_t)size - 1 : n;
}
