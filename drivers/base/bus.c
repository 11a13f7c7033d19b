// SPDX-License-Identifier: MIT
/*
 * Buses (Linux 6.1's drivers/base/bus.c): /sys/bus/NAME with devices/
 * (a link per device), drivers/ (a directory per driver, with bind,
 * unbind, uevent and a link per bound device), drivers_autoprobe,
 * drivers_probe and uevent. Adding a device or a driver to a bus links it
 * there and, with autoprobe on, binds (dd.c).
 *
 * A struct bus_type is one object a module (or the host) defines; several
 * hosts in one process may each register the platform bus. Each host's
 * registration is a subsys_private on its own list, found by the bus
 * pointer; bus->p is the first host's, as code that reads it only wants
 * to know the bus is registered.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "lib/klib.h"

struct subsys_private *umod_bus_private(struct umod_driver_core *core,
					const struct bus_type *bus)
{
	struct subsys_private *found = NULL;

	if (!core || !bus)
		return NULL;
	pthread_mutex_lock(&core->lock);
	for (struct umod_list *l = core->buses.next; l != &core->buses; l = l->next) {
		struct subsys_private *sp = umod_container_of(l, struct subsys_private, link);

		if (sp->bus == bus)
			found = sp;
	}
	pthread_mutex_unlock(&core->lock);
	return found;
}

struct device *umod_bus_find_device_by_name(struct subsys_private *sp, const char *name)
{
	struct device *found = NULL;
	struct device **v;
	size_t n;

	v = umod_base_collect(sp->core, &sp->devices, offsetof(struct device_private, node_bus),
			      &n);
	for (size_t i = 0; i < n && !found; i++)
		if (umod_sysfs_streq(umod_dev_name(v[i]), name))
			found = umod_get_device(v[i]);
	umod_base_put_all(v, n);
	return found;
}

/* ---- the bus's files ------------------------------------------------------------- */

static long autoprobe_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct subsys_private *sp = priv;

	return snprintf(page, UMOD_PAGE_SIZE, "%d\n", sp->drivers_autoprobe);
}

static long autoprobe_store(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	struct subsys_private *sp = priv;

	sp->drivers_autoprobe = buf[0] != '0';
	return (long)len;
}

/* drivers_probe: the named device is offered to the drivers again (bus_rescan_devices_helper) */
static long probe_store(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	struct device *dev = umod_bus_find_device_by_name(priv, buf);
	long ret = -EINVAL;

	if (!dev)
		return -ENODEV;
	if (dev->driver || umod_device_attach(dev) >= 0)
		ret = (long)len;
	umod_put_device(dev);
	return ret;
}

/* writing an action is a synthetic uevent; nothing listens but autoloading */
static long bus_uevent_store(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	return (long)len;
}

static const struct umod_kernfs_ops autoprobe_ops = { autoprobe_show, autoprobe_store };
static const struct umod_kernfs_ops probe_ops = { NULL, probe_store };
static const struct umod_kernfs_ops bus_uevent_ops = { NULL, bus_uevent_store };

static int add_bus_files(struct subsys_private *sp)
{
	struct bus_type *bus = sp->bus;
	int err;

	err = umod_base_file(&sp->subsys, "uevent", 0200, &bus_uevent_ops, sp);
	if (!err)
		err = umod_base_file(&sp->subsys, "drivers_probe", 0200, &probe_ops, sp);
	if (!err)
		err = umod_base_file(&sp->subsys, "drivers_autoprobe", 0644, &autoprobe_ops, sp);
	if (!err && bus->bus_groups)
		err = umod_sysfs_create_groups(sp->owner ? sp->owner->kmod : NULL, &sp->subsys,
					       bus->bus_groups);
	return err;
}

static void subsys_release(struct kobject *kobj)
{
	free(umod_container_of(kobj, struct subsys_private, subsys));
}

static long bus_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct bus_attribute *ba = umod_container_of(attr, struct bus_attribute, attr);
	struct subsys_private *sp = umod_container_of(kobj, struct subsys_private, subsys);

	return ba->show ? ba->show(sp->bus, buf) : -EIO;
}

static long bus_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			   size_t count)
{
	struct bus_attribute *ba = umod_container_of(attr, struct bus_attribute, attr);
	struct subsys_private *sp = umod_container_of(kobj, struct subsys_private, subsys);

	return ba->store ? ba->store(sp->bus, buf, count) : -EIO;
}

static const struct sysfs_ops bus_sysfs_ops = { bus_attr_show, bus_attr_store };
static const struct kobj_type bus_ktype = { .release = subsys_release,
					    .sysfs_ops = &bus_sysfs_ops };

