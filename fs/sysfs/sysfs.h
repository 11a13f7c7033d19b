/* SPDX-License-Identifier: MIT */
/*
 * The /sys tree beyond module/: its nodes (dir.c, kernfs's), the sysfs
 * files of kobjects (file.c) and the kobjects themselves (lib/kobject.c),
 * which fs/debugfs/ builds on too.
 */
#ifndef _UMOD_FS_SYSFS_SYSFS_H
#define _UMOD_FS_SYSFS_SYSFS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include <umod/umod.h>

struct module;

/*
 * A node of the tree (kernfs's): a directory, a file or a link. The
 * directories below are shared by every host of the process; every other
 * node belongs to one host, and only its paths see it. See
 * /work/briefs/sysfs-notes.md (DESIGN.md "sysfs and debugfs").
 */
struct kernfs_node;
struct kobject;
struct kobj_type;
struct attribute;
struct attribute_group;

enum umod_kernfs_root {
	UMOD_KERNFS_SYS,	/* /sys itself (module/ is kernel/module/sysfs.c's) */
	UMOD_KERNFS_KERNEL,	/* /sys/kernel: kernel_kobj */
	UMOD_KERNFS_DEBUG,	/* /sys/kernel/debug: debugfs, 0700 */
	UMOD_KERNFS_MM,		/* /sys/kernel/mm: mm_kobj */
	UMOD_KERNFS_CLASS,	/* /sys/class: class_create()'s directories */
	UMOD_KERNFS_FIRMWARE,	/* /sys/firmware: firmware_kobj */
	UMOD_KERNFS_SLAB,	/* /sys/kernel/slab: SLUB's caches (mm/slub.c) */
	UMOD_KERNFS_DEVICES,	/* /sys/devices: the device tree (drivers/base/) */
	UMOD_KERNFS_BUS,	/* /sys/bus */
	UMOD_KERNFS_DEV,	/* /sys/dev */
	UMOD_KERNFS_DEV_BLOCK,	/* /sys/dev/block */
	UMOD_KERNFS_DEV_CHAR,	/* /sys/dev/char: MAJ:MIN links */
	UMOD_KERNFS_BLOCK,	/* /sys/block: links to the disks (block/genhd.c) */
};

/* what a module's leftover of this node is called; PLAIN: its maker reports it */
enum umod_kernfs_kind {
	UMOD_KN_PLAIN,
	UMOD_KN_KOBJECT,	/* priv: the struct kobject */
	UMOD_KN_ATTR,
	UMOD_KN_GROUP,		/* a named attribute group's directory; priv: the kobject */
	UMOD_KN_LINK,		/* sysfs_create_link() */
	UMOD_KN_DEBUGFS,
};

/*
 * A file's ops: show fills a zeroed page and returns its length, store
 * gets a NUL-terminated copy of one write and returns the bytes taken;
 * either returns -errno. They run inside umod_call() as the node's owner
 * (when it has one) holding a use count on it, without any lock.
 */
struct umod_kernfs_ops {
	long (*show)(struct kernfs_node *kn, void *priv, char *page);
	long (*store)(struct kernfs_node *kn, void *priv, const char *buf, size_t len);
};

struct umod_kernfs_new {
	struct kernfs_node *parent;	/* a directory: a root or one made here */
	struct umod_host *host;		/* NULL: the parent's (required under a root) */
	struct umod_module *owner;	/* the module whose code ops run, or NULL */
	const char *name;		/* copied */
	enum umod_sysfs_type type;
	enum umod_kernfs_kind kind;
	unsigned int mode;		/* permission bits: 0755, 0644, ... */
	const struct umod_kernfs_ops *ops;	/* files */
	void *priv;			/* passed to the ops */
	const char *target;		/* links: relative to the link's directory; copied */
	bool ref;			/* the caller keeps a reference (umod_kernfs_put) */
	void (*release)(void *priv);	/* called with @priv when the node is freed */
};

struct kernfs_node *umod_kernfs_root(enum umod_kernfs_root which);
/*
 * Adds the node, *@knp (if not NULL) is it; with @nw->ref the caller also
 * holds a reference, dropped with umod_kernfs_put() after it removed the
 * node. -EEXIST (logged as sysfs does, but for debugfs) if the host sees
 * the name there already, -ENOENT (@parent is gone), -ENOMEM.
 */
