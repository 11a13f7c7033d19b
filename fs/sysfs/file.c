// SPDX-License-Identifier: MIT
/*
 * sysfs attributes: a file per struct attribute in a kobject's directory
 * (fs/sysfs/dir.c keeps the tree), read and written through the
 * kobject's type's sysfs_ops, as Linux's fs/sysfs/file.c and group.c. The
 * module that creates the file is the one whose code runs and whose use
 * count a read or write holds.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <umod/kabi/kobject.h>

#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"

#define SYSFS_PREALLOC	010000

/* the kobject whose directory (or named group in it) holds @kn */
static struct kobject *kobj_of(struct kernfs_node *kn)
{
	return umod_kernfs_priv(umod_kernfs_parent(kn));
}

/* "%pS" of @fn for the log line: "name+0x0/0x40 [mod]" */
static void format_symbol(struct umod_host *host, const void *fn, char *buf, size_t size)
{
	const char *name, *modname;
	uint64_t off, len;

	if (umod_kallsyms_lookup_nolock(host, (uint64_t)(uintptr_t)fn, &name, &modname,
					&off, &len) && name)
		snprintf(buf, size, "%s+0x%llx/0x%llx [%s]", name, (unsigned long long)off,
			 (unsigned long long)len, modname);
	else
		snprintf(buf, size, "%p", fn);
}

/*
 * The kobject's type's ops may be another module's code than the file's
 * (whose use count the read already holds): that one is held too.
 */
static struct umod_module *hold_kobj_owner(struct kernfs_node *kn, struct kobject *kobj,
					   bool *ok)
{
	struct umod_module *mod = kobj->owner ? kobj->owner->umod : NULL;

	*ok = true;
	if (!mod || mod == umod_kernfs_owner(kn))
		return NULL;
	*ok = umod_refcount_try_get(mod);
	return *ok ? mod : NULL;
}

static void release_kobj_owner(struct umod_module *mod)
{
	if (mod)
		umod_refcount_put(mod);
}

/* sysfs_kf_seq_show(): a count of a page or more is the show's bug, said once per read */
static long attr_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct kobject *kobj = kobj_of(kn);
	const struct sysfs_ops *ops = kobj->ktype ? kobj->ktype->sysfs_ops : NULL;
	struct umod_module *held;
	bool ok;
	long n;

	if (!ops || !ops->show)
		return -EIO;
	held = hold_kobj_owner(kn, kobj, &ok);
	if (!ok)
		return -ENODEV;
	n = ops->show(kobj, priv, page);
	release_kobj_owner(held);
	if (n >= (long)UMOD_PAGE_SIZE) {
		struct umod_host *host = umod_kernfs_host(kn);
		char sym[256];

		format_symbol(host, (const void *)ops->show, sym, sizeof(sym));
		umod_log_printk(host->log, KERN_WARNING "fill_read_buffer: %s returned bad count\n",
				sym);
		n = UMOD_PAGE_SIZE - 1;
	}
	return n;
}

static long attr_store(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	struct kobject *kobj = kobj_of(kn);
	const struct sysfs_ops *ops = kobj->ktype ? kobj->ktype->sysfs_ops : NULL;
	struct umod_module *held;
	bool ok;
	long n;

	if (!ops || !ops->store)
		return -EIO;
	held = hold_kobj_owner(kn, kobj, &ok);
	if (!ok)
		return -ENODEV;
	n = ops->store(kobj, priv, buf, len);
	release_kobj_owner(held);
	return n;
}

static const struct umod_kernfs_ops attr_ops = { attr_show, attr_store };

/* the host the caller's files go in: the kobject's, or the calling module's */
static struct umod_host *host_for(struct module *owner, struct kobject *kobj)
{
	struct umod_host *host = umod_kobject_host(kobj);

	if (!host && owner && owner->umod)
		host = ((struct umod_module *)owner->umod)->host;
	return host ? host : umod_caller_host();
}

