// SPDX-License-Identifier: MIT
/*
 * Devices (Linux 6.1's drivers/base/core.c): initialise, add, delete and
 * release, with the directory below /sys/devices each one gets and what
 * is in it (uevent, dev, subsystem, power/, the groups of its class,
 * type and its own), the /sys/dev/char link of a device with a dev_t and
 * its node in dev/. A device is a kobject: the last put_device() calls
 * its release (the device's own, its type's or its class's, as the code
 * of the module that initialised it).
 *
 * Which host: a device's parent's, else the host of the module whose code
 * calls (device_register() takes no module, as in 6.1), else the one host
 * code names (umod_device_add()).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kern_levels.h>

#include "drivers/base/base.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/locking/mutex.h"
#include "kernel/module/module.h"
#include "kernel/panic.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "lib/kobject_uevent.h"
#include "lib/vsprintf.h"

#define MINORBITS	20

/* ---- who calls ------------------------------------------------------------ */

struct umod_module *umod_caller_module(void)
{
	struct umod_task *t = umod_task_peek();

	return t && t->call ? t->call->mod : NULL;
}

struct umod_driver_core *umod_caller_core(void)
{
	struct umod_module *mod = umod_caller_module();

	return mod ? umod_driver_core(mod->host) : NULL;
}

struct umod_driver_core *umod_dev_core(struct device *dev)
{
	for (; dev; dev = dev->parent)
		if (dev->p && dev->p->core)
			return dev->p->core;
	return umod_caller_core();
}

long umod_base_call(struct umod_module *mod, long (*fn)(void *), void *arg)
{
	long ret;

	if (!mod)
		return fn(arg);
	return umod_call(mod, fn, arg, &ret) ? UMOD_OOPSED : ret;
}

void umod_base_printk(struct umod_driver_core *core, const char *fmt, ...)
{
	va_list ap;

	if (!core)
		return;
	va_start(ap, fmt);
	umod_log_vprintk(core->host->log, fmt, ap);
	va_end(ap);
}

/* ---- names ------------------------------------------------------------------ */

/* the kernel's formatter (%pOFn ...); a '/' becomes '!', as kobject names are one component */
static int set_name_va(struct device *dev, const char *fmt, va_list ap)
{
	va_list copy;
	char *name;
	int len;

	va_copy(copy, ap);
	len = umod_vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	if (len < 0)
		return -EINVAL;
	name = malloc((size_t)len + 1);
	if (!name)
		return -ENOMEM;
	umod_vsnprintf(name, (size_t)len + 1, fmt, ap);
	for (char *p = name; (p = strchr(p, '/')); p++)
		*p = '!';
	if (dev->kobj.name_owned)
		free((char *)dev->kobj.name);
	dev->kobj.name = name;
	dev->kobj.name_owned = 1;
	return 0;
}

int umod_dev_set_name(struct device *dev, const char *fmt, ...)
{
	va_list ap;
	int err;

	va_start(ap, fmt);
	err = set_name_va(dev, fmt, ap);
	va_end(ap);
	return err;
}

const char *umod_dev_name(const struct device *dev)
{
	return dev->init_name ? dev->init_name : dev->kobj.name;
}

/* ---- the private half --------------------------------------------------------- */

struct device_private *umod_device_private(struct device *dev)
{
	struct device_private *p = dev->p;

	if (p)
		return p;
	p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->device = dev;
	umod_list_init(&p->node_core);
	umod_list_init(&p->node_bus);
	umod_list_init(&p->node_driver);
	umod_list_init(&p->node_class);
	umod_list_init(&p->node_parent);
	umod_list_init(&p->children);
	umod_list_init(&p->deferred);
	umod_list_init(&p->devres);
	pthread_mutex_init(&p->devres_lock, NULL);
	dev->p = p;
	return p;
}

/* ---- release ------------------------------------------------------------------- */

struct release_call {
	void (*fn)(struct device *dev);
	struct device *dev;
};

static long call_release(void *arg)
{
	struct release_call *c = arg;

	c->fn(c->dev);
	return 0;
}

/*
 * device_release(): devres first (a device that never bound may still
 * hold some), then the device's, its type's or its class's release, as
 * the code of the module that initialised it. Without one the kernel
 * warns and leaks the device.
 */
