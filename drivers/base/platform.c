// SPDX-License-Identifier: MIT
/*
 * The platform bus (Linux 6.1's drivers/base/platform.c): devices a board
 * describes (or a module registers), matched to drivers by
 * driver_override, then the device tree's compatible, then the id table,
 * then the name; /sys/devices/platform/NAME with modalias and
 * driver_override; MODALIAS=of:... or platform:NAME in the uevent, which
 * is what loads a driver's module when its device appears.
 *
 * platform_bus_type is one object for every host; each host registers it
 * (bus.c keeps a registration per host) and has its own /sys/devices/
 * platform device. The exported `platform_bus` stands for that device:
 * a module naming it as a parent gets its host's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/locking/mutex.h"
#include "kernel/printk/internal.h"
#include "lib/iomap.h"
#include "lib/klib.h"
#include "lib/kobject_uevent.h"
#include "lib/vsprintf.h"
#include "mm/internal.h"

#define PLATFORM_DEVID_NONE	(-1)
#define PLATFORM_DEVID_AUTO	(-2)
#define IORESOURCE_TYPE_BITS	0x00001f00
#define IORESOURCE_IRQ		0x00000400
#define IORESOURCE_MEM		0x00000200

struct bus_type umod_platform_bus_type;
static struct device platform_bus_stand_in;

#define to_platform_device(d)	umod_container_of(d, struct platform_device, dev)
#define to_platform_driver(d)	umod_container_of(d, struct platform_driver, driver)

/* ---- matching ---------------------------------------------------------------- */

static const struct platform_device_id *match_id(const struct platform_device_id *id,
						 struct platform_device *pdev)
{
	for (; id && id->name[0]; id++)
		if (!strcmp(pdev->name, id->name)) {
			pdev->id_entry = id;
			return id;
		}
	return NULL;
}

/* platform_match(): driver_override, then OF, then the id table, then the name */
static int platform_match(struct device *dev, struct device_driver *drv)
{
	struct platform_device *pdev = to_platform_device(dev);
	struct platform_driver *pdrv = to_platform_driver(drv);

	if (pdev->driver_override)
		return !strcmp(pdev->driver_override, drv->name);
	if (umod_of_driver_match_device(dev, drv))
		return 1;
	if (pdrv->id_table)
		return match_id(pdrv->id_table, pdev) != NULL;
	return !strcmp(pdev->name, drv->name);
}

static int platform_uevent(struct device *dev, struct kobj_uevent_env *env)
{
	char buf[UEVENT_BUFFER_SIZE];

	if (umod_of_device_modalias(dev, buf, sizeof(buf)) >= 0)
		return umod_add_uevent_var(env, "MODALIAS=%s", buf);
	return umod_add_uevent_var(env, "MODALIAS=%s%s", PLATFORM_MODULE_PREFIX,
				   to_platform_device(dev)->name);
}

struct pdrv_call {
	struct platform_driver *drv;
	struct platform_device *pdev;
};

static long call_pdrv_probe(void *arg)
{
	struct pdrv_call *c = arg;

	return c->drv->probe(c->pdev);
}

static long call_pdrv_remove(void *arg)
{
	struct pdrv_call *c = arg;

	return c->drv->remove(c->pdev);
}

static int platform_probe(struct device *dev)
{
	struct platform_driver *drv = to_platform_driver(dev->driver);
	struct pdrv_call c = { drv, to_platform_device(dev) };
	int ret = 0;

	if (drv->probe)
		ret = (int)umod_base_call(umod_module_of(drv->driver.owner), call_pdrv_probe, &c);
	if (drv->prevent_deferred_probe && ret == -EPROBE_DEFER) {
		umod_dev_printk(KERN_WARNING, dev, "probe deferral not supported\n");
		ret = -ENXIO;
	}
	return ret;
}