int umod_kernfs_create(const struct umod_kernfs_new *nw, struct kernfs_node **knp);
/* removes @kn and all below it, once their shows and stores in flight are done */
void umod_kernfs_remove(struct kernfs_node *kn);
int umod_kernfs_remove_by_name(struct kernfs_node *dir, struct umod_host *host,
			       const char *name);
void umod_kernfs_put(struct kernfs_node *kn);
/* @dir's entry @name as @host (NULL: @dir's) sees it, or NULL; not referenced */
struct kernfs_node *umod_kernfs_find(struct kernfs_node *dir, struct umod_host *host,
				     const char *name);
/* "/kernel/x": the path below /sys */
void umod_kernfs_path(struct kernfs_node *kn, char *buf, size_t size);
const char *umod_kernfs_name(const struct kernfs_node *kn);
enum umod_sysfs_type umod_kernfs_type(const struct kernfs_node *kn);
void *umod_kernfs_priv(const struct kernfs_node *kn);
void umod_kernfs_set_priv(struct kernfs_node *kn, void *priv);	/* the roots' kobjects */
struct kernfs_node *umod_kernfs_parent(const struct kernfs_node *kn);
struct umod_host *umod_kernfs_host(const struct kernfs_node *kn);
struct umod_module *umod_kernfs_owner(const struct kernfs_node *kn);
/* module_leftovers[]: reports and removes what @mod made here */
void umod_kernfs_leftovers(struct umod_module *mod);
/* the public umod_sysfs_*() calls for paths below /sys but outside module/ */
int umod_kernfs_stat(struct umod_host *host, const char *path,
		     enum umod_sysfs_type *type, unsigned int *mode);
int umod_kernfs_list(struct umod_host *host, const char *path, umod_sysfs_list_fn fn,
		     void *data);
ssize_t umod_kernfs_read(struct umod_host *host, const char *path, char *buf, size_t size);
ssize_t umod_kernfs_write(struct umod_host *host, const char *path, const char *buf,
			  size_t len);
ssize_t umod_kernfs_readlink(struct umod_host *host, const char *path, char *buf,
			     size_t size);
/* lib/kobject.c: a leftover kobject is out of sysfs (its node is going); kernfs's lock held */
void umod_kobject_forget(struct kobject *kobj);
/* @kobj's directory (the roots' kobjects included), or NULL when it is not in sysfs */
struct kernfs_node *umod_kobject_dir(struct kobject *kobj);
/* the host @kobj lives in: its own, or its owner's */
struct umod_host *umod_kobject_host(const struct kobject *kobj);
/* the host of the module whose code runs on this thread, or NULL */
struct umod_host *umod_caller_host(void);
/*
 * The kobject calls for host code (a device model embedding kobjects):
 * as the exports; @owner is whose release/show/store run (NULL: the
 * host's, then set kobj->host before adding under a root).
 */
int umod_kobject_init_and_add(struct module *owner, struct kobject *kobj,
			      const struct kobj_type *ktype, struct kobject *parent,
			      const char *name);
void umod_kobject_init(struct module *owner, struct kobject *kobj, const struct kobj_type *ktype);
int umod_kobject_add(struct kobject *kobj, struct kobject *parent, const char *name);
struct kobject *umod_kobject_get(struct kobject *kobj);
void umod_kobject_put(struct kobject *kobj);
void umod_kobject_del(struct kobject *kobj);
/* the static kobject of a root (all but SYS and DEV, which have none) */
struct kobject *umod_kobject_root(enum umod_kernfs_root which);
int umod_sysfs_create_file(struct module *owner, struct kobject *kobj,
			   const struct attribute *attr);
void umod_sysfs_remove_file(struct kobject *kobj, const struct attribute *attr);
/* fs/sysfs/file.c: a link of the host's own (no owner), @dir/@name -> @target */
int umod_kernfs_link(struct umod_host *host, struct kernfs_node *dir, const char *name,
		     struct kernfs_node *target);
/* fs/sysfs/file.c: sysfs_create_groups() as @owner's */
int umod_sysfs_create_groups(struct module *owner, struct kobject *kobj,
			     const struct attribute_group **groups);
void umod_sysfs_remove_groups(struct kobject *kobj, const struct attribute_group **groups);
/* kobj_sysfs_ops, the ktype of kobject_create_and_add()'s kobjects */
extern const struct kobj_type umod_dynamic_kobj_ktype;

#endif /* _UMOD_FS_SYSFS_SYSFS_H */