static int add_file(struct module *owner, struct kobject *kobj, struct kernfs_node *dir,
		    const struct attribute *attr, unsigned int mode)
{
	struct umod_kernfs_new nw = {
		.parent = dir, .host = host_for(owner, kobj),
		.owner = owner ? owner->umod : NULL, .name = attr->name,
		.type = UMOD_SYSFS_FILE, .kind = UMOD_KN_ATTR, .mode = mode & 07777,
		.ops = &attr_ops, .priv = (void *)attr,
	};

	return umod_kernfs_create(&nw, NULL);
}

static int create_file_ns(struct module *owner, struct kobject *kobj,
			  const struct attribute *attr)
{
	struct kernfs_node *dir = kobj ? umod_kobject_dir(kobj) : NULL;

	if (!dir || !attr)
		return -EINVAL;
	return add_file(owner, kobj, dir, attr, attr->mode);
}

/* the calling module's file: its code is what show and store run */
static int kapi_sysfs_create_file_ns(struct kobject *kobj, const struct attribute *attr,
				     const void *ns)
{
	return create_file_ns(UMOD_CALLER(), kobj, attr);
}

static void kapi_sysfs_remove_file_ns(struct kobject *kobj, const struct attribute *attr,
				      const void *ns)
{
	struct kernfs_node *dir = kobj ? umod_kobject_dir(kobj) : NULL;

	if (dir && attr)
		umod_kernfs_remove_by_name(dir, host_for(NULL, kobj), attr->name);
}

int umod_sysfs_create_file(struct module *owner, struct kobject *kobj,
			   const struct attribute *attr)
{
	return create_file_ns(owner, kobj, attr);
}

void umod_sysfs_remove_file(struct kobject *kobj, const struct attribute *attr)
{
	kapi_sysfs_remove_file_ns(kobj, attr, NULL);
}

static int kapi_sysfs_create_files(struct kobject *kobj, const struct attribute *const *attrs)
{
	struct module *owner = UMOD_CALLER();
	int err = 0;
	size_t i;

	for (i = 0; attrs && attrs[i] && !err; i++)
		err = create_file_ns(owner, kobj, attrs[i]);
	while (err && i-- > 1)
		kapi_sysfs_remove_file_ns(kobj, attrs[i - 1], NULL);
	return err;
}

static void kapi_sysfs_remove_files(struct kobject *kobj, const struct attribute *const *attrs)
{
	for (size_t i = 0; attrs && attrs[i]; i++)
		kapi_sysfs_remove_file_ns(kobj, attrs[i], NULL);
}

/* ---- groups --------------------------------------------------------------------- */

/* the group's files, each with the mode is_visible gives it (0: none) */
static int create_files(struct module *owner, struct kobject *kobj, struct kernfs_node *dir,
			const struct attribute_group *grp)
{
	int err = 0;

	for (int i = 0; grp->attrs && grp->attrs[i] && !err; i++) {
		struct attribute *attr = grp->attrs[i];
		unsigned int mode = attr->mode;

		if (grp->is_visible) {
			mode = grp->is_visible(kobj, attr, i);
			if (!mode)
				continue;
		}
		if (mode & ~(SYSFS_PREALLOC | 0664)) {
			umod_log_printk(host_for(owner, kobj)->log, KERN_WARNING "Attribute %s: Invalid permissions 0%o\n",
					attr->name, mode);
			mode &= SYSFS_PREALLOC | 0664;
		}
		err = add_file(owner, kobj, dir, attr, mode);
	}
	return err;
}

static void remove_files(struct kobject *kobj, struct kernfs_node *dir,
			 const struct attribute_group *grp)
{
	for (int i = 0; grp->attrs && grp->attrs[i]; i++)
		umod_kernfs_remove_by_name(dir, host_for(NULL, kobj), grp->attrs[i]->name);
}

