// SPDX-License-Identifier: MIT
/* placeholder until the sysfs model lands */
#include <errno.h>
#include <stdio.h>

#include "daemon.h"

int umod_fuse_start(struct umod_daemon *d)
{
	fprintf(stderr, "umod: WARNING: cannot mount sysfs at %s: %s; running without it\n",
		d->opts->sysfs_dir, "not implemented");
	return -ENOSYS;
}

void umod_fuse_stop(struct umod_daemon *d)
{
}
