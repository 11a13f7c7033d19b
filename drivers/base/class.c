// SPDX-License-Identifier: MIT
/*
 * Device classes (Linux 6.1's drivers/base/class.c, and device_create()
 * from core.c): /sys/class/NAME holds a link per class device; a class
 * device without a parent lives in /sys/devices/virtual/NAME/DEV, with a
 * `subsystem` link back to its class. class_create() allocates a class
 * that class_destroy() frees; class_register() takes the caller's.
 * device_create() makes a host-allocated device with a dev_t: its `dev`
 * file, /sys/dev/char/MAJ:MIN and dev/NAME (core.c, devtmpfs.c).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "lib/vsprintf.h"

struct subsys_private *umod_class_private(struct umod_driver_core *core,
					  const struct class *cls)
{
	struct subsys_private *found = NULL;

	if (!core || !cls)
		return NULL;
	pthread_mutex_lock(&core->lock);
	for (struct umod_list *l = core->classes.next; l != &core->classes; l = l->next) {
		struct subsys_private *sp = umod_container_of(l, struct subsys_private, link);

		if (sp->class == cls)
			found = sp;
	}
	pthread_mutex_unlock(&core->lock);
	return found;
}

static long class_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct class_attribute *ca = umod_container_of(attr, struct class_attribute, attr);
	struct subsys_private *sp = umod_container_of(kobj, struct subsys_private, subsys);

	return ca->show ? ca->show(sp->class, ca, buf) : -EIO;
}

static long class_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			     size_t count)
{
	struct class_attribute *ca = umod_container_of(attr, struct class_attribute, attr);
	struct subsys_private *sp = umod_container_of(kobj, struct subsys_private, subsys);

	return ca->store ? ca->store(sp->class, ca, buf, count) : -EIO;
}

static const struct sysfs_ops class_sysfs_ops = { class_attr_show, class_attr_store };

struct class_release_call {
	struct class *cls;
};

static long call_class_release(void *arg)
{
	struct class_release_call *c = arg;

	c->cls->class_release(c->cls);
	return 0;
}

/* the class's own release as its module's code; a class_create()d one is freed */
static void class_release(struct kobject *kobj)
{
	struct subsys_private *sp = umod_container_of(kobj, struct subsys_private, subsys);
	struct class_release_call c = { sp->class };

	if (sp->created)
		free(sp->class);
	else if (sp->class->class_release)
		umod_base_call(sp->owner, call_class_release, &c);
	free(sp);
}

static const struct kobj_type class_ktype = { .release = class_release,
					      .sysfs_ops = &class_sysfs_ops };

int umod_class_register(struct umod_driver_core *core, struct class *cls,
			struct umod_module *owner)
{
	struct subsys_private *sp;
	int err;

	if (!core || !cls || !cls->name)
		return -EINVAL;
	if (!(sp = calloc(1, sizeof(*sp))))
		return -ENOMEM;
	sp->class = cls;
	sp->core = core;
	sp->owner = umod_module_made(owner, UMOD_MADE_DRIVER);
	umod_list_init(&sp->devices);
	umod_list_init(&sp->drivers);
	sp->subsys.host = core->host;
	umod_kobject_init(NULL, &sp->subsys, &class_ktype);
	/* a duplicate is "sysfs: cannot create duplicate filename '/class/NAME'" */
	err = umod_kobject_add(&sp->subsys, umod_kobject_root(UMOD_KERNFS_CLASS), cls->name);
	if (!err && cls->class_groups)
		err = umod_sysfs_create_groups(owner ? owner->kmod : NULL, &sp->subsys,
					       cls->class_groups);
	if (err) {
		sp->class = NULL;
		umod_kobject_put(&sp->subsys);
		return err;
	}
	pthread_mutex_lock(&core->lock);
	umod_list_add(&sp->link, core->classes.prev);
	if (!cls->p)
		cls->p = sp;
	pthread_mutex_unlock(&core->lock);
	return 0;
}

/* class_unregister(): its devices were removed by their drivers; the directory goes */
void umod_class_unregister(struct umod_driver_core *core, struct class *cls)
{
	struct subsys_private *sp = umod_class_private(core, cls);

	if (!sp)
		return;
	pthread_mutex_lock(&core->lock);
	umod_list_del(&sp->link);
	if (cls->p == sp)
		cls->p = NULL;
	pthread_mutex_unlock(&core->lock);
	if (sp->glue_dir)
		umod_kobject_put(sp->glue_dir);
	umod_kobject_put(&sp->subsys);
}

/* /sys/devices/virtual/CLASS, made for the class's first device without a parent */
struct kobject *umod_class_dir(struct device *dev)
{
	struct umod_driver_core *core = dev->p->core;
	struct subsys_private *sp = umod_class_private(core, dev->class);
	struct kobject *dir;