static int create_group(struct module *owner, struct kobject *kobj,
			const struct attribute_group *grp)
{
	struct kernfs_node *dir = kobj ? umod_kobject_dir(kobj) : NULL, *sub = NULL;
	int err;

	if (!dir || !grp)
		return -EINVAL;
	if (!grp->attrs && !grp->bin_attrs)
		return -EINVAL;
	if (grp->name) {
		struct umod_kernfs_new nw = {
			.parent = dir, .host = host_for(owner, kobj),
			.owner = owner ? owner->umod : NULL, .name = grp->name,
			.type = UMOD_SYSFS_DIR, .kind = UMOD_KN_GROUP, .mode = 0755, .priv = kobj,
		};

		err = umod_kernfs_create(&nw, &sub);
		if (err)
			return err;
	}
	err = create_files(owner, kobj, sub ? sub : dir, grp);
	if (err && sub)
		umod_kernfs_remove(sub);
	else if (err)
		remove_files(kobj, dir, grp);
	return err;
}

int umod_sysfs_create_groups(struct module *owner, struct kobject *kobj,
			     const struct attribute_group **groups)
{
	int err = 0;
	size_t i;

	for (i = 0; groups && groups[i] && !err; i++)
		err = create_group(owner, kobj, groups[i]);
	return err;
}

static int kapi_sysfs_create_group(struct kobject *kobj, const struct attribute_group *grp)
{
	return create_group(UMOD_CALLER(), kobj, grp);
}

static int kapi_sysfs_create_groups(struct kobject *kobj, const struct attribute_group **groups)
{
	return umod_sysfs_create_groups(UMOD_CALLER(), kobj, groups);
}

static void kapi_sysfs_remove_group(struct kobject *kobj, const struct attribute_group *grp)
{
	struct kernfs_node *dir = kobj ? umod_kobject_dir(kobj) : NULL;
	struct umod_host *host = host_for(NULL, kobj);

	if (!dir || !grp)
		return;
	if (!grp->name) {
		remove_files(kobj, dir, grp);
	} else if (umod_kernfs_remove_by_name(dir, host, grp->name) && host) {
		umod_log_printk(host->log, KERN_WARNING "sysfs group '%s' not found for kobject '%s'\n",
				grp->name, kobj->name);
	}
}

static void kapi_sysfs_remove_groups(struct kobject *kobj, const struct attribute_group **groups)
{
	for (size_t i = 0; groups && groups[i]; i++)
		kapi_sysfs_remove_group(kobj, groups[i]);
}

void umod_sysfs_remove_groups(struct kobject *kobj, const struct attribute_group **groups)
{
	kapi_sysfs_remove_groups(kobj, groups);
}

/* ---- links ------------------------------------------------------------------------ */

/* @to relative to the directory @from (both below /sys: "/kernel/x"), as kernfs links */
static int relative_path(const char *from, const char *to, char *buf, size_t size)
{
	size_t common = 0, len = 0;

	/* the longest common run of whole components */
	for (size_t i = 0;; i++) {
		if ((from[i] == '/' || !from[i]) && (to[i] == '/' || !to[i]))
			common = i;
		if (!from[i] || !to[i] || from[i] != to[i])
			break;
	}
	for (const char *p = from + common; *p; p++)
		if (*p == '/')
			len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "../");
	len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%s",
				to[common] == '/' ? to + common + 1 : to + common);
	return len < size ? 0 : -ENAMETOOLONG;
}

/* @to's path relative to @dir's, as a link in @dir shows it */
static int link_target(struct kernfs_node *dir, struct kernfs_node *to, char *rel, size_t size)
{
	char from[512], top[512];

	umod_kernfs_path(dir, from, sizeof(from));
	umod_kernfs_path(to, top, sizeof(top));
	return relative_path(strcmp(from, "/") ? from : "", strcmp(top, "/") ? top : "", rel,
			     size);
}

int umod_kernfs_link(struct umod_host *host, struct kernfs_node *dir, const char *name,
		     struct kernfs_node *target)
{
	char rel[1024];
	struct umod_kernfs_new nw = {
		.parent = dir, .host = host, .name = name, .type = UMOD_SYSFS_LINK,
		.kind = UMOD_KN_PLAIN, .mode = 0777, .target = rel,
	};
	int err;

