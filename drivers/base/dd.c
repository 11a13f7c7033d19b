// SPDX-License-Identifier: MIT
/*
 * Binding devices to drivers (Linux 6.1's drivers/base/dd.c), the one
 * place that binds: a new device is offered to the bus's drivers, a new
 * driver to the bus's devices; the first match whose probe succeeds is
 * bound, with the device's lock held across probe, as 6.1's. A probe
 * that fails undoes everything (its devres goes, newest first); one that
 * returns -EPROBE_DEFER puts the device on the pending list, which is
 * retried by the worker after every successful bind (6.1's
 * driver_deferred_probe_trigger()). Unbinding is the exact reverse: the
 * driver's remove, then its devres, then the links.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "kernel/dma/dma.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/locking/mutex.h"
#include "kernel/printk/internal.h"

struct match_call {
	struct bus_type *bus;
	struct device *dev;
	struct device_driver *drv;
};

static long call_match(void *arg)
{
	struct match_call *c = arg;

	return c->bus->match(c->dev, c->drv);
}

/* the bus's match: its module's code (1: match, 0: none, -EPROBE_DEFER, -errno) */
int umod_driver_match_device(struct device_driver *drv, struct device *dev)
{
	struct subsys_private *sp = umod_bus_private(dev->p->core, drv->bus);
	struct match_call c = { drv->bus, dev, drv };

	if (!drv->bus->match)
		return 1;
	return (int)umod_base_call(sp ? sp->owner : NULL, call_match, &c);
}

/* ---- deferred probing ------------------------------------------------------------ */

static void deferred_probe_add(struct device *dev)
{
	struct umod_driver_core *core = dev->p->core;

	pthread_mutex_lock(&core->lock);
	if (dev->p->deferred.next == &dev->p->deferred)
		umod_list_add(&dev->p->deferred, core->deferred_pending.prev);
	pthread_mutex_unlock(&core->lock);
}

void umod_deferred_probe_del(struct device *dev)
{
	struct umod_driver_core *core = dev->p ? dev->p->core : NULL;

	if (!core)
		return;
	pthread_mutex_lock(&core->lock);
	umod_list_del(&dev->p->deferred);
	umod_list_init(&dev->p->deferred);
	pthread_mutex_unlock(&core->lock);
	free(__atomic_exchange_n(&dev->p->deferred_probe_reason, NULL, __ATOMIC_ACQ_REL));
}

/* every pending device is tried again, by the worker */
static void deferred_probe_trigger(struct umod_driver_core *core)
{
	pthread_mutex_lock(&core->lock);
	core->deferred_trigger_count++;
	while (core->deferred_pending.next != &core->deferred_pending) {
		struct umod_list *l = core->deferred_pending.next;

		umod_list_del(l);
		umod_list_add(l, core->deferred_active.prev);
	}
	pthread_mutex_unlock(&core->lock);
	umod_base_kick_worker(core);
}

bool umod_deferred_probe_run(struct umod_driver_core *core)
{
	bool ran = false;

	for (;;) {
		struct device *dev = NULL;

		pthread_mutex_lock(&core->lock);
		if (core->deferred_active.next != &core->deferred_active) {
			struct umod_list *l = core->deferred_active.next;

			dev = umod_get_device(umod_container_of(l, struct device_private,
								deferred)->device);
			umod_list_del(l);
			umod_list_init(l);
		}
		pthread_mutex_unlock(&core->lock);
		if (!dev)
			return ran;
		ran = true;
		umod_bus_probe_device(dev);
		umod_put_device(dev);
	}
}

int umod_deferred_devices_show(struct umod_driver_core *core, char *page, size_t size)
{
	size_t len = 0;

	pthread_mutex_lock(&core->lock);
	for (struct umod_list *l = core->deferred_pending.next; l != &core->deferred_pending;
	     l = l->next) {
		struct device_private *p = umod_container_of(l, struct device_private, deferred);

		len += (size_t)snprintf(page + len, len < size ? size - len : 0, "%s\t%s",
					umod_dev_name(p->device),
					p->deferred_probe_reason ? p->deferred_probe_reason : "\n");
	}
	pthread_mutex_unlock(&core->lock);
	return len < size ? (int)len : (int)size - 1;
}

/* ---- the driver's links and files ------------------------------------------------ */

