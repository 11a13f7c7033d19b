// SPDX-License-Identifier: MIT
/*
 * The daemon's /sys: the host's model of /sys (module/ from
 * kernel/module/sysfs.c; kernel/, kernel/debug/, class/ ... from
 * fs/sysfs/), and beside it the two /proc files about modules (procfs.c).
 * Paths here are absolute within /sys ("/", "/module/hellop/initstate",
 * "/kernel/x/attr"); the model takes them as "/sys/...".
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <umod/umod.h>

#include "daemon.h"

/* the model's name for @path ("/kernel/x" is "/sys/kernel/x"), in @buf; NULL if too long */
static const char *model_path(const char *path, char *buf, size_t size)
{
	int n = snprintf(buf, size, "/sys/%s", path + strspn(path, "/"));

	return n >= 0 && (size_t)n < size ? buf : NULL;
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
	char buf[PATH_MAX];
	const char *p = model_path(path, buf, sizeof(buf));
	int err;

	if (umod_proc_is(path)) {
		*mode = umod_proc_mode(path);
		return umod_proc_builtin(path) ? 0 : -ENOENT;
	}
	if (!p)
		return -ENAMETOOLONG;
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
	char buf[PATH_MAX];
	const char *p = model_path(path, buf, sizeof(buf));

	return p ? umod_sysfs_list(d->host, p, list_one, &w) : -ENAMETOOLONG;
}

ssize_t umod_view_read(struct umod_daemon *d, const char *path, char *buf, size_t size)
{
	char pbuf[PATH_MAX];
	const char *p = model_path(path, pbuf, sizeof(pbuf));
	ssize_t n;

	if (umod_proc_is(path))
		return umod_proc_read(d, path, buf, size);
	if (!p)
		return -ENAMETOOLONG;
	n = umod_sysfs_read(d->host, p, buf, size);
	/* the model NUL-terminates within @size: what fits is what was read */
	return n >= (ssize_t)size ? (ssize_t)size - 1 : n;
}

ssize_t umod_view_write(struct umod_daemon *d, const char *path, const char *buf, size_t len)
{
	char pbuf[PATH_MAX];
	const char *p = model_path(path, pbuf, sizeof(pbuf));

	if (umod_proc_is(path))
		return umod_proc_write(d, path, buf, len);
	return p ? umod_sysfs_write(d->host, p, buf, len) : -ENAMETOOLONG;
}

ssize_t umod_view_readlink(struct umod_daemon *d, const char *path, char *buf, size_t size)
{
	char pbuf[PATH_MAX];
	const char *p = model_path(path, pbuf, sizeof(pbuf));
	ssize_t n;

	if (!p)
		return -ENAMETOOLONG;
	n = umod_sysfs_readlink(d->host, p, buf, size);
	return n >= (ssize_t)size ? (ssize_t)size - 1 : n;
}
