/* SPDX-License-Identifier: MIT */
/*
 * struct kobject and the sysfs attribute structures, as Linux 6.1 lays
 * them out, shared by module code (which embeds kobjects and defines
 * attributes) and the host (which keeps the tree and calls show/store).
 * Builtin types only, as in kabi.h. After Linux's fields come the host's:
 * which module made the kobject, whose show/store it pins.
 */
#ifndef _UMOD_KABI_KOBJECT_H
#define _UMOD_KABI_KOBJECT_H

#include <umod/kabi/spinlock.h>
#include <umod/kabi/types.h>

struct module;
struct kobject;
struct kset;
struct kernfs_node;
struct kobj_ns_type_operations;

/* the layout of struct kref (a refcount_t); named apart from linux/kref.h's */
struct umod_kobj_kref {
	struct {
		atomic_t refs;
	} refcount;
};

struct kobject {
	const char *name;
	struct list_head entry;
	struct kobject *parent;
	struct kset *kset;
	const struct kobj_type *ktype;
	struct kernfs_node *sd;		/* its directory in the host's tree */
	struct umod_kobj_kref kref;
	unsigned int state_initialized:1;
	unsigned int state_in_sysfs:1;
	unsigned int state_add_uevent_sent:1;
	unsigned int state_remove_uevent_sent:1;
	unsigned int uevent_suppress:1;
	/* the host's: the module that initialised it (NULL: the host) */
	struct module *owner;
	void *host;			/* the struct umod_host it lives in */
	unsigned int name_owned:1;	/* name was allocated by the host */
};

struct attribute {
	const char *name;
	unsigned short mode;		/* umode_t */
};

struct bin_attribute;

struct attribute_group {
	const char *name;
	unsigned short (*is_visible)(struct kobject *kobj, struct attribute *attr, int n);
	unsigned short (*is_bin_visible)(struct kobject *kobj, struct bin_attribute *attr,
					 int n);
	struct attribute **attrs;
	struct bin_attribute **bin_attrs;
};

struct sysfs_ops {
	long (*show)(struct kobject *kobj, struct attribute *attr, char *buf);
	long (*store)(struct kobject *kobj, struct attribute *attr, const char *buf,
		      __SIZE_TYPE__ count);
};

struct kobj_type {
	void (*release)(struct kobject *kobj);
	const struct sysfs_ops *sysfs_ops;
	const struct attribute_group **default_groups;
	const struct kobj_ns_type_operations *(*child_ns_type)(struct kobject *kobj);
	const void *(*namespace)(struct kobject *kobj);
	void (*get_ownership)(struct kobject *kobj, void *uid, void *gid);
};

struct kobj_attribute {
	struct attribute attr;
	long (*show)(struct kobject *kobj, struct kobj_attribute *attr, char *buf);
	long (*store)(struct kobject *kobj, struct kobj_attribute *attr, const char *buf,
		      __SIZE_TYPE__ count);
};

/* uevents: what kobject_uevent_env() builds (argv is the helper's, unused) */
#define UEVENT_NUM_ENVP			64
#define UEVENT_BUFFER_SIZE		2048

struct kobj_uevent_env {
	char *argv[3];
	char *envp[UEVENT_NUM_ENVP];
	int envp_idx;
	char buf[UEVENT_BUFFER_SIZE];
	int buflen;
};

struct kset_uevent_ops {
	int (*const filter)(struct kobject *kobj);
	const char *(*const name)(struct kobject *kobj);
	int (*const uevent)(struct kobject *kobj, struct kobj_uevent_env *env);
};

/* a set of kobjects, itself a kobject: its members' default parent */
struct kset {
	struct list_head list;
	spinlock_t list_lock;
	struct kobject kobj;
	const struct kset_uevent_ops *uevent_ops;
};

/* debugfs_create_blob()'s argument */
struct debugfs_blob_wrapper {
	void *data;
	unsigned long size;
};

#endif /* _UMOD_KABI_KOBJECT_H */