static void device_release(struct kobject *kobj)
{
	struct device *dev = to_dev(kobj);
	struct device_private *p = dev->p;
	struct umod_driver_core *core = p ? p->core : NULL;
	struct release_call c = { .dev = dev };

	umod_devres_release_all(dev);
	if (dev->release)
		c.fn = dev->release;
	else if (dev->type && dev->type->release)
		c.fn = dev->type->release;
	else if (dev->class && dev->class->dev_release)
		c.fn = dev->class->dev_release;
	if (c.fn) {
		dev->p = NULL;
		umod_base_call(p ? p->owner : NULL, call_release, &c);
	} else if (core) {
		umod_warn_host("drivers/base/core.c", 2358, "device_release",
			       "Device '%s' does not have a release() function, it is broken and must be fixed. See Documentation/core-api/kobject.rst.\n",
			       umod_dev_name(dev));
	}
	if (p) {
		free(p->deferred_probe_reason);
		free(p->devnode);
		pthread_mutex_destroy(&p->devres_lock);
		free(p);
	}
}

static long dev_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct device_attribute *da = umod_container_of(attr, struct device_attribute, attr);

	return da->show ? da->show(to_dev(kobj), da, buf) : -EIO;
}

static long dev_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			   size_t count)
{
	struct device_attribute *da = umod_container_of(attr, struct device_attribute, attr);

	return da->store ? da->store(to_dev(kobj), da, buf, count) : -EIO;
}

static const struct sysfs_ops dev_sysfs_ops = {
	.show = dev_attr_show,
	.store = dev_attr_store,
};

static const struct kobj_type device_ktype = {
	.release = device_release,
	.sysfs_ops = &dev_sysfs_ops,
};

/* ---- initialise, get, put ------------------------------------------------------- */

void umod_device_initialize(struct umod_driver_core *core, struct device *dev)
{
	struct device_private *p = umod_device_private(dev);

	umod_kobject_init(NULL, &dev->kobj, &device_ktype);
	umod_mutex_init(&dev->mutex);
	umod_list_init((struct umod_list *)&dev->dma_pools);
	dev->power.runtime_auto = 1;
	dev->power.disable_depth = 1;
	if (p) {
		p->core = core;
		p->owner = umod_caller_module();
	}
}

struct device *umod_get_device(struct device *dev)
{
	return dev ? to_dev(umod_kobject_get(&dev->kobj)) : NULL;
}

void umod_put_device(struct device *dev)
{
	if (dev)
		umod_kobject_put(&dev->kobj);
}

/* ---- the files in a device's directory ------------------------------------------- */

int umod_base_file(struct kobject *kobj, const char *name, unsigned int mode,
		   const struct umod_kernfs_ops *ops, void *priv)
{
	struct umod_kernfs_new nw = {
		.parent = umod_kobject_dir(kobj), .host = kobj->host, .name = name,
		.type = UMOD_SYSFS_FILE, .kind = UMOD_KN_PLAIN, .mode = mode, .ops = ops,
		.priv = priv,
	};

	return nw.parent ? umod_kernfs_create(&nw, NULL) : -ENOENT;
}

int umod_base_link(struct kobject *kobj, const char *name, struct kobject *target)
{
	return umod_kernfs_link(kobj->host, umod_kobject_dir(kobj), name,
				umod_kobject_dir(target));
}

void umod_base_unlink(struct kobject *kobj, const char *name)
{
	struct kernfs_node *dir = umod_kobject_dir(kobj);

	if (dir)
		umod_kernfs_remove_by_name(dir, kobj->host, name);
}

struct uevent_call {
	int (*fn)(struct device *dev, struct kobj_uevent_env *env);
	struct device *dev;
	struct kobj_uevent_env *env;
};

static long call_uevent(void *arg)
{
	struct uevent_call *c = arg;

	return c->fn(c->dev, c->env);
}

/* a bus's, class's or type's uevent: module code when they are a module's */
static int other_uevent(struct umod_module *mod, int (*fn)(struct device *, struct kobj_uevent_env *),
			struct device *dev, struct kobj_uevent_env *env)
{
	struct uevent_call c = { fn, dev, env };

	return fn ? (int)umod_base_call(mod, call_uevent, &c) : 0;
}