	if (!sp)
		return NULL;
	pthread_mutex_lock(&core->lock);
	dir = sp->glue_dir;
	pthread_mutex_unlock(&core->lock);
	if (dir)
		return dir;
	dir = umod_base_kobject(core, dev->class->name, core->virtual_dir);
	pthread_mutex_lock(&core->lock);
	if (!sp->glue_dir) {
		sp->glue_dir = dir;
		dir = NULL;
	}
	pthread_mutex_unlock(&core->lock);
	if (dir)
		umod_kobject_put(dir);
	return sp->glue_dir;
}

/* device_add_class_symlinks(): subsystem, device (the parent), and the class's link */
int umod_class_add_device(struct device *dev)
{
	struct subsys_private *sp;
	int err = 0;

	if (!dev->class)
		return 0;
	sp = umod_class_private(dev->p->core, dev->class);
	if (!sp)
		return -EINVAL;
	if (!dev->bus)
		err = umod_base_link(&dev->kobj, "subsystem", &sp->subsys);
	if (!err && dev->parent)
		err = umod_base_link(&dev->kobj, "device", &dev->parent->kobj);
	if (!err)
		err = umod_base_link(&sp->subsys, umod_dev_name(dev), &dev->kobj);
	if (err)
		return err;
	pthread_mutex_lock(&sp->core->lock);
	umod_list_add(&dev->p->node_class, sp->devices.prev);
	pthread_mutex_unlock(&sp->core->lock);
	return 0;
}

void umod_class_remove_device(struct device *dev)
{
	struct subsys_private *sp;

	if (!dev->class || !(sp = umod_class_private(dev->p->core, dev->class)))
		return;
	pthread_mutex_lock(&sp->core->lock);
	umod_list_del(&dev->p->node_class);
	umod_list_init(&dev->p->node_class);
	pthread_mutex_unlock(&sp->core->lock);
	umod_base_unlink(&sp->subsys, umod_dev_name(dev));
	umod_base_unlink(&dev->kobj, "device");
	if (!dev->bus)
		umod_base_unlink(&dev->kobj, "subsystem");
}

/* ---- device_create(): a device of the host's, freed with its last reference ---- */

static void device_create_release(struct device *dev)
{
	free(dev);
}

struct device *umod_device_create(struct umod_driver_core *core, struct class *cls,
				  struct device *parent, unsigned int devt, void *drvdata,
				  const struct attribute_group **groups, const char *name)
{
	struct device *dev = calloc(1, sizeof(*dev));
	int err;

	if (!dev)
		return (struct device *)(intptr_t)-ENOMEM;
	umod_device_initialize(core, dev);
	if (dev->p)
		dev->p->owner = NULL;	/* the release is the host's */
	dev->devt = devt;
	dev->class = cls;
	dev->parent = parent;
	dev->groups = groups;
	dev->release = device_create_release;
	dev->driver_data = drvdata;
	err = umod_dev_set_name(dev, "%s", name);
	if (!err)
		err = umod_device_add(core, dev);
	if (err) {
		umod_put_device(dev);
		return (struct device *)(intptr_t)err;
	}
	return dev;
}

static struct device *find_devt(struct umod_driver_core *core, struct class *cls,
				unsigned int devt)
{
	struct subsys_private *sp = umod_class_private(core, cls);
	struct device *found = NULL, **v;
	size_t n;

	if (!sp)
		return NULL;
	v = umod_base_collect(core, &sp->devices, offsetof(struct device_private, node_class), &n);
	for (size_t i = 0; i < n && !found; i++)
		if (v[i]->devt == devt)
			found = umod_get_device(v[i]);
	umod_base_put_all(v, n);
	return found;
}

/* ---- the exports -------------------------------------------------------------------- */

static bool is_err_or_null(const void *p)
{
	return !p || (uintptr_t)p >= (uintptr_t)-4095;
}

static struct umod_driver_core *class_core(struct class *cls)
{
	return cls && cls->p ? cls->p->core : umod_caller_core();
}

static struct class *kapi___class_create(struct module *owner, const char *name, void *key)
{
	struct umod_module *mod = umod_module_of(owner);
	struct umod_driver_core *core = mod ? umod_driver_core(mod->host) : umod_caller_core();
	struct class *cls = calloc(1, sizeof(*cls));
	struct subsys_private *sp;
	int err;

	if (!cls)
		return (struct class *)(intptr_t)-ENOMEM;
	cls->name = name;
	cls->owner = owner;
	err = umod_class_register(core, cls, mod);
	if (err) {
		free(cls);
		return (struct class *)(intptr_t)err;
	}
	sp = umod_class_private(core, cls);
	sp->created = true;
	return cls;
}

static void kapi_class_destroy(struct class *cls)
{
	if (!is_err_or_null(cls))
		umod_class_unregister(class_core(cls), cls);
}

static int kapi___class_register(struct class *cls, void *key)
{
	struct umod_module *mod = umod_caller_module();

	return umod_class_register(mod ? umod_driver_core(mod->host) : NULL, cls, mod);
}

