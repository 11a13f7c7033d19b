// SPDX-License-Identifier: GPL-2.0
/* Only <linux/fs.h>: kmalloc(), copy_to_user() and msecs_to_jiffies() come with it in 6.1. */
#include <linux/fs.h>

int incl_fs_part(void)
{
	char *p = kmalloc(16, GFP_KERNEL);
	int ok = p && msecs_to_jiffies(1000) == HZ;

	kfree(p);
	return ok + !!copy_to_user;
}