static void platform_remove(struct device *dev)
{
	struct platform_driver *drv = to_platform_driver(dev->driver);
	struct pdrv_call c = { drv, to_platform_device(dev) };

	if (drv->remove &&
	    umod_base_call(umod_module_of(drv->driver.owner), call_pdrv_remove, &c))
		umod_dev_printk(KERN_WARNING, dev, "remove callback returned a non-zero value. This will be ignored.\n");
}

/* ---- the device's files --------------------------------------------------------- */

static long modalias_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct device *dev = priv;
	long len = umod_of_device_modalias(dev, page, UMOD_PAGE_SIZE - 1);

	if (len >= 0) {
		page[len++] = '\n';
		return len;
	}
	return snprintf(page, UMOD_PAGE_SIZE, "%s%s\n", PLATFORM_MODULE_PREFIX,
			to_platform_device(dev)->name);
}

/* as 6.1 (sysfs_emit of a NULL string): "(null)" when there is none */
static long override_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct platform_device *pdev = to_platform_device((struct device *)priv);
	long len;

	umod_mutex_lock(&pdev->dev.mutex);
	len = snprintf(page, UMOD_PAGE_SIZE, "%s\n",
		       pdev->driver_override ? pdev->driver_override : "(null)");
	umod_mutex_unlock(&pdev->dev.mutex);
	return len;
}

/* driver_set_override(): up to the first newline; empty or "\n" clears */
static long override_store(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	struct platform_device *pdev = to_platform_device((struct device *)priv);
	size_t n = strcspn(buf, "\n");
	char *new = NULL;
	const char *old;

	if (len >= UMOD_PAGE_SIZE - 1)
		return -EINVAL;
	if (n) {
		new = umod_kmalloc_caller(NULL, n + 1, 0, NULL);
		if (!new)
			return -ENOMEM;
		memcpy(new, buf, n);
		new[n] = '\0';
	}
	umod_mutex_lock(&pdev->dev.mutex);
	old = pdev->driver_override;
	pdev->driver_override = new;
	umod_mutex_unlock(&pdev->dev.mutex);
	umod_kfree(old);
	return (long)len;
}

static const struct umod_kernfs_ops modalias_ops = { modalias_show, NULL };
static const struct umod_kernfs_ops override_ops = { override_show, override_store };

static int add_files(struct platform_device *pdev)
{
	int err = umod_base_file(&pdev->dev.kobj, "modalias", 0444, &modalias_ops, &pdev->dev);

	return err ? err : umod_base_file(&pdev->dev.kobj, "driver_override", 0644, &override_ops,
					  &pdev->dev);
}

/* ---- devices --------------------------------------------------------------------- */

/* platform_object: the device and the name it was allocated with */
struct platform_object {
	struct platform_device pdev;
	char name[];
};

static void platform_device_release(struct device *dev)
{
	struct platform_object *pa = umod_container_of(dev, struct platform_object, pdev.dev);

	umod_of_node_put(dev->of_node);
	umod_kfree(pa->pdev.dev.platform_data);
	umod_kfree(pa->pdev.resource);
	umod_kfree(pa->pdev.driver_override);
	free(pa);
}

static void *kdup(const void *src, size_t len)
{
	void *p = umod_kmalloc_caller(NULL, len ? len : 1, 0, NULL);

	if (p && len)
		memcpy(p, src, len);
	return p;
}

struct platform_device *umod_platform_device_alloc(struct umod_driver_core *core,
						   const char *name, int id)
{
	struct platform_object *pa = calloc(1, sizeof(*pa) + strlen(name) + 1);

	if (!pa)
		return NULL;
	strcpy(pa->name, name);
	pa->pdev.name = pa->name;
	pa->pdev.id = id;
	umod_device_initialize(core, &pa->pdev.dev);
	if (pa->pdev.dev.p)
		pa->pdev.dev.p->owner = NULL;	/* the release is the host's */
	pa->pdev.dev.release = platform_device_release;
	pa->pdev.dev.dma_mask = &pa->pdev.platform_dma_mask;
	pa->pdev.dev.dma_parms = &pa->pdev.dma_parms;
	return &pa->pdev;
}