/* bus_register(): its directory, devices/ and drivers/, its files */
int umod_bus_register(struct umod_driver_core *core, struct bus_type *bus,
		      struct umod_module *owner)
{
	struct subsys_private *sp;
	int err;

	if (!core || !bus || !bus->name)
		return -EINVAL;
	if (umod_bus_private(core, bus))
		return -EBUSY;
	sp = calloc(1, sizeof(*sp));
	if (!sp)
		return -ENOMEM;
	sp->bus = bus;
	sp->core = core;
	sp->owner = umod_module_made(owner, UMOD_MADE_DRIVER);
	sp->drivers_autoprobe = true;
	umod_list_init(&sp->devices);
	umod_list_init(&sp->drivers);
	sp->subsys.host = core->host;
	umod_kobject_init(NULL, &sp->subsys, &bus_ktype);
	err = umod_kobject_add(&sp->subsys, umod_kobject_root(UMOD_KERNFS_BUS), bus->name);
	if (err) {
		umod_kobject_put(&sp->subsys);
		return err;
	}
	sp->devices_kobj = umod_base_kobject(core, "devices", &sp->subsys);
	sp->drivers_kobj = umod_base_kobject(core, "drivers", &sp->subsys);
	err = sp->devices_kobj && sp->drivers_kobj ? add_bus_files(sp) : -ENOMEM;
	if (err) {
		umod_kobject_put(sp->devices_kobj);
		umod_kobject_put(sp->drivers_kobj);
		umod_kobject_put(&sp->subsys);
		return err;
	}
	pthread_mutex_lock(&core->lock);
	umod_list_add(&sp->link, core->buses.prev);
	if (!bus->p)
		bus->p = sp;
	pthread_mutex_unlock(&core->lock);
	return 0;
}

void umod_bus_unregister(struct umod_driver_core *core, struct bus_type *bus)
{
	struct subsys_private *sp = umod_bus_private(core, bus);

	if (!sp)
		return;
	pthread_mutex_lock(&core->lock);
	umod_list_del(&sp->link);
	if (bus->p == sp)
		bus->p = NULL;
	pthread_mutex_unlock(&core->lock);
	umod_kobject_put(sp->devices_kobj);
	umod_kobject_put(sp->drivers_kobj);
	umod_kobject_put(&sp->subsys);
}

/* ---- devices on the bus ------------------------------------------------------------- */

int umod_bus_add_device(struct device *dev)
{
	struct subsys_private *sp = dev->bus ? umod_bus_private(dev->p->core, dev->bus) : NULL;
	int err;

	if (!dev->bus)
		return 0;
	if (!sp)
		return -EINVAL;	/* the bus is not registered here */
	err = umod_sysfs_create_groups(sp->owner ? sp->owner->kmod : NULL, &dev->kobj,
				       dev->bus->dev_groups);
	if (!err)
		err = umod_base_link(sp->devices_kobj, umod_dev_name(dev), &dev->kobj);
	if (!err)
		err = umod_base_link(&dev->kobj, "subsystem", &sp->subsys);
	if (err)
		return err;
	pthread_mutex_lock(&sp->core->lock);
	umod_list_add(&dev->p->node_bus, sp->devices.prev);
	pthread_mutex_unlock(&sp->core->lock);
	dev->p->bus_added = true;
	return 0;
}

void umod_bus_probe_device(struct device *dev)
{
	struct subsys_private *sp = dev->bus ? umod_bus_private(dev->p->core, dev->bus) : NULL;

	if (sp && sp->drivers_autoprobe)
		umod_device_attach(dev);
}

void umod_bus_remove_device(struct device *dev)
{
	struct subsys_private *sp = dev->bus ? umod_bus_private(dev->p->core, dev->bus) : NULL;

	if (!sp || !dev->p->bus_added)
		return;
	umod_base_unlink(&dev->kobj, "subsystem");
	umod_base_unlink(sp->devices_kobj, umod_dev_name(dev));
	umod_sysfs_remove_groups(&dev->kobj, dev->bus->dev_groups);
	pthread_mutex_lock(&sp->core->lock);
	umod_list_del(&dev->p->node_bus);
	umod_list_init(&dev->p->node_bus);
	pthread_mutex_unlock(&sp->core->lock);
	dev->p->bus_added = false;
	umod_device_release_driver(dev);
}

/* ---- drivers on the bus -------------------------------------------------------------- */

