/* SPDX-License-Identifier: MIT */
/*
 * What fs/configfs/'s files share: the host's side of a configfs directory
 * (Linux's configfs_dirent), and the calls into the module's operations.
 */
#ifndef _UMOD_FS_CONFIGFS_INTERNAL_H
#define _UMOD_FS_CONFIGFS_INTERNAL_H

#include <umod/kabi/configfs.h>

#include "fs/internal.h"

/* what a directory of /sys/kernel/config is */
enum {
	CONFIGFS_SUBSYS = 1,	/* a subsystem's root: no rmdir */
	CONFIGFS_DEFAULT,	/* a default group: made and dropped with its parent */
	CONFIGFS_MADE,		/* made by mkdir(2): holds its modules */
};

struct configfs_dirent {
	struct config_item *item;	/* the module's */
	int type;
	/* CONFIGFS_MADE: the references mkdir took, dropped by rmdir */
	struct umod_module *subsys_owner, *item_owner;
};

/* item.c: the module of @m (NULL: none) */
struct umod_module *umod_configfs_umod(struct module *m);
/* item.c: @fn(@arg) as @owner's code (directly when NULL); -EIO after an oops */
long umod_configfs_call(struct module *owner, long (*fn)(void *), void *arg);
/* item.c: config_item_get()/_put() and config_group_init_type_name(),
 * as modules call them */
struct config_item *umod_configfs_item_get(struct config_item *item);
void umod_configfs_item_put(struct config_item *item);
void umod_config_group_init_type_name(struct config_group *group, const char *name,
				      const struct config_item_type *type);

/* file.c: the proc_ops of an attribute file */
extern const struct proc_ops umod_configfs_attr_ops;

/* dir.c, fs/file.c's hook for a new namespace: sys/kernel/config */
int umod_configfs_init_fs(struct umod_fs *fs);
/* dir.c, fs->lock held: subsystems @mod left registered go, reported */
void umod_configfs_leftovers(struct umod_fs *fs, struct umod_module *mod);


#endif /* _UMOD_FS_CONFIGFS_INTERNAL_H */