static int add_resources(struct platform_device *pdev, const struct resource *res,
			 unsigned int num)
{
	struct resource *r = NULL;

	if (res && num && !(r = kdup(res, sizeof(*res) * num)))
		return -ENOMEM;
	umod_kfree(pdev->resource);
	pdev->resource = r;
	pdev->num_resources = num;
	return 0;
}

static int add_data(struct platform_device *pdev, const void *data, size_t size)
{
	void *d = NULL;

	if (data && !(d = kdup(data, size)))
		return -ENOMEM;
	umod_kfree(pdev->dev.platform_data);
	pdev->dev.platform_data = d;
	return 0;
}

static struct ida auto_ids;	/* PLATFORM_DEVID_AUTO's numbers, as 6.1's one ida */

/* platform_device_add(): the name from the id, the resources named, then device_add() */
int umod_platform_device_add(struct umod_driver_core *core, struct platform_device *pdev)
{
	int err;

	if (!pdev->dev.parent || pdev->dev.parent == &platform_bus_stand_in)
		pdev->dev.parent = core->platform_bus;
	pdev->dev.bus = &umod_platform_bus_type;
	if (pdev->dev.of_node && pdev->dev.kobj.name) {
		/* of_device_add(): named from its node, and matched by that name */
		pdev->name = pdev->dev.kobj.name;
		pdev->id = PLATFORM_DEVID_NONE;
		err = 0;
	} else if (pdev->id == PLATFORM_DEVID_AUTO) {
		int id = umod_ida_alloc_range(&auto_ids, 0, 0x7fffffff, 0);

		if (id < 0)
			return id;
		pdev->id = id;
		pdev->id_auto = true;
		err = umod_dev_set_name(&pdev->dev, "%s.%d.auto", pdev->name, id);
	} else if (pdev->id != PLATFORM_DEVID_NONE) {
		err = umod_dev_set_name(&pdev->dev, "%s.%d", pdev->name, pdev->id);
	} else {
		err = umod_dev_set_name(&pdev->dev, "%s", pdev->name);
	}
	for (unsigned int i = 0; !err && i < pdev->num_resources; i++)
		if (!pdev->resource[i].name)
			pdev->resource[i].name = umod_dev_name(&pdev->dev);
	if (!err)
		err = umod_device_add(core, &pdev->dev);
	if (!err)
		err = add_files(pdev);
	if (err && pdev->id_auto) {
		umod_ida_free(&auto_ids, pdev->id);
		pdev->id = PLATFORM_DEVID_AUTO;
	}
	return err;
}

void umod_platform_device_del(struct platform_device *pdev)
{
	umod_device_del(&pdev->dev);
	if (pdev->id_auto) {
		umod_ida_free(&auto_ids, pdev->id);
		pdev->id = PLATFORM_DEVID_AUTO;
	}
}

/* ---- the bus of each host ------------------------------------------------------------- */

static void platform_bus_release(struct device *dev)
{
	free(dev);
}

int umod_platform_bus_init(struct umod_driver_core *core)
{
	struct device *bus_dev = calloc(1, sizeof(*bus_dev));
	int err;

	if (!bus_dev)
		return -ENOMEM;
	umod_device_initialize(core, bus_dev);
	bus_dev->p->owner = NULL;
	bus_dev->release = platform_bus_release;
	bus_dev->init_name = "platform";
	err = umod_device_add(core, bus_dev);
	if (err) {
		umod_put_device(bus_dev);
		return err;
	}
	core->platform_bus = bus_dev;
	return umod_bus_register(core, &umod_platform_bus_type, NULL);
}

void umod_platform_bus_exit(struct umod_driver_core *core)
{
	umod_bus_unregister(core, &umod_platform_bus_type);
	if (core->platform_bus) {
		umod_device_del(core->platform_bus);
		umod_put_device(core->platform_bus);
		core->platform_bus = NULL;
	}
}