/* 6.1's dev_uevent(): the node, the type, the driver, the firmware node, then the others' */
int umod_dev_uevent(struct device *dev, struct kobj_uevent_env *env)
{
	struct umod_driver_core *core = dev->p ? dev->p->core : NULL;
	struct subsys_private *sp;
	int err = 0;

	if (dev->devt >> MINORBITS) {
		umod_add_uevent_var(env, "MAJOR=%u", dev->devt >> MINORBITS);
		umod_add_uevent_var(env, "MINOR=%u", dev->devt & ((1u << MINORBITS) - 1));
		umod_add_uevent_var(env, "DEVNAME=%s", umod_dev_name(dev));
	}
	if (dev->type && dev->type->name)
		umod_add_uevent_var(env, "DEVTYPE=%s", dev->type->name);
	if (dev->driver)
		umod_add_uevent_var(env, "DRIVER=%s", dev->driver->name);
	umod_of_device_uevent(dev, env);	/* OF_NAME=... for a node of the board */
	if (dev->bus && core && (sp = umod_bus_private(core, dev->bus)))
		err = other_uevent(sp->owner, dev->bus->uevent, dev, env);
	if (!err && dev->class && core && (sp = umod_class_private(core, dev->class)))
		err = other_uevent(sp->owner, dev->class->dev_uevent, dev, env);
	if (!err && dev->type)
		err = other_uevent(dev->p ? dev->p->owner : NULL, dev->type->uevent, dev, env);
	return err;
}

static long uevent_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct kobj_uevent_env *env = calloc(1, sizeof(*env));
	size_t len = 0;

	if (!env)
		return -ENOMEM;
	if (!umod_dev_uevent(priv, env))
		for (int i = 0; i < env->envp_idx; i++)
			len += (size_t)snprintf(page + len, UMOD_PAGE_SIZE - len, "%s\n",
						env->envp[i]);
	free(env);
	return len < UMOD_PAGE_SIZE ? (long)len : (long)UMOD_PAGE_SIZE - 1;
}

/* "add", "change" ...: a synthetic event; udev's answer is to load the modalias again */
static long uevent_store(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	if (!strncmp(buf, "add", 3))
		umod_base_request_modalias(priv);
	return (long)len;
}

static const struct umod_kernfs_ops uevent_ops = { uevent_show, uevent_store };

static long dev_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct device *dev = priv;

	return snprintf(page, UMOD_PAGE_SIZE, "%u:%u\n", dev->devt >> MINORBITS,
			dev->devt & ((1u << MINORBITS) - 1));
}

static const struct umod_kernfs_ops dev_ops = { dev_show, NULL };

/* /sys/dev/char/MAJ:MIN (a disk's: /sys/dev/block/) -> the device */
static int devt_link(struct device *dev, bool add)
{
	bool block = dev->class && dev->class->name && !strcmp(dev->class->name, "block");
	struct kernfs_node *dir = umod_kernfs_root(block ? UMOD_KERNFS_DEV_BLOCK :
						   UMOD_KERNFS_DEV_CHAR);
	char name[32];

	snprintf(name, sizeof(name), "%u:%u", dev->devt >> MINORBITS,
		 dev->devt & ((1u << MINORBITS) - 1));
	if (!add) {
		umod_kernfs_remove_by_name(dir, dev->kobj.host, name);
		return 0;
	}
	return umod_kernfs_link(dev->kobj.host, dir, name, dev->kobj.sd);
}

/* the groups of the class, the type and the device: each one's module runs them */
static int add_groups(struct device *dev, struct umod_module *mod,
		      const struct attribute_group **groups)
{
	if (!groups)
		return 0;
	return umod_sysfs_create_groups(mod ? mod->kmod : NULL, &dev->kobj, groups);
}

static int device_add_attrs(struct device *dev)
{
	struct device_private *p = dev->p;
	struct subsys_private *sp = dev->class ? umod_class_private(p->core, dev->class) : NULL;
	int err;

	err = add_groups(dev, sp ? sp->owner : NULL, dev->class ? dev->class->dev_groups : NULL);
	if (!err && dev->type)
		err = add_groups(dev, p->owner, dev->type->groups);
	if (!err)
		err = add_groups(dev, p->owner, dev->groups);
	return err;
}

/* the directory's files that every device has, and those of a dev_t */
static int device_add_files(struct device *dev)
{
	int err = umod_base_file(&dev->kobj, "uevent", 0644, &uevent_ops, dev);

	if (!err && dev->devt >> MINORBITS) {
		err = umod_base_file(&dev->kobj, "dev", 0444, &dev_ops, dev);
		if (!err)
			err = devt_link(dev, true);
	}
	if (!err)
		err = device_add_attrs(dev);
	if (!err)
		err = umod_dpm_sysfs_add(dev);
	return err;
}

