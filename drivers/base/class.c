// SPDX-License-Identifier: MIT
/*
 * Device classes and class devices, as character drivers use them
 * (Linux's drivers/base/class.c and core.c): class_create() makes
 * sys/class/NAME, device_create() makes sys/class/NAME/DEV with its `dev`
 * file ("MAJ:MIN\n") and the node dev/DEV (crw-------, as devtmpfs makes
 * it). The structures are the host's; modules only hold pointers.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fs/internal.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"

#define MINORBITS	20

struct class {
	struct umod_list link;		/* on fs->classes */
	struct umod_fs *fs;
	struct umod_module *owner;
	struct umod_fs_node *dir;	/* sys/class/NAME */
	struct umod_list devices;
	char name[64];
};

struct device {
	struct umod_list link;		/* on its class's devices */
	struct class *cls;
	unsigned int devt;
	void *drvdata;
	struct umod_fs_node *node, *sysdir;	/* dev/NAME, sys/class/CLS/NAME */
	char name[64];
};

static void *err_ptr(long err)
{
	return (void *)(intptr_t)err;
}

static int show_dev(struct umod_fs_node *n, char *page, size_t size)
{
	unsigned int devt = (unsigned int)(uintptr_t)n->text_data;

	return snprintf(page, size, "%u:%u\n", devt >> MINORBITS,
			devt & ((1u << MINORBITS) - 1));
}

struct umod_fs_node *umod_device_nodes(struct umod_fs *fs, const char *cls,
				       const char *name, unsigned int devt,
				       unsigned int mode, struct umod_module *owner,
				       struct umod_fs_node **sysdir, int *errp)
{
	struct umod_fs_node *cdir = umod_fs_child(fs->sys_class, cls), *dir, *dev, *node;

	*errp = -ENOENT;
	if (!cdir)
		return NULL;
	*errp = -EEXIST;
	if (umod_fs_child(cdir, name) || umod_fs_child(fs->dev, name))
		return NULL;
	*errp = -ENOMEM;
	dir = umod_fs_node_add(cdir, name, UMOD_FS_DIR, S_IFDIR | 0755, owner);
	if (!dir)
		return NULL;
	dev = umod_fs_node_add(dir, "dev", UMOD_FS_TEXT, S_IFREG | 0444, owner);
	node = umod_fs_node_add(fs->dev, name, UMOD_FS_DEV, S_IFCHR | (mode & 07777), owner);
	if (!dev || !node) {
		if (node)
			umod_fs_node_remove(node);
		umod_fs_node_remove(dir);
		return NULL;
	}
	dev->text_show = show_dev;
	dev->text_data = (void *)(uintptr_t)devt;
	node->inode.i_rdev = devt;
	*sysdir = dir;
	return node;
}

static struct class *kapi___class_create(struct module *owner, const char *name, void *key)
{
	struct umod_fs *fs = umod_fs_of_module(owner);
	struct class *c;

	if (!fs || !name)
		return err_ptr(-EINVAL);
	if (!(c = calloc(1, sizeof(*c))))
		return err_ptr(-ENOMEM);
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->fs = fs;
	c->owner = umod_fs_umod(owner);
	umod_list_init(&c->devices);
	pthread_mutex_lock(&fs->lock);
	if (umod_fs_child(fs->sys_class, c->name)) {
		umod_log_printk(fs->host->log, KERN_ERR "sysfs: cannot create duplicate filename '/class/%s'\n",
				c->name);
		pthread_mutex_unlock(&fs->lock);
		free(c);
		return err_ptr(-EEXIST);
	}
	c->dir = umod_fs_node_add(fs->sys_class, c->name, UMOD_FS_DIR, S_IFDIR | 0755, c->owner);
	if (c->dir)
		umod_list_add(&c->link, &fs->classes);
	pthread_mutex_unlock(&fs->lock);
	if (!c->dir) {
		free(c);
		return err_ptr(-ENOMEM);
	}
	return c;
}

static void device_del_locked(struct device *d)
{
	umod_list_del(&d->link);
	umod_fs_node_remove(d->node);
	umod_fs_node_remove(d->sysdir);
	free(d);
}

