// SPDX-License-Identifier: MIT
/*
 * The PCI bus type and its drivers (Linux 6.1's drivers/pci/pci-driver.c):
 * a driver matches by its pci_device_id table (PCI_ANY_ID fields match
 * anything, class under class_mask; driver_override first, and an
 * override_only entry only through it); probe gets the matching entry;
 * the uevent has 6.1's PCI_CLASS, PCI_ID, PCI_SUBSYS_ID, PCI_SLOT_NAME and
 * MODALIAS=pci:v...d...sv...sd...bc..sc..i.., which loads a module whose
 * MODULE_DEVICE_TABLE(pci, ...) names the device. The bus is registered
 * in a host the first time a board or a driver needs it.
 */
#include <errno.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/pci/pci.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "lib/kobject_uevent.h"

#define to_pci_dev(d)		umod_container_of(d, struct pci_dev, dev)
#define to_pci_driver(d)	umod_container_of(d, struct pci_driver, driver)

static bool id_end(const struct pci_device_id *id)
{
	return !id->vendor && !id->subvendor && !id->class_mask;
}

static bool id_matches(const struct pci_device_id *id, const struct pci_dev *dev)
{
	return (id->vendor == PCI_ANY_ID || id->vendor == dev->vendor) &&
	       (id->device == PCI_ANY_ID || id->device == dev->device) &&
	       (id->subvendor == PCI_ANY_ID || id->subvendor == dev->subsystem_vendor) &&
	       (id->subdevice == PCI_ANY_ID || id->subdevice == dev->subsystem_device) &&
	       !((id->class ^ dev->class) & id->class_mask);
}

static const struct pci_device_id *match_id(const struct pci_device_id *ids,
					      const struct pci_dev *dev)
{
	for (; ids && !id_end(ids); ids++)
		if (id_matches(ids, dev))
			return ids;
	return NULL;
}

/* pci_match_device(): override_only entries count only under driver_override */
static const struct pci_device_id *match_device(struct pci_driver *drv, struct pci_dev *dev)
{
	const struct pci_device_id *id;

	if (dev->driver_override && strcmp(dev->driver_override, drv->name))
		return NULL;
	for (id = drv->id_table; id && !id_end(id); id++)
		if (id_matches(id, dev) && (!id->override_only || dev->driver_override))
			return id;
	return NULL;
}

static int pci_bus_match(struct device *dev, struct device_driver *drv)
{
	return match_device(to_pci_driver(drv), to_pci_dev(dev)) != NULL;
}

static int pci_uevent(struct device *dev, struct kobj_uevent_env *env)
{
	struct pci_dev *p = to_pci_dev(dev);

	if (umod_add_uevent_var(env, "PCI_CLASS=%04X", p->class) ||
	    umod_add_uevent_var(env, "PCI_ID=%04X:%04X", p->vendor, p->device) ||
	    umod_add_uevent_var(env, "PCI_SUBSYS_ID=%04X:%04X", p->subsystem_vendor,
				p->subsystem_device) ||
	    umod_add_uevent_var(env, "PCI_SLOT_NAME=%s", umod_dev_name(dev)))
		return -ENOMEM;
	return umod_add_uevent_var(env, "MODALIAS=pci:v%08Xd%08Xsv%08Xsd%08Xbc%02Xsc%02Xi%02X",
				   p->vendor, p->device, p->subsystem_vendor,
				   p->subsystem_device, (p->class >> 16) & 0xff,
				   (p->class >> 8) & 0xff, p->class & 0xff);
}

struct probe_call {
	struct pci_driver *drv;
	struct pci_dev *dev;
	const struct pci_device_id *id;
};

static long call_probe(void *arg)
{
	struct probe_call *c = arg;

	return c->drv->probe(c->dev, c->id);
}

static long call_remove(void *arg)
{
	struct probe_call *c = arg;

	c->drv->remove(c->dev);
	return 0;
}

static int pci_device_probe(struct device *dev)
{
	struct pci_driver *drv = to_pci_driver(dev->driver);
	struct probe_call c = { drv, to_pci_dev(dev), match_device(drv, to_pci_dev(dev)) };
	int ret = 0;

	if (!c.id)
		return -ENODEV;
	c.dev->driver = drv;
	if (drv->probe)
		ret = (int)umod_base_call(umod_module_of(drv->driver.owner), call_probe, &c);
	if (ret) {
		c.dev->driver = NULL;
		return ret > 0 ? -ENXIO : ret;	/* 6.1: a positive return is a failure too */
	}
	return 0;
}

static void pci_device_remove(struct device *dev)
{
	struct pci_driver *drv = to_pci_driver(dev->driver);
	struct probe_call c = { drv, to_pci_dev(dev), NULL };

	if (drv->remove)
		umod_base_call(umod_module_of(drv->driver.owner), call_remove, &c);
	c.dev->driver = NULL;
}

struct bus_type umod_pci_bus_type = {
	.name = "pci",
	.match = pci_bus_match,
	.uevent = pci_uevent,
	.probe = pci_device_probe,
	.remove = pci_device_remove,
};

int umod_pci_bus_register(struct umod_host *host)
{
	struct umod_driver_core *core = umod_driver_core(host);
	struct umod_pci_host *ph = umod_pci_host(host, true);
	int err;

	if (!core || !ph)
		return -ENOMEM;
	if (ph->bus_registered)
		return 0;
	err = umod_bus_register(core, &umod_pci_bus_type, NULL);
	ph->bus_registered = !err;
	return err;
}

/* ---- the exports --------------------------------------------------------------------- */

static int kapi___pci_register_driver(struct pci_driver *drv, struct module *owner,
				      const char *mod_name)
{
	struct umod_module *mod = umod_module_of(owner);
	struct umod_host *host = mod ? mod->host : umod_caller_host();
	int err;

	if (!drv || !host)
		return -EINVAL;
	err = umod_pci_bus_register(host);
	if (err)
		return err;
	drv->driver.name = drv->name;
	drv->driver.owner = owner;
	drv->driver.mod_name = mod_name;
	drv->driver.bus = &umod_pci_bus_type;
	drv->driver.groups = drv->groups;
	drv->driver.dev_groups = drv->dev_groups;
	return umod_driver_register(umod_driver_core(host), &drv->driver);
}

static void kapi_pci_unregister_driver(struct pci_driver *drv)
{
	if (drv)
		umod_driver_unregister(&drv->driver);
}

static const struct pci_device_id *kapi_pci_match_id(const struct pci_device_id *ids,
						     struct pci_dev *dev)
{
	return dev ? match_id(ids, dev) : NULL;
}

static struct pci_dev *kapi_pci_dev_get(struct pci_dev *dev)
{
	if (dev)
		umod_get_device(&dev->dev);
	return dev;
}

static void kapi_pci_dev_put(struct pci_dev *dev)
{
	if (dev)
		umod_put_device(&dev->dev);
}

static const struct umod_kapi_export pci_driver_exports[] = {
	UMOD_KAPI("__pci_register_driver", kapi___pci_register_driver),
	UMOD_KAPI("pci_unregister_driver", kapi_pci_unregister_driver),
	UMOD_KAPI("pci_match_id", kapi_pci_match_id),
	UMOD_KAPI("pci_dev_get", kapi_pci_dev_get),
	UMOD_KAPI("pci_dev_put", kapi_pci_dev_put),
	UMOD_KAPI("pci_bus_type", &umod_pci_bus_type),
};

const struct umod_kapi_table umod_kapi_pci_driver = UMOD_KAPI_TABLE(pci_driver_exports);