/* get_device_parent(): a parent device's directory, a class's virtual one, or /sys/devices */
static struct kobject *parent_dir(struct device *dev)
{
	if (dev->class && !dev->parent)
		return umod_class_dir(dev);
	if (dev->parent)
		return &dev->parent->kobj;
	return umod_kobject_root(UMOD_KERNFS_DEVICES);
}

/* init_name, else the bus's dev_name and the id */
static int name_device(struct device *dev)
{
	if (dev->init_name) {
		int err = umod_dev_set_name(dev, "%s", dev->init_name);

		dev->init_name = NULL;
		return err;
	}
	if (!dev->kobj.name && dev->bus && dev->bus->dev_name)
		return umod_dev_set_name(dev, "%s%u", dev->bus->dev_name, dev->id);
	return dev->kobj.name ? 0 : -EINVAL;
}

static void link_child(struct device *dev, bool add)
{
	struct umod_driver_core *core = dev->p->core;

	pthread_mutex_lock(&core->lock);
	if (add) {
		umod_list_add(&dev->p->node_core, core->devices.prev);
		if (dev->parent && dev->parent->p)
			umod_list_add(&dev->p->node_parent, dev->parent->p->children.prev);
	} else {
		umod_list_del(&dev->p->node_core);
		umod_list_del(&dev->p->node_parent);
		umod_list_init(&dev->p->node_core);
		umod_list_init(&dev->p->node_parent);
	}
	pthread_mutex_unlock(&core->lock);
}

/* device_add() in 6.1's order; on failure everything done so far is undone */
int umod_device_add(struct umod_driver_core *core, struct device *dev)
{
	struct device_private *p = umod_device_private(dev);
	int err;

	if (!p || !core)
		return -ENOMEM;
	p->core = core;
	p->added_by = umod_module_made(umod_caller_module(), UMOD_MADE_DRIVER);
	dev->kobj.host = core->host;
	err = name_device(dev);
	if (err)
		return err;
	umod_get_device(dev->parent);
	err = umod_kobject_add(&dev->kobj, parent_dir(dev), dev->kobj.name);
	if (err)
		goto out_parent;
	err = device_add_files(dev);
	if (!err)
		err = umod_class_add_device(dev);
	if (!err)
		err = umod_bus_add_device(dev);
	if (err)
		goto out_del;
	if (dev->devt >> MINORBITS)
		umod_devtmpfs_create_node(dev);
	p->added = true;
	link_child(dev, true);
	umod_base_request_modalias(dev);
	umod_bus_probe_device(dev);
	return 0;
out_del:
	umod_bus_remove_device(dev);
	umod_class_remove_device(dev);
	umod_kobject_del(&dev->kobj);
out_parent:
	umod_put_device(dev->parent);
	return err;
}

void umod_device_del(struct device *dev)
{
	struct device_private *p = dev->p;

	if (!p || !p->added)
		return;
	p->added = false;
	link_child(dev, false);
	umod_deferred_probe_del(dev);
	if (dev->devt >> MINORBITS) {
		umod_devtmpfs_delete_node(dev);
		devt_link(dev, false);
	}
	umod_bus_remove_device(dev);
	umod_class_remove_device(dev);
	umod_kobject_del(&dev->kobj);
	umod_put_device(dev->parent);
}

/* ---- walks over a list of devices ------------------------------------------------ */

struct device **umod_base_collect(struct umod_driver_core *core, struct umod_list *head,
				  size_t offset, size_t *np)
{
	struct device **v = NULL;
	size_t n = 0;

	pthread_mutex_lock(&core->lock);
	for (struct umod_list *l = head->next; l != head; l = l->next)
		n++;
	if (n && (v = calloc(n, sizeof(*v)))) {
		n = 0;
		for (struct umod_list *l = head->next; l != head; l = l->next) {
			struct device_private *p = (void *)((char *)l - offset);

			v[n++] = umod_get_device(p->device);
		}
	} else {
		n = 0;
	}
	pthread_mutex_unlock(&core->lock);
	*np = n;
	return v;
}

void umod_base_put_all(struct device **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		umod_put_device(v[i]);
	free(v);
}

/* ---- the exports ------------------------------------------------------------------ */

static void kapi_device_initialize(struct device *dev)
{
	umod_device_initialize(umod_dev_core(dev), dev);
}

static int kapi_device_add(struct device *dev)
{
	struct umod_driver_core *core;

	if (!dev)
		return -EINVAL;
	core = umod_dev_core(dev);
	return core ? umod_device_add(core, dev) : -ENODEV;
}

