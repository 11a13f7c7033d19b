/* SPDX-License-Identifier: MIT */
/*
 * kobjects, as Linux 6.1's: a name, a parent, a reference count and a
 * type; once added, a directory below /sys (kernel_kobj: /sys/kernel)
 * holding its attributes. The last kobject_put() removes the directory,
 * waiting for reads and writes in flight, then calls the type's release.
 * A kobject is owned by the module that initialises it (the host finds
 * the caller from the call's return address): one it forgets to put is
 * reported and removed when it is unloaded.
 */
#ifndef _LINUX_KOBJECT_H
#define _LINUX_KOBJECT_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/export.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/sysfs.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/workqueue.h>
#include <umod/kabi/kobject.h>

#define UEVENT_HELPER_PATH_LEN		256

enum kobject_action {
	KOBJ_ADD,
	KOBJ_REMOVE,
	KOBJ_CHANGE,
	KOBJ_MOVE,
	KOBJ_ONLINE,
	KOBJ_OFFLINE,
	KOBJ_BIND,
	KOBJ_UNBIND,
};

/* the host's directories: /sys/kernel, /sys/kernel/mm, /sys/firmware */
extern struct kobject *kernel_kobj;
extern struct kobject *mm_kobj;
extern struct kobject *firmware_kobj;

extern const struct sysfs_ops kobj_sysfs_ops;

int kobject_set_name(struct kobject *kobj, const char *name, ...) __printf(2, 3);

static inline const char *kobject_name(const struct kobject *kobj)
{
	return kobj->name;
}

void kobject_init(struct kobject *kobj, const struct kobj_type *ktype);
int __must_check kobject_add(struct kobject *kobj, struct kobject *parent,
			     const char *fmt, ...) __printf(3, 4);
int __must_check kobject_init_and_add(struct kobject *kobj, const struct kobj_type *ktype,
				      struct kobject *parent, const char *fmt, ...)
	__printf(4, 5);
void kobject_del(struct kobject *kobj);

struct kobject * __must_check kobject_create_and_add(const char *name,
						      struct kobject *parent);

struct kobject *kobject_get(struct kobject *kobj);
void kobject_put(struct kobject *kobj);

/* "/kernel/foo", kmalloc()ed: what a uevent's DEVPATH says */
char *kobject_get_path(const struct kobject *kobj, gfp_t flag);

/*
 * uevents (lib/kobject_uevent.c): built and filtered as 6.1's, counted in
 * /sys/kernel/uevent_seqnum; nobody listens (no netlink, no helper).
 * -EINVAL for a kobject with no kset above it.
 */
int kobject_uevent(struct kobject *kobj, enum kobject_action action);
int kobject_uevent_env(struct kobject *kobj, enum kobject_action action, char *envp[]);
__printf(2, 3) int add_uevent_var(struct kobj_uevent_env *env, const char *format, ...);

/* ---- ksets: a kobject that groups kobjects (their default parent) ---- */

int __must_check kset_register(struct kset *kset);
void kset_unregister(struct kset *kset);
struct kset * __must_check kset_create_and_add(const char *name,
						const struct kset_uevent_ops *u,
						struct kobject *parent_kobj);
struct kobject *kset_find_obj(struct kset *kset, const char *name);

static inline struct kset *to_kset(struct kobject *kobj)
{
	return kobj ? container_of(kobj, struct kset, kobj) : NULL;
}

static inline struct kset *kset_get(struct kset *k)
{
	return k ? to_kset(kobject_get(&k->kobj)) : NULL;
}

static inline void kset_put(struct kset *k)
{
	kobject_put(&k->kobj);
}

static inline const struct kobj_type *get_ktype(struct kobject *kobj)
{
	return kobj->ktype;
}

#endif /* _LINUX_KOBJECT_H */