/* bind: an unbound device of this bus that the driver matches is bound to it */
static long bind_store(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	struct driver_private *dp = priv;
	struct device *dev = umod_bus_find_device_by_name(dp->bus, buf);
	long err = -ENODEV;

	if (dev && umod_driver_match_device(dp->driver, dev) > 0) {
		err = umod_device_driver_attach(dp->driver, dev);
		if (!err)
			err = (long)len;
	}
	umod_put_device(dev);
	return err;
}

/* unbind: the named device, if this driver has it, is released */
static long unbind_store(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	struct driver_private *dp = priv;
	struct device *dev = umod_bus_find_device_by_name(dp->bus, buf);
	long err = -ENODEV;

	if (dev && dev->driver == dp->driver) {
		umod_device_release_driver(dev);
		err = (long)len;
	}
	umod_put_device(dev);
	return err;
}

static const struct umod_kernfs_ops bind_ops = { NULL, bind_store };
static const struct umod_kernfs_ops unbind_ops = { NULL, unbind_store };

/* module_add_driver(): the driver's module, a link into /sys/module */
static int module_link(struct driver_private *dp)
{
	struct umod_kernfs_new nw = {
		.parent = umod_kobject_dir(&dp->kobj), .host = dp->kobj.host, .name = "module",
		.type = UMOD_SYSFS_LINK, .kind = UMOD_KN_PLAIN, .mode = 0777,
	};
	char target[128];

	if (!dp->owner)
		return 0;
	snprintf(target, sizeof(target), "../../../../module/%s", dp->owner->name);
	nw.target = target;
	return umod_kernfs_create(&nw, NULL);
}

static int add_driver_files(struct driver_private *dp)
{
	struct device_driver *drv = dp->driver;
	struct subsys_private *sp = dp->bus;
	int err;

	err = umod_base_file(&dp->kobj, "uevent", 0200, &bus_uevent_ops, dp);
	if (!err && !drv->suppress_bind_attrs)
		err = umod_base_file(&dp->kobj, "bind", 0200, &bind_ops, dp);
	if (!err && !drv->suppress_bind_attrs)
		err = umod_base_file(&dp->kobj, "unbind", 0200, &unbind_ops, dp);
	if (!err)
		err = module_link(dp);
	if (!err && drv->bus->drv_groups)
		err = umod_sysfs_create_groups(sp->owner ? sp->owner->kmod : NULL, &dp->kobj,
					       drv->bus->drv_groups);
	if (!err && drv->groups)
		err = umod_sysfs_create_groups(drv->owner, &dp->kobj, drv->groups);
	return err;
}

static void driver_release(struct kobject *kobj)
{
	free(umod_container_of(kobj, struct driver_private, kobj));
}

static const struct kobj_type driver_ktype = { .release = driver_release,
					       .sysfs_ops = &umod_driver_sysfs_ops };

/* bus_add_driver(): its directory in drivers/, its files, then binding */
int umod_bus_add_driver(struct device_driver *drv)
{
	struct umod_driver_core *core = drv->p->bus->core;
	struct driver_private *dp = drv->p;
	int err;

	dp->kobj.host = core->host;
	umod_kobject_init(NULL, &dp->kobj, &driver_ktype);
	err = umod_kobject_add(&dp->kobj, dp->bus->drivers_kobj, drv->name);
	if (!err)
		err = add_driver_files(dp);
	if (err) {
		drv->p = NULL;
		umod_kobject_put(&dp->kobj);
		return err;
	}
	pthread_mutex_lock(&core->lock);
	umod_list_add(&dp->node_bus, dp->bus->drivers.prev);
	pthread_mutex_unlock(&core->lock);
	if (dp->bus->drivers_autoprobe)
		umod_driver_attach(drv);
	return 0;
}

void umod_bus_remove_driver(struct device_driver *drv)
{
	struct driver_private *dp = drv->p;
	struct umod_driver_core *core = dp->bus->core;

	if (drv->groups)
		umod_sysfs_remove_groups(&dp->kobj, drv->groups);
	pthread_mutex_lock(&core->lock);
	umod_list_del(&dp->node_bus);
	pthread_mutex_unlock(&core->lock);
	umod_driver_detach(drv);
	drv->p = NULL;
	umod_kobject_put(&dp->kobj);
}

/* ---- the exports --------------------------------------------------------------------- */

static int kapi_bus_register(struct bus_type *bus)
{
	struct umod_module *mod = umod_caller_module();

	return umod_bus_register(mod ? umod_driver_core(mod->host) : NULL, bus, mod);
}

static void kapi_bus_unregister(struct bus_type *bus)
{
	umod_bus_unregister(umod_caller_core(), bus);
}