static int kapi_device_register(struct device *dev)
{
	kapi_device_initialize(dev);
	return kapi_device_add(dev);
}

static void kapi_device_del(struct device *dev)
{
	if (dev)
		umod_device_del(dev);
}

static void kapi_device_unregister(struct device *dev)
{
	if (!dev)
		return;
	umod_device_del(dev);
	umod_put_device(dev);
}

static struct device *kapi_get_device(struct device *dev)
{
	return umod_get_device(dev);
}

static void kapi_put_device(struct device *dev)
{
	umod_put_device(dev);
}

/* 6.1: the driver's name, else the bus's or the class's */
const char *umod_dev_driver_string(const struct device *dev)
{
	struct device_driver *drv = __atomic_load_n(&dev->driver, __ATOMIC_RELAXED);

	if (drv)
		return drv->name;
	return dev->bus ? dev->bus->name : dev->class ? dev->class->name : "";
}

static int kapi_device_create_file(struct device *dev, const struct device_attribute *attr)
{
	struct umod_module *mod = umod_caller_module();

	if (!dev || !attr)
		return -EINVAL;
	return umod_sysfs_create_file(mod ? mod->kmod : NULL, &dev->kobj, &attr->attr);
}

static void kapi_device_remove_file(struct device *dev, const struct device_attribute *attr)
{
	if (dev && attr)
		umod_sysfs_remove_file(&dev->kobj, &attr->attr);
}

static int kapi_device_add_groups(struct device *dev, const struct attribute_group **groups)
{
	return add_groups(dev, umod_caller_module(), groups);
}

static void kapi_device_remove_groups(struct device *dev,
				      const struct attribute_group **groups)
{
	umod_sysfs_remove_groups(&dev->kobj, groups);
}

struct child_call {
	int (*fn)(struct device *dev, void *data);
	struct device *dev;
	void *data;
};

static long call_child_fn(void *arg)
{
	struct child_call *c = arg;

	return c->fn(c->dev, c->data);
}

/* the children in order, @fn as the caller's code, up to the first non-zero */
static int for_each_child(struct device *parent, void *data,
			  int (*fn)(struct device *dev, void *data), struct device **found)
{
	struct device **v;
	size_t n;
	int ret = 0;

	if (!parent || !parent->p || !parent->p->core)
		return 0;
	v = umod_base_collect(parent->p->core, &parent->p->children,
			      offsetof(struct device_private, node_parent), &n);
	for (size_t i = 0; i < n && !ret; i++) {
		struct child_call c = { fn, v[i], data };

		ret = (int)call_child_fn(&c);
		if (ret && found)
			*found = umod_get_device(v[i]);
	}
	umod_base_put_all(v, n);
	return ret;
}

static int kapi_device_for_each_child(struct device *parent, void *data,
				      int (*fn)(struct device *dev, void *data))
{
	return for_each_child(parent, data, fn, NULL);
}

static struct device *kapi_device_find_child(struct device *parent, void *data,
					     int (*match)(struct device *dev, void *data))
{
	struct device *found = NULL;

	for_each_child(parent, data, match, &found);
	return found;
}

/* the parent of a new device when it is bound (6.1's device_set_of_node_from_dev) */
static void kapi_device_set_of_node_from_dev(struct device *dev, const struct device *dev2)
{
	dev->of_node = dev2->of_node;
	dev->fwnode = dev2->fwnode;
	dev->of_node_reused = true;
}

static const struct umod_kapi_export core_exports[] = {
	UMOD_KAPI_GPL("device_initialize", kapi_device_initialize),
	UMOD_KAPI_GPL("device_add", kapi_device_add),
	UMOD_KAPI_GPL("device_register", kapi_device_register),
	UMOD_KAPI_GPL("device_del", kapi_device_del),
	UMOD_KAPI_GPL("device_unregister", kapi_device_unregister),
	UMOD_KAPI_GPL("get_device", kapi_get_device),
	UMOD_KAPI_GPL("put_device", kapi_put_device),
	UMOD_KAPI_GPL("dev_set_name", umod_dev_set_name),
	UMOD_KAPI("dev_driver_string", umod_dev_driver_string),
	UMOD_KAPI_GPL("device_create_file", kapi_device_create_file),
	UMOD_KAPI_GPL("device_remove_file", kapi_device_remove_file),
	UMOD_KAPI_GPL("device_add_groups", kapi_device_add_groups),
	UMOD_KAPI_GPL("device_remove_groups", kapi_device_remove_groups),
	UMOD_KAPI_GPL("device_for_each_child", kapi_device_for_each_child),
	UMOD_KAPI_GPL("device_find_child", kapi_device_find_child),
	UMOD_KAPI_GPL("device_set_of_node_from_dev", kapi_device_set_of_node_from_dev),
};