	if (!dir || !target || !name)
		return -ENOENT;
	err = link_target(dir, target, rel, sizeof(rel));
	return err ? err : umod_kernfs_create(&nw, NULL);
}

static int kapi_sysfs_create_link(struct kobject *kobj, struct kobject *target,
				  const char *name)
{
	struct kernfs_node *dir = umod_kobject_dir(kobj), *tdir = umod_kobject_dir(target);
	struct umod_task *t = umod_task_peek();
	char rel[1024];
	struct umod_kernfs_new nw = {
		.parent = dir, .host = host_for(NULL, kobj),
		.owner = t && t->call ? t->call->mod : NULL, .name = name,
		.type = UMOD_SYSFS_LINK, .kind = UMOD_KN_LINK, .mode = 0777, .target = rel,
	};
	int err;

	if (!dir || !tdir || !name)
		return -ENOENT;
	err = link_target(dir, tdir, rel, sizeof(rel));
	return err ? err : umod_kernfs_create(&nw, NULL);
}

static void kapi_sysfs_remove_link(struct kobject *kobj, const char *name)
{
	struct kernfs_node *dir = umod_kobject_dir(kobj);

	if (dir && name)
		umod_kernfs_remove_by_name(dir, host_for(NULL, kobj), name);
}

/* ---- formatting into the page, and what has no meaning here --------------------- */

static int kapi_sysfs_emit_at(char *buf, int at, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!buf || at < 0 || at >= (int)UMOD_PAGE_SIZE)
		return 0;
	va_start(ap, fmt);
	n = vsnprintf(buf + at, UMOD_PAGE_SIZE - (size_t)at, fmt, ap);
	va_end(ap);
	if (n < 0)
		return 0;
	return n < (int)UMOD_PAGE_SIZE - at ? n : (int)UMOD_PAGE_SIZE - at - 1;
}

static int kapi_sysfs_emit(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!buf)
		return 0;
	va_start(ap, fmt);
	n = vsnprintf(buf, UMOD_PAGE_SIZE, fmt, ap);
	va_end(ap);
	if (n < 0)
		return 0;
	return n < (int)UMOD_PAGE_SIZE ? n : (int)UMOD_PAGE_SIZE - 1;
}

/* nobody polls these files: a FUSE reader reads again */
static void kapi_sysfs_notify(struct kobject *kobj, const char *dir, const char *attr)
{
}

static const struct umod_kapi_export sysfs_exports[] = {
	UMOD_KAPI_GPL("sysfs_create_file_ns", kapi_sysfs_create_file_ns),
	UMOD_KAPI_GPL("sysfs_remove_file_ns", kapi_sysfs_remove_file_ns),
	UMOD_KAPI_GPL("sysfs_create_files", kapi_sysfs_create_files),
	UMOD_KAPI_GPL("sysfs_remove_files", kapi_sysfs_remove_files),
	UMOD_KAPI_GPL("sysfs_create_group", kapi_sysfs_create_group),
	UMOD_KAPI_GPL("sysfs_create_groups", kapi_sysfs_create_groups),
	UMOD_KAPI_GPL("sysfs_remove_group", kapi_sysfs_remove_group),
	UMOD_KAPI_GPL("sysfs_remove_groups", kapi_sysfs_remove_groups),
	UMOD_KAPI_GPL("sysfs_create_link", kapi_sysfs_create_link),
	UMOD_KAPI_GPL("sysfs_remove_link", kapi_sysfs_remove_link),
	UMOD_KAPI_GPL("sysfs_emit", kapi_sysfs_emit),
	UMOD_KAPI_GPL("sysfs_emit_at", kapi_sysfs_emit_at),
	UMOD_KAPI_GPL("sysfs_notify", kapi_sysfs_notify),
};

const struct umod_kapi_table umod_kapi_sysfs = UMOD_KAPI_TABLE(sysfs_exports);