static int driver_sysfs_add(struct device *dev, struct device_driver *drv)
{
	int err = umod_base_link(&drv->p->kobj, umod_dev_name(dev), &dev->kobj);

	if (!err)
		err = umod_base_link(&dev->kobj, "driver", &drv->p->kobj);
	if (!err && drv->dev_groups)
		err = umod_sysfs_create_groups(drv->owner, &dev->kobj, drv->dev_groups);
	if (err) {
		umod_base_unlink(&dev->kobj, "driver");
		umod_base_unlink(&drv->p->kobj, umod_dev_name(dev));
	}
	return err;
}

static void driver_sysfs_remove(struct device *dev, struct device_driver *drv)
{
	if (drv->dev_groups)
		umod_sysfs_remove_groups(&dev->kobj, drv->dev_groups);
	umod_base_unlink(&dev->kobj, "driver");
	if (drv->p)
		umod_base_unlink(&drv->p->kobj, umod_dev_name(dev));
}

/* ---- probe --------------------------------------------------------------------------- */

struct probe_call {
	int (*fn)(struct device *dev);
	struct device *dev;
};

static long call_probe(void *arg)
{
	struct probe_call *c = arg;

	return c->fn(c->dev);
}

/* call_driver_probe(): the bus's probe (as its module's code) or the driver's */
static int call_driver_probe(struct device *dev, struct device_driver *drv)
{
	struct subsys_private *sp = umod_bus_private(dev->p->core, dev->bus);
	struct probe_call c = { NULL, dev };
	int ret = 0;

	if (dev->bus->probe) {
		c.fn = dev->bus->probe;
		ret = (int)umod_base_call(sp ? sp->owner : NULL, call_probe, &c);
	} else if (drv->probe) {
		c.fn = drv->probe;
		ret = (int)umod_base_call(umod_module_of(drv->owner), call_probe, &c);
	}
	if (ret && ret != -EPROBE_DEFER && ret != -ENODEV && ret != -ENXIO)
		umod_base_printk(dev->p->core, KERN_WARNING "%s: probe of %s failed with error %d\n",
				 drv->name, umod_dev_name(dev), ret);
	return ret;
}

/* device_unbind_cleanup(): what a bound driver had, gone */
static void unbind_cleanup(struct device *dev)
{
	umod_devres_release_all(dev);
	dev->driver = NULL;
	dev->driver_data = NULL;
}

static void driver_bound(struct device *dev)
{
	struct umod_driver_core *core = dev->p->core;

	pthread_mutex_lock(&core->lock);
	umod_list_add(&dev->p->node_driver, dev->driver->p->devices.prev);
	pthread_mutex_unlock(&core->lock);
	umod_deferred_probe_del(dev);
	deferred_probe_trigger(core);
}

/*
 * really_probe(): 0 when bound; a probe's error comes back positive, so
 * callers tell it from their own; -ENODEV when the device is gone.
 */
static int really_probe(struct device *dev, struct device_driver *drv)
{
	int ret;

	if (!dev->p->added)
		return -ENODEV;
	if (dev->driver)
		return -EBUSY;
	dev->driver = drv;
	ret = driver_sysfs_add(dev, drv);
	if (ret) {
		unbind_cleanup(dev);
		return ret;
	}
	ret = call_driver_probe(dev, drv);
	if (ret) {
		driver_sysfs_remove(dev, drv);
		unbind_cleanup(dev);
		return -ret;
	}
	driver_bound(dev);
	return 0;
}

/* driver_probe_device(): a deferral queues the device, retried at once if a bind came meanwhile */
static int driver_probe_device(struct device_driver *drv, struct device *dev)
{
	struct umod_driver_core *core = dev->p->core;
	unsigned long trigger_count = __atomic_load_n(&core->deferred_trigger_count,
						      __ATOMIC_ACQUIRE);
	int ret = really_probe(dev, drv);

	if (ret == EPROBE_DEFER) {
		deferred_probe_add(dev);
		if (trigger_count != __atomic_load_n(&core->deferred_trigger_count,
						     __ATOMIC_ACQUIRE))
			deferred_probe_trigger(core);
	}
	return ret;
}

static void device_lock_both(struct device *dev, bool lock)
{
	bool parent = dev->parent && dev->bus && dev->bus->need_parent_lock;

	if (lock) {
		if (parent)
			umod_mutex_lock(&dev->parent->mutex);
		umod_mutex_lock(&dev->mutex);
	} else {
		umod_mutex_unlock(&dev->mutex);
		if (parent)
			umod_mutex_unlock(&dev->parent->mutex);
	}
}