struct bus_type umod_platform_bus_type = {
	.name = "platform",
	.match = platform_match,
	.uevent = platform_uevent,
	.probe = platform_probe,
	.remove = platform_remove,
};

/* ---- the host's own drivers (the board's simulated controllers) ------------------------ */

int umod_platform_host_driver(struct umod_driver_core *core, const char *name,
			      const struct of_device_id *match,
			      int (*probe)(struct platform_device *),
			      int (*remove)(struct platform_device *),
			      struct platform_driver **drvp)
{
	struct platform_driver *drv = calloc(1, sizeof(*drv));
	int err;

	if (!drv)
		return -ENOMEM;
	drv->probe = probe;
	drv->remove = remove;
	drv->driver.name = name;
	drv->driver.of_match_table = match;
	drv->driver.bus = &umod_platform_bus_type;
	err = umod_driver_register(core, &drv->driver);
	if (err) {
		free(drv);
		return err;
	}
	*drvp = drv;
	return 0;
}

void umod_platform_host_driver_free(struct platform_driver *drv)
{
	if (!drv)
		return;
	umod_driver_unregister(&drv->driver);
	free(drv);
}

/* ---- the exports -------------------------------------------------------------------- */

static struct umod_driver_core *pdev_core(struct platform_device *pdev)
{
	struct device *parent = pdev->dev.parent;

	if (parent == &platform_bus_stand_in)
		parent = NULL;
	if (pdev->dev.p && pdev->dev.p->core)
		return pdev->dev.p->core;
	return parent ? umod_dev_core(parent) : umod_caller_core();
}

static struct platform_device *kapi_platform_device_alloc(const char *name, int id)
{
	struct umod_driver_core *core = umod_caller_core();

	return name && core ? umod_platform_device_alloc(core, name, id) : NULL;
}

static int kapi_platform_device_add_resources(struct platform_device *pdev,
					      const struct resource *res, unsigned int num)
{
	return add_resources(pdev, res, num);
}

static int kapi_platform_device_add_data(struct platform_device *pdev, const void *data,
					 size_t size)
{
	return add_data(pdev, data, size);
}

static int kapi_platform_device_add(struct platform_device *pdev)
{
	struct umod_driver_core *core = pdev ? pdev_core(pdev) : NULL;

	return core ? umod_platform_device_add(core, pdev) : -EINVAL;
}

static void kapi_platform_device_del(struct platform_device *pdev)
{
	if (pdev && (uintptr_t)pdev < (uintptr_t)-4095)
		umod_platform_device_del(pdev);
}

static void kapi_platform_device_put(struct platform_device *pdev)
{
	if (pdev && (uintptr_t)pdev < (uintptr_t)-4095)
		umod_put_device(&pdev->dev);
}

/* platform_device_register(): a module's own struct (its release is its code) */
static int kapi_platform_device_register(struct platform_device *pdev)
{
	struct umod_driver_core *core = pdev_core(pdev);

	if (!core)
		return -EINVAL;
	umod_device_initialize(core, &pdev->dev);
	return umod_platform_device_add(core, pdev);
}

static void kapi_platform_device_unregister(struct platform_device *pdev)
{
	if (!pdev || (uintptr_t)pdev >= (uintptr_t)-4095)
		return;
	umod_platform_device_del(pdev);
	umod_put_device(&pdev->dev);
}

static struct platform_device *kapi_platform_device_register_full(
	const struct platform_device_info *info)
{
	struct umod_driver_core *core = info->parent ? umod_dev_core(info->parent)
						     : umod_caller_core();
	struct platform_device *pdev;
	int err;

	if (!core)
		return (struct platform_device *)(intptr_t)-EINVAL;
	pdev = umod_platform_device_alloc(core, info->name, info->id);
	if (!pdev)
		return (struct platform_device *)(intptr_t)-ENOMEM;
	pdev->dev.parent = info->parent;
	if (info->dma_mask) {
		pdev->platform_dma_mask = info->dma_mask;
		pdev->dev.coherent_dma_mask = info->dma_mask;
	}
	err = add_resources(pdev, info->res, info->num_res);
	if (!err)
		err = add_data(pdev, info->data, info->size_data);
	if (!err)
		err = umod_platform_device_add(core, pdev);
	if (err) {
		umod_put_device(&pdev->dev);
		return (struct platform_device *)(intptr_t)err;
	}
	return pdev;
}

