/* SPDX-License-Identifier: MIT */
/*
 * sysfs attributes, as Linux 6.1's: a struct attribute names a file in a
 * kobject's directory and gives its mode; the kobject's type's sysfs_ops
 * read and write it. The file is the calling module's: reads and writes
 * run its code and hold its use count. The structures are shared with
 * the host (umod/kabi/kobject.h).
 */
#ifndef _LINUX_SYSFS_H
#define _LINUX_SYSFS_H

#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernfs.h>
#include <linux/stringify.h>
#include <linux/types.h>
#include <umod/kabi/kobject.h>
#include <linux/stat.h>

struct kobject;
struct module;

/*
 * Permissions on a sysfs file, checked at build time as the kernel does:
 * octal, user bits at least those of group and other for reading, of
 * group for writing, and never writable by others. The same tokens as
 * linux/moduleparam.h's, so that either header may come first.
 */
#ifndef VERIFY_OCTAL_PERMISSIONS
#define VERIFY_OCTAL_PERMISSIONS(perm)					\
	(BUILD_BUG_ON_ZERO((perm) < 0) +				\
	 BUILD_BUG_ON_ZERO((perm) > 0777) +				\
	 BUILD_BUG_ON_ZERO((((perm) >> 6) & 4) < (((perm) >> 3) & 4)) + \
	 BUILD_BUG_ON_ZERO((((perm) >> 3) & 4) < ((perm) & 4)) +	\
	 BUILD_BUG_ON_ZERO((((perm) >> 6) & 2) < (((perm) >> 3) & 2)) + \
	 BUILD_BUG_ON_ZERO((perm) & 2) +				\
	 (perm))
#endif

#define SYSFS_PREALLOC		010000

/* lockdep keys: nothing to set up here */
#define sysfs_attr_init(attr)	do { } while (0)

#define __ATTR(_name, _mode, _show, _store) {				\
	.attr = { .name = __stringify(_name),				\
		  .mode = VERIFY_OCTAL_PERMISSIONS(_mode) },		\
	.show = _show,							\
	.store = _store,						\
}

#define __ATTR_PREALLOC(_name, _mode, _show, _store) {			\
	.attr = { .name = __stringify(_name),				\
		  .mode = SYSFS_PREALLOC | VERIFY_OCTAL_PERMISSIONS(_mode) }, \
	.show = _show,							\
	.store = _store,						\
}

#define __ATTR_RO(_name) {						\
	.attr = { .name = __stringify(_name), .mode = 0444 },		\
	.show = _name##_show,						\
}

#define __ATTR_RO_MODE(_name, _mode) {					\
	.attr = { .name = __stringify(_name),				\
		  .mode = VERIFY_OCTAL_PERMISSIONS(_mode) },		\
	.show = _name##_show,						\
}

#define __ATTR_RW_MODE(_name, _mode) {					\
	.attr = { .name = __stringify(_name),				\
		  .mode = VERIFY_OCTAL_PERMISSIONS(_mode) },		\
	.show = _name##_show,						\
	.store = _name##_store,						\
}

#define __ATTR_WO(_name) {						\
	.attr = { .name = __stringify(_name), .mode = 0200 },		\
	.store = _name##_store,						\
}

#define __ATTR_RW(_name)	__ATTR(_name, 0644, _name##_show, _name##_store)

#define __ATTR_NULL		{ .attr = { .name = NULL } }

#define __ATTRIBUTE_GROUPS(_name)					\
static const struct attribute_group *_name##_groups[] = {		\
	&_name##_group,							\
	NULL,								\
}

#define ATTRIBUTE_GROUPS(_name)						\
static const struct attribute_group _name##_group = {			\
	.attrs = _name##_attrs,						\
};									\
__ATTRIBUTE_GROUPS(_name)

/*
 * The files. Those a module creates are its own (the host finds the
 * caller from the call's return address): its code is what show and
 * store run, its exit must take them back (what it leaves is reported and
 * removed at unload).
 */
int __must_check sysfs_create_file_ns(struct kobject *kobj, const struct attribute *attr,
				      const void *ns);
void sysfs_remove_file_ns(struct kobject *kobj, const struct attribute *attr,
			  const void *ns);
int __must_check sysfs_create_files(struct kobject *kobj, const struct attribute *const *attr);
void sysfs_remove_files(struct kobject *kobj, const struct attribute *const *attr);

static inline int __must_check sysfs_create_file(struct kobject *kobj,
						 const struct attribute *attr)
{
	return sysfs_create_file_ns(kobj, attr, NULL);
}

static inline void sysfs_remove_file(struct kobject *kobj, const struct attribute *attr)
{
	sysfs_remove_file_ns(kobj, attr, NULL);
}

int __must_check sysfs_create_group(struct kobject *kobj, const struct attribute_group *grp);
int __must_check sysfs_create_groups(struct kobject *kobj,
				     const struct attribute_group **groups);
void sysfs_remove_group(struct kobject *kobj, const struct attribute_group *grp);
void sysfs_remove_groups(struct kobject *kobj, const struct attribute_group **groups);

/* a link @name in @kobj's directory to @target's, relative ("../../class/x") */
int __must_check sysfs_create_link(struct kobject *kobj, struct kobject *target,
				   const char *name);
void sysfs_remove_link(struct kobject *kobj, const char *name);

/* show's helpers: at most what is left of the page, the length written */
int sysfs_emit(char *buf, const char *fmt, ...) __printf(2, 3);
int sysfs_emit_at(char *buf, int at, const char *fmt, ...) __printf(3, 4);

/* wakes pollers of the file: none here (a reader reads again) */
void sysfs_notify(struct kobject *kobj, const char *dir, const char *attr);

#endif /* _LINUX_SYSFS_H */