struct each_call {
	int (*fn)(void *item, void *data);
	void *item, *data;
};

static long call_each(void *arg)
{
	struct each_call *c = arg;

	return c->fn(c->item, c->data);
}

/* @fn(dev, @data) for the bus's devices after @start, until one returns non-zero */
static int for_each_dev(struct bus_type *bus, struct device *start, void *data,
			int (*fn)(struct device *dev, void *data), struct device **found)
{
	struct subsys_private *sp = umod_bus_private(umod_dev_core(start), bus);
	struct device **v;
	size_t n, i = 0;
	int ret = 0;

	if (!sp)
		return -EINVAL;
	v = umod_base_collect(sp->core, &sp->devices, offsetof(struct device_private, node_bus),
			      &n);
	if (start)
		while (i < n && v[i++] != start)
			;
	for (; i < n && !ret; i++) {
		struct each_call c = { (int (*)(void *, void *))fn, v[i], data };

		ret = (int)call_each(&c);
		if (ret && found)
			*found = umod_get_device(v[i]);
	}
	umod_base_put_all(v, n);
	return ret;
}

static int kapi_bus_for_each_dev(struct bus_type *bus, struct device *start, void *data,
				 int (*fn)(struct device *dev, void *data))
{
	return for_each_dev(bus, start, data, fn, NULL);
}

static struct device *kapi_bus_find_device(struct bus_type *bus, struct device *start,
					   const void *data,
					   int (*match)(struct device *dev, const void *data))
{
	struct device *found = NULL;

	for_each_dev(bus, start, (void *)data, (int (*)(struct device *, void *))match, &found);
	return found;
}

static int kapi_bus_for_each_drv(struct bus_type *bus, struct device_driver *start,
				 void *data, int (*fn)(struct device_driver *drv, void *data))
{
	struct subsys_private *sp = umod_bus_private(umod_caller_core(), bus);
	struct device_driver **v = NULL;
	size_t n = 0, i = 0;
	int ret = 0;

	if (!sp)
		return -EINVAL;
	pthread_mutex_lock(&sp->core->lock);
	for (struct umod_list *l = sp->drivers.next; l != &sp->drivers; l = l->next)
		n++;
	v = n ? calloc(n, sizeof(*v)) : NULL;
	n = 0;
	for (struct umod_list *l = sp->drivers.next; v && l != &sp->drivers; l = l->next)
		v[n++] = umod_container_of(l, struct driver_private, node_bus)->driver;
	pthread_mutex_unlock(&sp->core->lock);
	if (start)
		while (i < n && v[i++] != start)
			;
	for (; i < n && !ret; i++) {
		struct each_call c = { (int (*)(void *, void *))fn, v[i], data };

		ret = (int)call_each(&c);
	}
	free(v);
	return ret;
}

static int rescan_one(struct device *dev, void *data)
{
	if (!dev->driver)
		umod_device_attach(dev);
	return 0;
}

static int kapi_bus_rescan_devices(struct bus_type *bus)
{
	return for_each_dev(bus, NULL, NULL, rescan_one, NULL);
}

static int kapi_device_match_name(struct device *dev, const void *name)
{
	return umod_sysfs_streq(umod_dev_name(dev), name);
}

static int kapi_device_match_of_node(struct device *dev, const void *np)
{
	return dev->of_node == np;
}

static int kapi_device_match_devt(struct device *dev, const void *pdevt)
{
	return dev->devt == *(const unsigned int *)pdevt;
}

static int kapi_device_match_any(struct device *dev, const void *unused)
{
	return 1;
}

static const struct umod_kapi_export bus_exports[] = {
	UMOD_KAPI_GPL("bus_register", kapi_bus_register),
	UMOD_KAPI_GPL("bus_unregister", kapi_bus_unregister),
	UMOD_KAPI_GPL("bus_for_each_dev", kapi_bus_for_each_dev),
	UMOD_KAPI_GPL("bus_find_device", kapi_bus_find_device),
	UMOD_KAPI_GPL("bus_for_each_drv", kapi_bus_for_each_drv),
	UMOD_KAPI_GPL("bus_rescan_devices", kapi_bus_rescan_devices),
	UMOD_KAPI_GPL("device_match_name", kapi_device_match_name),
	UMOD_KAPI_GPL("device_match_of_node", kapi_device_match_of_node),
	UMOD_KAPI_GPL("device_match_devt", kapi_device_match_devt),
	UMOD_KAPI_GPL("device_match_any", kapi_device_match_any),
};

const struct umod_kapi_table umod_kapi_bus = UMOD_KAPI_TABLE(bus_exports);