static int kapi___platform_driver_register(struct platform_driver *drv, struct module *owner)
{
	struct umod_module *mod = umod_module_of(owner);
	struct umod_driver_core *core = mod ? umod_driver_core(mod->host) : umod_caller_core();

	if (!drv || !core)
		return -EINVAL;
	drv->driver.owner = owner;
	drv->driver.bus = &umod_platform_bus_type;
	return umod_driver_register(core, &drv->driver);
}

static void kapi_platform_driver_unregister(struct platform_driver *drv)
{
	if (drv)
		umod_driver_unregister(&drv->driver);
}

static int platform_probe_fail(struct platform_device *pdev)
{
	return -ENXIO;
}

static int bound_any(struct device_driver *drv)
{
	int bound;

	pthread_mutex_lock(&drv->p->bus->core->lock);
	bound = drv->p->devices.next != &drv->p->devices;
	pthread_mutex_unlock(&drv->p->bus->core->lock);
	return bound;
}

/*
 * __platform_driver_probe(): for drivers whose probe is __init: only the
 * devices there now; no sysfs bind later, no deferral; -ENODEV when none bound.
 */
static int kapi___platform_driver_probe(struct platform_driver *drv,
					int (*probe)(struct platform_device *),
					struct module *module)
{
	int err;

	drv->prevent_deferred_probe = true;
	drv->driver.suppress_bind_attrs = true;
	drv->probe = probe;
	err = kapi___platform_driver_register(drv, module);
	if (err)
		return err;
	drv->probe = platform_probe_fail;
	if (!bound_any(&drv->driver)) {
		kapi_platform_driver_unregister(drv);
		return -ENODEV;
	}
	return 0;
}

static int kapi___platform_register_drivers(struct platform_driver *const *drivers,
					    unsigned int count, struct module *owner)
{
	unsigned int i;
	int err = 0;

	for (i = 0; i < count && !err; i++)
		err = kapi___platform_driver_register(drivers[i], owner);
	if (err)
		for (i--; i-- > 0;)
			kapi_platform_driver_unregister(drivers[i]);
	return err;
}

static void kapi_platform_unregister_drivers(struct platform_driver *const *drivers,
					     unsigned int count)
{
	while (count--)
		kapi_platform_driver_unregister(drivers[count]);
}

static struct resource *kapi_platform_get_resource(struct platform_device *pdev,
						   unsigned int type, unsigned int num)
{
	for (unsigned int i = 0; i < pdev->num_resources; i++) {
		struct resource *r = &pdev->resource[i];

		if ((r->flags & IORESOURCE_TYPE_BITS) == type && num-- == 0)
			return r;
	}
	return NULL;
}

/* devm_platform_get_and_ioremap_resource() */
static void *kapi_devm_platform_get_and_ioremap_resource(struct platform_device *pdev,
							 unsigned int index,
							 struct resource **res)
{
	struct resource *r = kapi_platform_get_resource(pdev, IORESOURCE_MEM, index);

	if (res)
		*res = r;
	return umod_devm_ioremap_resource(&pdev->dev, r);
}

static void *kapi_devm_platform_ioremap_resource(struct platform_device *pdev,
						 unsigned int index)
{
	return kapi_devm_platform_get_and_ioremap_resource(pdev, index, NULL);
}

