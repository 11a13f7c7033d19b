/* SPDX-License-Identifier: MIT */
/*
 * kernfs: the tree behind sysfs. Module code only ever holds pointers to
 * its nodes (kobj->sd); the nodes are the host's (fs/sysfs/dir.c).
 */
#ifndef _LINUX_KERNFS_H
#define _LINUX_KERNFS_H

#include <linux/err.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/idr.h>

struct kernfs_node;

#endif /* _LINUX_KERNFS_H */