/* bind from sysfs (bind file): the probe's errno, -EAGAIN for a deferral */
int umod_device_driver_attach(struct device_driver *drv, struct device *dev)
{
	int ret;

	device_lock_both(dev, true);
	ret = really_probe(dev, drv);
	device_lock_both(dev, false);
	if (ret > 0)
		ret = -ret;
	return ret == -EPROBE_DEFER ? -EAGAIN : ret;
}

/* ---- a new device meets the drivers; a new driver the devices ----------------------- */

struct attach_walk {
	struct device *dev;
	int result;		/* 1: bound */
};

/* __device_attach_driver(): <0 stops the walk, 1 is bound, 0 goes on */
static int attach_one_driver(struct device_driver *drv, struct device *dev)
{
	int ret;

	if (dev->driver)
		return -EBUSY;
	ret = umod_driver_match_device(drv, dev);
	if (ret == 0)
		return 0;
	if (ret == -EPROBE_DEFER) {
		deferred_probe_add(dev);
		return ret;
	}
	if (ret < 0)
		return 0;	/* the bus could not tell: as 6.1, try the next driver */
	ret = driver_probe_device(drv, dev);
	return ret < 0 ? ret : ret == 0;
}

/* the bus's drivers, copied first: a probe may register or unregister drivers */
static struct device_driver **bus_drivers(struct subsys_private *sp, size_t *np)
{
	struct device_driver **v = NULL;
	size_t n = 0;

	pthread_mutex_lock(&sp->core->lock);
	for (struct umod_list *l = sp->drivers.next; l != &sp->drivers; l = l->next)
		n++;
	if (n && (v = calloc(n, sizeof(*v)))) {
		n = 0;
		for (struct umod_list *l = sp->drivers.next; l != &sp->drivers; l = l->next)
			v[n++] = umod_container_of(l, struct driver_private, node_bus)->driver;
	} else {
		n = 0;
	}
	pthread_mutex_unlock(&sp->core->lock);
	*np = n;
	return v;
}

static bool driver_registered(struct subsys_private *sp, struct device_driver *drv)
{
	bool found = false;

	pthread_mutex_lock(&sp->core->lock);
	for (struct umod_list *l = sp->drivers.next; l != &sp->drivers && !found; l = l->next)
		found = umod_container_of(l, struct driver_private, node_bus)->driver == drv;
	pthread_mutex_unlock(&sp->core->lock);
	return found;
}

/* device_attach(): 1 bound, 0 no driver took it, -ENODEV not registered */
int umod_device_attach(struct device *dev)
{
	struct subsys_private *sp = umod_bus_private(dev->p->core, dev->bus);
	struct device_driver **v;
	size_t n;
	int ret = 0;

	if (!sp || !dev->p->added)
		return -ENODEV;
	device_lock_both(dev, true);
	if (dev->driver) {
		device_lock_both(dev, false);
		return 1;
	}
	v = bus_drivers(sp, &n);
	for (size_t i = 0; i < n && !ret; i++)
		if (driver_registered(sp, v[i]))
			ret = attach_one_driver(v[i], dev);
	free(v);
	device_lock_both(dev, false);
	return ret > 0 ? 1 : 0;
}

/* __driver_attach(): every device of the bus the driver matches, unbound, is probed */
static int attach_one_device(struct device_driver *drv, struct device *dev)
{
	int ret = umod_driver_match_device(drv, dev);

	if (ret == 0)
		return 0;
	if (ret == -EPROBE_DEFER) {
		deferred_probe_add(dev);
		return 0;
	}
	if (ret < 0)
		return 0;
	device_lock_both(dev, true);
	if (!dev->driver)
		driver_probe_device(drv, dev);
	device_lock_both(dev, false);
	return 0;
}

int umod_driver_attach(struct device_driver *drv)
{
	struct subsys_private *sp = drv->p->bus;
	struct device **v;
	size_t n;

	v = umod_base_collect(sp->core, &sp->devices, offsetof(struct device_private, node_bus),
			      &n);
	for (size_t i = 0; i < n; i++)
		attach_one_device(drv, v[i]);
	umod_base_put_all(v, n);
	return 0;
}