static struct resource *kapi_platform_get_resource_byname(struct platform_device *pdev,
							  unsigned int type, const char *name)
{
	for (unsigned int i = 0; i < pdev->num_resources; i++) {
		struct resource *r = &pdev->resource[i];

		if ((r->flags & IORESOURCE_TYPE_BITS) == type && r->name && !strcmp(r->name, name))
			return r;
	}
	return NULL;
}

/* the IRQ resource @num, else the node's interrupts (of_irq_get); -ENXIO without */
static int kapi_platform_get_irq_optional(struct platform_device *pdev, unsigned int num)
{
	struct resource *r;
	int ret;

	if (pdev->dev.of_node) {
		ret = umod_of_irq_get(pdev->dev.of_node, (int)num);
		if (ret > 0 || ret == -EPROBE_DEFER)
			return ret;
	}
	r = kapi_platform_get_resource(pdev, IORESOURCE_IRQ, num);
	if (r)
		return r->start ? (int)r->start : -EINVAL;
	return -ENXIO;
}

static int kapi_platform_get_irq(struct platform_device *pdev, unsigned int num)
{
	int ret = kapi_platform_get_irq_optional(pdev, num);

	char name[32];

	if (ret < 0 && ret != -EPROBE_DEFER)
		umod_dev_printk(KERN_ERR, &pdev->dev, "error %s: IRQ index %u not found\n",
				umod_errname(ret, name, sizeof(name)), num);
	return ret;
}

static int kapi_platform_irq_count(struct platform_device *pdev)
{
	int n = 0;

	while (kapi_platform_get_irq_optional(pdev, (unsigned int)n) > 0)
		n++;
	return n;
}

static const struct umod_kapi_export platform_exports[] = {
	UMOD_KAPI_GPL("platform_bus_type", &umod_platform_bus_type),
	UMOD_KAPI_GPL("platform_bus", &platform_bus_stand_in),
	UMOD_KAPI_GPL("platform_device_alloc", kapi_platform_device_alloc),
	UMOD_KAPI_GPL("platform_device_add_resources", kapi_platform_device_add_resources),
	UMOD_KAPI_GPL("platform_device_add_data", kapi_platform_device_add_data),
	UMOD_KAPI_GPL("platform_device_add", kapi_platform_device_add),
	UMOD_KAPI_GPL("platform_device_del", kapi_platform_device_del),
	UMOD_KAPI_GPL("platform_device_put", kapi_platform_device_put),
	UMOD_KAPI_GPL("platform_device_register", kapi_platform_device_register),
	UMOD_KAPI_GPL("platform_device_unregister", kapi_platform_device_unregister),
	UMOD_KAPI_GPL("platform_device_register_full", kapi_platform_device_register_full),
	UMOD_KAPI_GPL("__platform_driver_register", kapi___platform_driver_register),
	UMOD_KAPI_GPL("platform_driver_unregister", kapi_platform_driver_unregister),
	UMOD_KAPI_GPL("__platform_driver_probe", kapi___platform_driver_probe),
	UMOD_KAPI_GPL("__platform_register_drivers", kapi___platform_register_drivers),
	UMOD_KAPI_GPL("platform_unregister_drivers", kapi_platform_unregister_drivers),
	UMOD_KAPI_GPL("platform_get_resource", kapi_platform_get_resource),
	UMOD_KAPI_GPL("devm_platform_ioremap_resource", kapi_devm_platform_ioremap_resource),
	UMOD_KAPI_GPL("devm_platform_get_and_ioremap_resource",
		      kapi_devm_platform_get_and_ioremap_resource),
	UMOD_KAPI_GPL("platform_get_resource_byname", kapi_platform_get_resource_byname),
	UMOD_KAPI_GPL("platform_get_irq", kapi_platform_get_irq),
	UMOD_KAPI_GPL("platform_get_irq_optional", kapi_platform_get_irq_optional),
	UMOD_KAPI_GPL("platform_irq_count", kapi_platform_irq_count),
};

const struct umod_kapi_table umod_kapi_platform = UMOD_KAPI_TABLE(platform_exports);
