/* SPDX-License-Identifier: MIT */
/*
 * kernfs: the tree behind sysfs. Module code only ever holds pointers to
 * its nodes (kobj->sd); the nodes are the host's (fs/sysfs/dir.c).
 */
#ifndef _LINUX_KERNFS_H
#define _LINUX_KERNFS_H

struct kernfs_node;

#endif /* _LINUX_KERNFS_H */
