// SPDX-License-Identifier: MIT
/* Where the module tree is: what depmod and modprobe share. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include <generated/utsrelease.h>

#include "tools.h"

/* BASE made absolute, as kmod does, then /lib/modules/RELEASE */
int umod_tool_tree_dir(const char *base, const char *release, char *buf, size_t size)
{
	char cwd[PATH_MAX] = "";
	int n;

	if (base && base[0] != '/' && !getcwd(cwd, sizeof(cwd)))
		return -errno;
	n = snprintf(buf, size, "%s%s%s/lib/modules/%s", cwd, cwd[0] ? "/" : "",
		     base ? base : "", release);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

const char *umod_tool_default_release(void)
{
	return UTS_RELEASE;
}


const char *umod_tool_absolute(const char *path, char *buf, size_t size)
{
	char cwd[PATH_MAX];

	if (!path[0] || path[0] == '/' || !getcwd(cwd, sizeof(cwd)) ||
	    (size_t)snprintf(buf, size, "%s/%s", cwd, path) >= size)
		return path;
	return buf;
}

int umod_tool_readable(const char *path)
{
	return access(path, R_OK) < 0 ? -errno : 0;
}