static void class_del_locked(struct class *c)
{
	while (c->devices.next != &c->devices)
		device_del_locked(umod_container_of(c->devices.next, struct device, link));
	umod_list_del(&c->link);
	umod_fs_node_remove(c->dir);
	free(c);
}

static bool is_err_or_null(const void *p)
{
	return !p || (uintptr_t)p >= (uintptr_t)-4095;
}

static void kapi_class_destroy(struct class *c)
{
	struct umod_fs *fs;

	if (is_err_or_null(c))
		return;
	fs = c->fs;
	pthread_mutex_lock(&fs->lock);
	class_del_locked(c);
	pthread_mutex_unlock(&fs->lock);
}

static struct device *kapi_device_create(struct class *c, struct device *parent,
					 unsigned int devt, void *drvdata, const char *fmt, ...)
{
	struct device *d;
	va_list ap;
	int err;

	if (is_err_or_null(c))
		return err_ptr(-ENODEV);
	if (!(d = calloc(1, sizeof(*d))))
		return err_ptr(-ENOMEM);
	va_start(ap, fmt);
	vsnprintf(d->name, sizeof(d->name), fmt, ap);
	va_end(ap);
	d->cls = c;
	d->devt = devt;
	d->drvdata = drvdata;
	pthread_mutex_lock(&c->fs->lock);
	d->node = umod_device_nodes(c->fs, c->name, d->name, devt, 0600, c->owner,
				    &d->sysdir, &err);
	if (d->node)
		umod_list_add(&d->link, c->devices.prev);
	else if (err == -EEXIST)
		umod_log_printk(c->fs->host->log, KERN_ERR "sysfs: cannot create duplicate filename '/class/%s/%s'\n",
				c->name, d->name);
	pthread_mutex_unlock(&c->fs->lock);
	if (!d->node) {
		free(d);
		return err_ptr(err);
	}
	return d;
}

static void kapi_device_destroy(struct class *c, unsigned int devt)
{
	if (is_err_or_null(c))
		return;
	pthread_mutex_lock(&c->fs->lock);
	for (struct umod_list *l = c->devices.next; l != &c->devices; l = l->next) {
		struct device *d = umod_container_of(l, struct device, link);

		if (d->devt == devt) {
			device_del_locked(d);
			break;
		}
	}
	pthread_mutex_unlock(&c->fs->lock);
}

static void *kapi_dev_get_drvdata(const struct device *d)
{
	return d ? d->drvdata : NULL;
}

static void kapi_dev_set_drvdata(struct device *d, void *data)
{
	if (d)
		d->drvdata = data;
}

static const char *kapi_dev_name(const struct device *d)
{
	return d ? d->name : "(NULL device *)";
}

/* a class device has no driver: the kernel names its class */
static const char *kapi_dev_driver_string(const struct device *d)
{
	return d && d->cls ? d->cls->name : "";
}

void umod_class_leftovers(struct umod_fs *fs, struct umod_module *mod)
{
	struct umod_list *l = fs->classes.next;

	while (l != &fs->classes) {
		struct class *c = umod_container_of(l, struct class, link);

		l = l->next;
		if (c->owner != mod)
			continue;
		umod_log_printk(fs->host->log, KERN_WARNING "%s: exit left class %s created: destroyed\n",
				mod->name, c->name);
		class_del_locked(c);
	}
}

static const struct umod_kapi_export class_exports[] = {
	UMOD_KAPI("__class_create", kapi___class_create),
	UMOD_KAPI("class_destroy", kapi_class_destroy),
	UMOD_KAPI("device_create", kapi_device_create),
	UMOD_KAPI("device_destroy", kapi_device_destroy),
	UMOD_KAPI("dev_get_drvdata", kapi_dev_get_drvdata),
	UMOD_KAPI("dev_set_drvdata", kapi_dev_set_drvdata),
	UMOD_KAPI("dev_name", kapi_dev_name),
	UMOD_KAPI("dev_driver_string", kapi_dev_driver_string),
};

const struct umod_kapi_table umod_kapi_class = UMOD_KAPI_TABLE(class_exports);
