// SPDX-License-Identifier: MIT
/*
 * Drivers (Linux 6.1's drivers/base/driver.c): registering one adds it to
 * its bus (bus.c), which binds it to every matching device (dd.c);
 * unregistering unbinds every device it has, newest first, then removes
 * it. The host is the one of the module that registers it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/panic.h"
#include "kernel/printk/internal.h"

static struct device_driver *find_driver(struct subsys_private *sp, const char *name)
{
	struct device_driver *found = NULL;

	pthread_mutex_lock(&sp->core->lock);
	for (struct umod_list *l = sp->drivers.next; l != &sp->drivers && !found; l = l->next) {
		struct driver_private *dp = umod_container_of(l, struct driver_private, node_bus);

		if (!strcmp(dp->driver->name, name))
			found = dp->driver;
	}
	pthread_mutex_unlock(&sp->core->lock);
	return found;
}

/* driver_register() with 6.1's checks and messages */
int umod_driver_register(struct umod_driver_core *core, struct device_driver *drv)
{
	struct subsys_private *sp = umod_bus_private(core, drv->bus);
	struct driver_private *dp;

	if (!sp) {
		umod_base_printk(core, KERN_ERR "Driver '%s' was unable to register with bus_type '%s' because the bus was not initialized.\n",
				 drv->name, drv->bus ? drv->bus->name : "(null)");
		return -EINVAL;
	}
	if ((drv->bus->probe && drv->probe) || (drv->bus->remove && drv->remove) ||
	    (drv->bus->shutdown && drv->shutdown))
		umod_base_printk(core, KERN_WARNING "Driver '%s' needs updating - please use bus_type methods\n",
				 drv->name);
	if (find_driver(sp, drv->name)) {
		umod_base_printk(core, KERN_ERR "Error: Driver '%s' is already registered, aborting...\n",
				 drv->name);
		return -EBUSY;
	}
	dp = calloc(1, sizeof(*dp));
	if (!dp)
		return -ENOMEM;
	dp->driver = drv;
	dp->bus = sp;
	dp->owner = umod_module_made(umod_module_of(drv->owner), UMOD_MADE_DRIVER);
	umod_list_init(&dp->node_bus);
	umod_list_init(&dp->devices);
	drv->p = dp;
	return umod_bus_add_driver(drv);
}

void umod_driver_unregister(struct device_driver *drv)
{
	if (!drv || !drv->p) {
		umod_warn_host("drivers/base/driver.c", 271, "driver_unregister",
			       "Unexpected driver unregister!\n");
		return;
	}
	umod_bus_remove_driver(drv);
}

/* ---- the exports ---------------------------------------------------------------- */

static int kapi_driver_register(struct device_driver *drv)
{
	struct umod_driver_core *core = umod_caller_core();

	return drv && drv->name && core ? umod_driver_register(core, drv) : -EINVAL;
}

static void kapi_driver_unregister(struct device_driver *drv)
{
	umod_driver_unregister(drv);
}

static struct device_driver *kapi_driver_find(const char *name, struct bus_type *bus)
{
	struct subsys_private *sp = umod_bus_private(umod_caller_core(), bus);

	return sp && name ? find_driver(sp, name) : NULL;
}

/* @fn(dev, @data) for the driver's devices, until one returns non-zero */
static int each_device(struct device_driver *drv, struct device *start, void *data,
		       int (*fn)(struct device *dev, void *data), struct device **found)
{
	struct device **v;
	size_t n, i = 0;
	int ret = 0;

	if (!drv || !drv->p)
		return -EINVAL;
	v = umod_base_collect(drv->p->bus->core, &drv->p->devices,
			      offsetof(struct device_private, node_driver), &n);
	if (start)
		while (i < n && v[i++] != start)
			;
	for (; i < n && !ret; i++) {
		ret = fn(v[i], data);
		if (ret && found)
			*found = umod_get_device(v[i]);
	}
	umod_base_put_all(v, n);
	return ret;
}

static int kapi_driver_for_each_device(struct device_driver *drv, struct device *start,
				       void *data, int (*fn)(struct device *dev, void *data))
{
	return each_device(drv, start, data, fn, NULL);
}

static struct device *kapi_driver_find_device(struct device_driver *drv, struct device *start,
					      const void *data,
					      int (*match)(struct device *dev, const void *data))
{
	struct device *found = NULL;

	each_device(drv, start, (void *)data, (int (*)(struct device *, void *))match, &found);
	return found;
}

static long drv_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct driver_attribute *da = umod_container_of(attr, struct driver_attribute, attr);
	struct driver_private *dp = umod_container_of(kobj, struct driver_private, kobj);

	return da->show ? da->show(dp->driver, buf) : -EIO;
}

static long drv_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			   size_t count)
{
	struct driver_attribute *da = umod_container_of(attr, struct driver_attribute, attr);
	struct driver_private *dp = umod_container_of(kobj, struct driver_private, kobj);

	return da->store ? da->store(dp->driver, buf, count) : -EIO;
}

const struct sysfs_ops umod_driver_sysfs_ops = { drv_attr_show, drv_attr_store };

static int kapi_driver_create_file(struct device_driver *drv, const struct driver_attribute *attr)
{
	struct umod_module *mod = umod_caller_module();

	if (!drv || !drv->p || !attr)
		return -EINVAL;
	return umod_sysfs_create_file(mod ? mod->kmod : NULL, &drv->p->kobj, &attr->attr);
}

static void kapi_driver_remove_file(struct device_driver *drv,
				    const struct driver_attribute *attr)
{
	if (drv && drv->p && attr)
		umod_sysfs_remove_file(&drv->p->kobj, &attr->attr);
}

static const struct umod_kapi_export driver_exports[] = {
	UMOD_KAPI_GPL("driver_register", kapi_driver_register),
	UMOD_KAPI_GPL("driver_unregister", kapi_driver_unregister),
	UMOD_KAPI_GPL("driver_find", kapi_driver_find),
	UMOD_KAPI_GPL("driver_for_each_device", kapi_driver_for_each_device),
	UMOD_KAPI_GPL("driver_find_device", kapi_driver_find_device),
	UMOD_KAPI_GPL("driver_create_file", kapi_driver_create_file),
	UMOD_KAPI_GPL("driver_remove_file", kapi_driver_remove_file),
};

const struct umod_kapi_table umod_kapi_driver = UMOD_KAPI_TABLE(driver_exports);
