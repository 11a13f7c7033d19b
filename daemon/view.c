// SPDX-License-Identifier: MIT
/* placeholder until lib/sysfs.c lands */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "daemon.h"

int umod_view_stat(struct umod_daemon *d, const char *path, mode_t *mode)
{
	if (strcmp(path, "/"))
		return -ENOENT;
	*mode = S_IFDIR | 0755;
	return 0;
}

int umod_view_list(struct umod_daemon *d, const char *path,
		   int (*fn)(void *data, const char *name, mode_t mode), void *data)
{
	return strcmp(path, "/") ? -ENOENT : 0;
}

ssize_t umod_view_read(struct umod_daemon *d, const char *path, char *buf, size_t size)
{
	return -ENOENT;
}

int umod_view_write(struct umod_daemon *d, const char *path, const char *buf, size_t len)
{
	return -ENOENT;
}

ssize_t umod_view_readlink(struct umod_daemon *d, const char *path, char *buf, size_t size)
{
	return -ENOENT;
}