static void kapi_class_unregister(struct class *cls)
{
	if (cls)
		umod_class_unregister(class_core(cls), cls);
}

static struct device *create_va(struct class *cls, struct device *parent, unsigned int devt,
				void *drvdata, const struct attribute_group **groups,
				const char *fmt, va_list ap)
{
	char name[256];

	if (is_err_or_null(cls))
		return (struct device *)(intptr_t)-ENODEV;
	umod_vsnprintf(name, sizeof(name), fmt, ap);
	return umod_device_create(class_core(cls), cls, parent, devt, drvdata, groups, name);
}

static struct device *kapi_device_create(struct class *cls, struct device *parent,
					 unsigned int devt, void *drvdata, const char *fmt, ...)
{
	struct device *dev;
	va_list ap;

	va_start(ap, fmt);
	dev = create_va(cls, parent, devt, drvdata, NULL, fmt, ap);
	va_end(ap);
	return dev;
}

static struct device *kapi_device_create_with_groups(struct class *cls, struct device *parent,
						     unsigned int devt, void *drvdata,
						     const struct attribute_group **groups,
						     const char *fmt, ...)
{
	struct device *dev;
	va_list ap;

	va_start(ap, fmt);
	dev = create_va(cls, parent, devt, drvdata, groups, fmt, ap);
	va_end(ap);
	return dev;
}

static void kapi_device_destroy(struct class *cls, unsigned int devt)
{
	struct device *dev;

	if (is_err_or_null(cls))
		return;
	dev = find_devt(class_core(cls), cls, devt);
	if (!dev)
		return;
	umod_put_device(dev);
	umod_device_del(dev);
	umod_put_device(dev);
}

static int kapi_class_for_each_device(struct class *cls, struct device *start, void *data,
				      int (*fn)(struct device *dev, void *data))
{
	struct subsys_private *sp = umod_class_private(class_core(cls), cls);
	struct device **v;
	size_t n, i = 0;
	int ret = 0;

	if (!sp)
		return -EINVAL;
	v = umod_base_collect(sp->core, &sp->devices, offsetof(struct device_private, node_class),
			      &n);
	if (start)
		while (i < n && v[i++] != start)
			;
	for (; i < n && !ret; i++)
		ret = fn(v[i], data);
	umod_base_put_all(v, n);
	return ret;
}

static struct device *kapi_class_find_device(struct class *cls, struct device *start,
					     const void *data,
					     int (*match)(struct device *dev, const void *data))
{
	struct subsys_private *sp = umod_class_private(class_core(cls), cls);
	struct device **v, *found = NULL;
	size_t n, i = 0;

	if (!sp)
		return NULL;
	v = umod_base_collect(sp->core, &sp->devices, offsetof(struct device_private, node_class),
			      &n);
	if (start)
		while (i < n && v[i++] != start)
			;
	for (; i < n && !found; i++)
		if (match(v[i], data))
			found = umod_get_device(v[i]);
	umod_base_put_all(v, n);
	return found;
}

static int kapi_class_create_file_ns(struct class *cls, const struct class_attribute *attr,
				     const void *ns)
{
	struct subsys_private *sp = umod_class_private(class_core(cls), cls);
	struct umod_module *mod = umod_caller_module();

	if (!sp || !attr)
		return -EINVAL;
	return umod_sysfs_create_file(mod ? mod->kmod : NULL, &sp->subsys, &attr->attr);
}

static void kapi_class_remove_file_ns(struct class *cls, const struct class_attribute *attr,
				      const void *ns)
{
	struct subsys_private *sp = umod_class_private(class_core(cls), cls);

	if (sp && attr)
		umod_sysfs_remove_file(&sp->subsys, &attr->attr);
}

static const struct umod_kapi_export class_exports[] = {
	UMOD_KAPI_GPL("__class_create", kapi___class_create),
	UMOD_KAPI_GPL("class_destroy", kapi_class_destroy),
	UMOD_KAPI_GPL("__class_register", kapi___class_register),
	UMOD_KAPI_GPL("class_unregister", kapi_class_unregister),
	UMOD_KAPI_GPL("device_create", kapi_device_create),
	UMOD_KAPI_GPL("device_create_with_groups", kapi_device_create_with_groups),
	UMOD_KAPI_GPL("device_destroy", kapi_device_destroy),
	UMOD_KAPI_GPL("class_for_each_device", kapi_class_for_each_device),
	UMOD_KAPI_GPL("class_find_device", kapi_class_find_device),
	UMOD_KAPI_GPL("class_create_file_ns", kapi_class_create_file_ns),
	UMOD_KAPI_GPL("class_remove_file_ns", kapi_class_remove_file_ns),
};

const struct umod_kapi_table umod_kapi_class = UMOD_KAPI_TABLE(class_exports);