/* ---- release ------------------------------------------------------------------------ */

struct remove_call {
	void (*bus_remove)(struct device *dev);
	int (*drv_remove)(struct device *dev);
	struct device *dev;
};

static long call_remove(void *arg)
{
	struct remove_call *c = arg;

	if (c->bus_remove)
		c->bus_remove(c->dev);
	else
		c->drv_remove(c->dev);
	return 0;
}

/* __device_release_driver(): the links, the remove, devres, then unbound (dev locked) */
static void release_driver_locked(struct device *dev)
{
	struct device_driver *drv = dev->driver;
	struct umod_driver_core *core = dev->p->core;
	struct remove_call c = { NULL, NULL, dev };
	struct subsys_private *sp;

	if (!drv)
		return;
	driver_sysfs_remove(dev, drv);
	if (dev->bus && dev->bus->remove) {
		sp = umod_bus_private(core, dev->bus);
		c.bus_remove = dev->bus->remove;
		umod_base_call(sp ? sp->owner : NULL, call_remove, &c);
	} else if (drv->remove) {
		c.drv_remove = drv->remove;
		umod_base_call(umod_module_of(drv->owner), call_remove, &c);
	}
	unbind_cleanup(dev);
	umod_dma_debug_unbound(dev);	/* dma-debug's BUS_NOTIFY_UNBOUND_DRIVER */
	pthread_mutex_lock(&core->lock);
	umod_list_del(&dev->p->node_driver);
	umod_list_init(&dev->p->node_driver);
	pthread_mutex_unlock(&core->lock);
}

void umod_device_release_driver(struct device *dev)
{
	if (!dev || !dev->p)
		return;
	device_lock_both(dev, true);
	release_driver_locked(dev);
	device_lock_both(dev, false);
}

/* driver_detach(): the newest bound device first, as 6.1 */
void umod_driver_detach(struct device_driver *drv)
{
	struct umod_driver_core *core = drv->p->bus->core;
	struct device **v;
	size_t n;

	v = umod_base_collect(core, &drv->p->devices, offsetof(struct device_private, node_driver),
			      &n);
	for (size_t i = n; i-- > 0;) {
		device_lock_both(v[i], true);
		if (v[i]->driver == drv)
			release_driver_locked(v[i]);
		device_lock_both(v[i], false);
	}
	umod_base_put_all(v, n);
}

/* ---- the exports --------------------------------------------------------------------- */

static int kapi_device_attach(struct device *dev)
{
	return dev && dev->p ? umod_device_attach(dev) : -ENODEV;
}

static int kapi_driver_attach(struct device_driver *drv)
{
	return drv && drv->p ? umod_driver_attach(drv) : -EINVAL;
}

static void kapi_device_release_driver(struct device *dev)
{
	umod_device_release_driver(dev);
}

static int kapi_device_driver_attach(struct device_driver *drv, struct device *dev)
{
	return umod_device_driver_attach(drv, dev);
}

/* device_bind_driver(): a driver set by the caller, bound without probing */
static int kapi_device_bind_driver(struct device *dev)
{
	int err;

	if (!dev->driver || !dev->driver->p)
		return -EINVAL;
	err = driver_sysfs_add(dev, dev->driver);
	if (!err)
		driver_bound(dev);
	return err;
}

static int kapi_device_reprobe(struct device *dev)
{
	if (dev->driver)
		umod_device_release_driver(dev);
	return umod_device_attach(dev) < 0 ? -ENODEV : 0;
}

/* no asynchronous probing here: every probe has ended when its bind returns */
static void kapi_wait_for_device_probe(void)
{
}

static const struct umod_kapi_export dd_exports[] = {
	UMOD_KAPI_GPL("device_attach", kapi_device_attach),
	UMOD_KAPI_GPL("driver_attach", kapi_driver_attach),
	UMOD_KAPI_GPL("device_release_driver", kapi_device_release_driver),
	UMOD_KAPI_GPL("device_driver_attach", kapi_device_driver_attach),
	UMOD_KAPI_GPL("device_bind_driver", kapi_device_bind_driver),
	UMOD_KAPI_GPL("device_reprobe", kapi_device_reprobe),
	UMOD_KAPI_GPL("wait_for_device_probe", kapi_wait_for_device_probe),
};

const struct umod_kapi_table umod_kapi_dd = UMOD_KAPI_TABLE(dd_exports);