const struct umod_kapi_table umod_kapi_device_core = UMOD_KAPI_TABLE(core_exports);

/* ---- dev_printk: "DRIVER DEVICE: message", the log of the device's host ---------- */

static struct umod_log *dev_log(const struct device *dev)
{
	struct umod_driver_core *core = dev ? umod_dev_core((struct device *)dev) : NULL;

	if (!core)
		core = umod_caller_core();
	return core ? core->host->log : NULL;
}

/* 6.1's __dev_printk(): the prefix is the driver's name (or bus's, class's) and the device's */
static void dev_vprintk(const char *level, const struct device *dev, const char *fmt,
			va_list ap)
{
	struct umod_log *log = dev_log(dev);
	char text[1024];

	if (!log)
		return;
	umod_vsnprintf(text, sizeof(text), fmt, ap);
	if (dev)
		umod_log_printk(log, "%s%s %s: %s", level, umod_dev_driver_string(dev),
				umod_dev_name(dev), text);
	else
		umod_log_printk(log, "%s(NULL device *): %s", level, text);
}

static void kapi__dev_printk(const char *level, const struct device *dev, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dev_vprintk(level, dev, fmt, ap);
	va_end(ap);
}

void umod_dev_printk(const char *level, const struct device *dev, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dev_vprintk(level, dev, fmt, ap);
	va_end(ap);
}

#define DEFINE_DEV_PRINTK(name, level)						\
static void kapi_##name(const struct device *dev, const char *fmt, ...)	\
{										\
	va_list ap;								\
										\
	va_start(ap, fmt);							\
	dev_vprintk(level, dev, fmt, ap);					\
	va_end(ap);								\
}

DEFINE_DEV_PRINTK(_dev_emerg, KERN_EMERG)
DEFINE_DEV_PRINTK(_dev_alert, KERN_ALERT)
DEFINE_DEV_PRINTK(_dev_crit, KERN_CRIT)
DEFINE_DEV_PRINTK(_dev_err, KERN_ERR)
DEFINE_DEV_PRINTK(_dev_warn, KERN_WARNING)
DEFINE_DEV_PRINTK(_dev_notice, KERN_NOTICE)
DEFINE_DEV_PRINTK(_dev_info, KERN_INFO)

/*
 * dev_err_probe(): an error is logged ("error -ENOENT: ..."); a deferral
 * is only recorded as the reason devices_deferred shows (and dev_dbg'd).
 */
static int kapi_dev_err_probe(const struct device *dev, int err, const char *fmt, ...)
{
	char text[512], name[32];
	const char *ename;
	va_list ap;

	va_start(ap, fmt);
	umod_vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	ename = umod_errname(err, name, sizeof(name));
	if (!ename) {
		snprintf(name, sizeof(name), "%d", err);
		ename = name;
	}
	if (err != -EPROBE_DEFER) {
		kapi__dev_printk(KERN_ERR, dev, "error %s: %s", ename, text);
	} else if (dev && dev->p) {
		char *reason = strdup(text);

		free(__atomic_exchange_n(&dev->p->deferred_probe_reason, reason, __ATOMIC_ACQ_REL));
	}
	return err;
}

static const struct umod_kapi_export dev_printk_exports[] = {
	UMOD_KAPI("_dev_printk", kapi__dev_printk),
	UMOD_KAPI("_dev_emerg", kapi__dev_emerg),
	UMOD_KAPI("_dev_alert", kapi__dev_alert),
	UMOD_KAPI("_dev_crit", kapi__dev_crit),
	UMOD_KAPI("_dev_err", kapi__dev_err),
	UMOD_KAPI("_dev_warn", kapi__dev_warn),
	UMOD_KAPI("_dev_notice", kapi__dev_notice),
	UMOD_KAPI("_dev_info", kapi__dev_info),
	UMOD_KAPI_GPL("dev_err_probe", kapi_dev_err_probe),
};

const struct umod_kapi_table umod_kapi_dev_printk = UMOD_KAPI_TABLE(dev_printk_exports);
