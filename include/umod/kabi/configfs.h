/* SPDX-License-Identifier: MIT */
/*
 * configfs's objects as Linux 6.1 lays them out: the module embeds items,
 * groups and its subsystem and defines their types and attributes; the
 * host links them into the tree under /sys/kernel/config and calls their
 * operations. Builtin types only.
 */
#ifndef _UMOD_KABI_CONFIGFS_H
#define _UMOD_KABI_CONFIGFS_H

#include <umod/kabi/kobject.h>	/* struct umod_kobj_kref: struct kref's layout */
#include <umod/kabi/mutex.h>
#include <umod/kabi/types.h>

#define CONFIGFS_ITEM_NAME_LEN	20

struct module;
struct dentry;
struct config_item;
struct config_group;
struct configfs_subsystem;

struct config_item {
	char *ci_name;
	char ci_namebuf[CONFIGFS_ITEM_NAME_LEN];
	struct umod_kobj_kref ci_kref;
	struct list_head ci_entry;		/* on ci_group->cg_children */
	struct config_item *ci_parent;
	struct config_group *ci_group;
	const struct config_item_type *ci_type;
	struct dentry *ci_dentry;		/* the host's directory node */
};

struct configfs_attribute {
	const char *ca_name;
	struct module *ca_owner;
	unsigned short ca_mode;			/* umode_t */
	long (*show)(struct config_item *, char *);
	long (*store)(struct config_item *, const char *, unsigned long);
};

struct configfs_bin_attribute {
	struct configfs_attribute cb_attr;
	void *cb_private;
	unsigned long cb_max_size;
	long (*read)(struct config_item *, void *, unsigned long);
	long (*write)(struct config_item *, const void *, unsigned long);
};

struct configfs_item_operations {
	void (*release)(struct config_item *);
	int (*allow_link)(struct config_item *src, struct config_item *target);
	void (*drop_link)(struct config_item *src, struct config_item *target);
};

struct configfs_group_operations {
	struct config_item *(*make_item)(struct config_group *group, const char *name);
	struct config_group *(*make_group)(struct config_group *group, const char *name);
	int (*commit_item)(struct config_item *item);
	void (*disconnect_notify)(struct config_group *group, struct config_item *item);
	void (*drop_item)(struct config_group *group, struct config_item *item);
};

struct config_item_type {
	struct module *ct_owner;
	struct configfs_item_operations *ct_item_ops;
	struct configfs_group_operations *ct_group_ops;
	struct configfs_attribute **ct_attrs;
	struct configfs_bin_attribute **ct_bin_attrs;
};

struct config_group {
	struct config_item cg_item;
	struct list_head cg_children;
	struct configfs_subsystem *cg_subsys;
	struct list_head default_groups;
	struct list_head group_entry;		/* on the parent's default_groups */
};

struct configfs_subsystem {
	struct config_group su_group;
	struct mutex su_mutex;
};

#endif /* _UMOD_KABI_CONFIGFS_H */
