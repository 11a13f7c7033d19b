// SPDX-License-Identifier: MIT
/*
 * The USB core's devices and drivers (Linux 6.1's drivers/usb/core/usb.c,
 * driver.c, hub.c's enumeration, sysfs.c): the usb bus holds devices
 * (usbN, the root hub of bus N; N-P, the device on its root port P) and
 * their interfaces (N-P:C.I), matched to interface drivers by their
 * usb_device_id tables as 6.1's usb_match_id() does. A device is
 * enumerated from its model's descriptors and configured with its first
 * configuration; its interfaces then appear and bind (their uevent's
 * MODALIAS loads a driver's module). Unplugged, the device is marked not
 * attached, each interface's URBs complete with -ESHUTDOWN, its driver's
 * disconnect() runs, and the devices go.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boards/board.h"
#include "drivers/base/base.h"
#include "drivers/usb/core/usb.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/printk/internal.h"
#include "lib/kobject_uevent.h"
#include "mm/internal.h"

#define to_udev(d)	umod_container_of(d, struct usb_device, dev)
#define to_intf(d)	umod_container_of(d, struct usb_interface, dev)
#define to_udrv(d)	umod_container_of(d, struct usb_driver, drvwrap.driver)

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct umod_list registry = { &registry, &registry };

struct umod_usb_hcd *umod_usb_hcd_of(struct usb_device *udev)
{
	struct umod_usb_hcd *found = NULL;

	while (udev->parent)
		udev = udev->parent;
	pthread_mutex_lock(&registry_lock);
	for (struct umod_list *n = registry.next; n != &registry; n = n->next) {
		struct umod_usb_hcd *h = umod_container_of(n, struct umod_usb_hcd, link);

		if (h->root == udev)
			found = h;
	}
	pthread_mutex_unlock(&registry_lock);
	return found;
}

static bool is_intf(const struct device *dev)
{
	return dev->type == &umod_usb_if_device_type;
}

/* ---- matching (6.1's usb_match_device, usb_match_one_id_intf) ----------------------------- */

static bool match_device(const struct usb_device *dev, const struct usb_device_id *id)
{
	const struct usb_device_descriptor *d = &dev->descriptor;
	unsigned int f = id->match_flags;

	return !((f & USB_DEVICE_ID_MATCH_VENDOR && id->idVendor != d->idVendor) ||
		 (f & USB_DEVICE_ID_MATCH_PRODUCT && id->idProduct != d->idProduct) ||
		 (f & USB_DEVICE_ID_MATCH_DEV_LO && id->bcdDevice_lo > d->bcdDevice) ||
		 (f & USB_DEVICE_ID_MATCH_DEV_HI && id->bcdDevice_hi < d->bcdDevice) ||
		 (f & USB_DEVICE_ID_MATCH_DEV_CLASS && id->bDeviceClass != d->bDeviceClass) ||
		 (f & USB_DEVICE_ID_MATCH_DEV_SUBCLASS &&
		  id->bDeviceSubClass != d->bDeviceSubClass) ||
		 (f & USB_DEVICE_ID_MATCH_DEV_PROTOCOL &&
		  id->bDeviceProtocol != d->bDeviceProtocol));
}

static bool match_intf(const struct usb_device *dev, const struct usb_host_interface *alt,
		       const struct usb_device_id *id)
{
	const struct usb_interface_descriptor *i = &alt->desc;
	unsigned int f = id->match_flags;

	/* a vendor-specific device's interfaces match only with its vendor named */
	if (dev->descriptor.bDeviceClass == 0xff && !(f & USB_DEVICE_ID_MATCH_VENDOR) &&
	    (f & (USB_DEVICE_ID_MATCH_INT_CLASS | USB_DEVICE_ID_MATCH_INT_SUBCLASS |
		  USB_DEVICE_ID_MATCH_INT_PROTOCOL | USB_DEVICE_ID_MATCH_INT_NUMBER)))
		return false;
	return !((f & USB_DEVICE_ID_MATCH_INT_CLASS && id->bInterfaceClass != i->bInterfaceClass) ||
		 (f & USB_DEVICE_ID_MATCH_INT_SUBCLASS &&
		  id->bInterfaceSubClass != i->bInterfaceSubClass) ||
		 (f & USB_DEVICE_ID_MATCH_INT_PROTOCOL &&
		  id->bInterfaceProtocol != i->bInterfaceProtocol) ||
		 (f & USB_DEVICE_ID_MATCH_INT_NUMBER &&
		  id->bInterfaceNumber != i->bInterfaceNumber));
}

static const struct usb_device_id *match_id(struct usb_interface *intf,
					    const struct usb_device_id *id)
{
	struct usb_device *dev = to_udev(intf->dev.parent);

	for (; id && (id->idVendor || id->idProduct || id->bDeviceClass ||
		      id->bInterfaceClass || id->driver_info); id++)
		if (match_device(dev, id) && match_intf(dev, intf->cur_altsetting, id))
			return id;
	return NULL;
}

static int usb_device_match(struct device *dev, struct device_driver *drv)
{
	/* device drivers (the generic "usb" one) are not modelled: only interfaces bind */
	if (!is_intf(dev) || to_udrv(drv)->drvwrap.for_devices)
		return 0;
	return match_id(to_intf(dev), to_udrv(drv)->id_table) != NULL;
}

static int intf_modalias(struct usb_interface *intf, char *buf, size_t size)
{
	const struct usb_device_descriptor *d = &to_udev(intf->dev.parent)->descriptor;
	const struct usb_interface_descriptor *i = &intf->cur_altsetting->desc;

	return snprintf(buf, size,
			"usb:v%04Xp%04Xd%04Xdc%02Xdsc%02Xdp%02Xic%02Xisc%02Xip%02Xin%02X",
			d->idVendor, d->idProduct, d->bcdDevice, d->bDeviceClass,
			d->bDeviceSubClass, d->bDeviceProtocol, i->bInterfaceClass,
			i->bInterfaceSubClass, i->bInterfaceProtocol, i->bInterfaceNumber);
}

static int usb_uevent(struct device *dev, struct kobj_uevent_env *env)
{
	char buf[128];

	if (!is_intf(dev))
		return 0;
	intf_modalias(to_intf(dev), buf, sizeof(buf));
	return umod_add_uevent_var(env, "MODALIAS=%s", buf);
}

struct drv_call {
	struct usb_driver *drv;
	struct usb_interface *intf;
	const struct usb_device_id *id;
};

static long call_probe(void *arg)
{
	struct drv_call *c = arg;

	return c->drv->probe(c->intf, c->id);
}

static long call_disconnect(void *arg)
{
	struct drv_call *c = arg;

	c->drv->disconnect(c->intf);
	return 0;
}

static int usb_probe(struct device *dev)
{
	struct drv_call c = { to_udrv(dev->driver), to_intf(dev), NULL };
	int err;

	c.id = match_id(c.intf, c.drv->id_table);
	if (!c.id)
		return -ENODEV;
	c.intf->condition = USB_INTERFACE_BINDING;
	err = (int)umod_base_call(umod_module_of(c.drv->drvwrap.driver.owner), call_probe, &c);
	if (err) {
		dev->driver_data = NULL;
		c.intf->condition = USB_INTERFACE_UNBOUND;
		return err;
	}
	c.intf->condition = USB_INTERFACE_BOUND;
	return 0;
}

static void usb_remove(struct device *dev)
{
	struct drv_call c = { to_udrv(dev->driver), to_intf(dev), NULL };
	struct usb_device *udev = to_udev(dev->parent);
	struct umod_usb_hcd *hcd = umod_usb_hcd_of(udev);

	c.intf->condition = USB_INTERFACE_UNBINDING;
	/* its URBs end first, unless the driver unbinds softly from a present device */
	if (hcd && (!c.drv->soft_unbind || udev->state == USB_STATE_NOTATTACHED))
		umod_usb_flush_device(hcd, udev, -ESHUTDOWN);
	if (c.drv->disconnect)
		umod_base_call(umod_module_of(c.drv->drvwrap.driver.owner), call_disconnect, &c);
	dev->driver_data = NULL;
	c.intf->condition = USB_INTERFACE_UNBOUND;
}

struct bus_type umod_usb_bus_type = {
	.name = "usb",
	.match = usb_device_match,
	.uevent = usb_uevent,
	.probe = usb_probe,
	.remove = usb_remove,
};

/* ---- sysfs: the attributes lsusb and udev read --------------------------------------------- */

enum { A_VENDOR, A_PRODUCT, A_BCD, A_BUSNUM, A_DEVNUM, A_DEVPATH, A_SPEED, A_NUMIF,
       A_VERSION, I_NUMBER, I_CLASS, I_NUMEP, I_MODALIAS };

struct attr {
	const char *name;
	int what;
};

static const struct attr dev_attrs[] = {
	{ "idVendor", A_VENDOR }, { "idProduct", A_PRODUCT }, { "bcdDevice", A_BCD },
	{ "busnum", A_BUSNUM }, { "devnum", A_DEVNUM }, { "devpath", A_DEVPATH },
	{ "speed", A_SPEED }, { "bNumInterfaces", A_NUMIF }, { "version", A_VERSION },
};

static const struct attr if_attrs[] = {
	{ "bInterfaceNumber", I_NUMBER }, { "bInterfaceClass", I_CLASS },
	{ "bNumEndpoints", I_NUMEP }, { "modalias", I_MODALIAS },
};

struct attr_priv {
	struct device *dev;
	int what;
};

static long attr_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct attr_priv *p = priv;
	const struct usb_device *u = is_intf(p->dev) ? NULL : to_udev(p->dev);
	const struct usb_interface *i = is_intf(p->dev) ? to_intf(p->dev) : NULL;
	const struct usb_device_descriptor *d = u ? &u->descriptor : NULL;
	const struct usb_interface_descriptor *id = i ? &i->cur_altsetting->desc : NULL;

	switch (p->what) {
	case A_VENDOR: return snprintf(page, UMOD_PAGE_SIZE, "%04x\n", d->idVendor);
	case A_PRODUCT: return snprintf(page, UMOD_PAGE_SIZE, "%04x\n", d->idProduct);
	case A_BCD: return snprintf(page, UMOD_PAGE_SIZE, "%04x\n", d->bcdDevice);
	case A_BUSNUM: return snprintf(page, UMOD_PAGE_SIZE, "%d\n",
				       umod_usb_hcd_of((struct usb_device *)u)->busnum);
	case A_DEVNUM: return snprintf(page, UMOD_PAGE_SIZE, "%d\n", u->devnum);
	case A_DEVPATH: return snprintf(page, UMOD_PAGE_SIZE, "%s\n", u->devpath);
	case A_SPEED: return snprintf(page, UMOD_PAGE_SIZE, "480\n");
	case A_NUMIF: return snprintf(page, UMOD_PAGE_SIZE, "%2d\n",
				      u->actconfig ? u->actconfig->desc.bNumInterfaces : 0);
	case A_VERSION: return snprintf(page, UMOD_PAGE_SIZE, "%2x.%02x\n", d->bcdUSB >> 8,
					d->bcdUSB & 0xff);
	case I_NUMBER: return snprintf(page, UMOD_PAGE_SIZE, "%02x\n", id->bInterfaceNumber);
	case I_CLASS: return snprintf(page, UMOD_PAGE_SIZE, "%02x\n", id->bInterfaceClass);
	case I_NUMEP: return snprintf(page, UMOD_PAGE_SIZE, "%02x\n", id->bNumEndpoints);
	default: {
		int n = intf_modalias((struct usb_interface *)i, page, UMOD_PAGE_SIZE - 1);

		page[n++] = '\n';
		return n;
	}
	}
}

static const struct umod_kernfs_ops attr_ops = { attr_show, NULL };

/* a device and what hangs off it, freed together when its last reference goes */
struct udev_obj {
	struct usb_device udev;
	struct usb_host_config cfg;
	struct attr_priv ap[UMOD_ARRAY_SIZE(dev_attrs)];
};

struct intf_obj {
	struct usb_interface intf;
	struct usb_host_interface alt;
	struct usb_host_endpoint ep[16];
	struct attr_priv ap[UMOD_ARRAY_SIZE(if_attrs)];
};

static int add_attrs(struct device *dev, const struct attr *a, struct attr_priv *ap, size_t n)
{
	int err = 0;

	for (size_t i = 0; i < n && !err; i++) {
		ap[i] = (struct attr_priv){ dev, a[i].what };
		err = umod_base_file(&dev->kobj, a[i].name, 0444, &attr_ops, &ap[i]);
	}
	return err;
}

static void udev_release(struct device *dev)
{
	free(umod_container_of(to_udev(dev), struct udev_obj, udev));
}

static void intf_release(struct device *dev)
{
	free(umod_container_of(to_intf(dev), struct intf_obj, intf));
}

struct device_type umod_usb_device_type = { .name = "usb_device", .release = udev_release };
struct device_type umod_usb_if_device_type = { .name = "usb_interface",
					       .release = intf_release };

/* the interfaces of configuration @cfg (@len bytes), every length checked */
static int parse_config(struct usb_device *udev, const uint8_t *cfg, size_t len)
{
	struct usb_host_config *hc = udev->config;
	struct intf_obj *cur = NULL;
	size_t off = 0;

	memcpy(&hc->desc, cfg, USB_DT_CONFIG_SIZE);
	hc->desc.bNumInterfaces = 0;
	while (off + 2 <= len && cfg[off] >= 2 && off + cfg[off] <= len) {
		const uint8_t *d = cfg + off;

		if (d[1] == 4 && d[0] >= USB_DT_INTERFACE_SIZE && d[3] == 0 &&
		    hc->desc.bNumInterfaces < 32) {
			cur = calloc(1, sizeof(*cur));
			if (!cur)
				return -ENOMEM;
			memcpy(&cur->alt.desc, d, USB_DT_INTERFACE_SIZE);
			cur->alt.desc.bNumEndpoints = 0;
			cur->alt.endpoint = cur->ep;
			cur->intf.altsetting = cur->intf.cur_altsetting = &cur->alt;
			cur->intf.num_altsetting = 1;
			cur->intf.minor = -1;
			hc->interface[hc->desc.bNumInterfaces++] = &cur->intf;
		} else if (d[1] == 5 && d[0] >= USB_DT_ENDPOINT_SIZE && cur &&
			   cur->alt.desc.bNumEndpoints < 16) {
			struct usb_host_endpoint *ep = &cur->ep[cur->alt.desc.bNumEndpoints++];
			unsigned int num = d[2] & 0x0f;

			memcpy(&ep->desc, d, USB_DT_ENDPOINT_SIZE);
			umod_list_init((struct umod_list *)&ep->urb_list);
			ep->enabled = 1;
			if (d[2] & 0x80)
				udev->ep_in[num] = ep;
			else
				udev->ep_out[num] = ep;
		}
		off += cfg[off];
	}
	return 0;
}

static struct usb_device *udev_new(struct umod_usb_hcd *hcd, struct usb_device *parent,
				   const struct umod_model_usb_ops *ops)
{
	struct udev_obj *o = calloc(1, sizeof(*o));
	struct usb_device *udev;

	if (!o)
		return NULL;
	udev = &o->udev;
	udev->config = udev->actconfig = &o->cfg;
	memcpy(&udev->descriptor, ops->device_descriptor, USB_DT_DEVICE_SIZE);
	udev->ep0.desc = (struct usb_endpoint_descriptor){
		.bLength = USB_DT_ENDPOINT_SIZE, .bDescriptorType = 5,
		.wMaxPacketSize = udev->descriptor.bMaxPacketSize0,
	};
	umod_list_init((struct umod_list *)&udev->ep0.urb_list);
	udev->ep_in[0] = udev->ep_out[0] = &udev->ep0;
	udev->parent = parent;
	udev->speed = USB_SPEED_HIGH;
	udev->authorized = 1;
	udev->level = parent ? 1 : 0;
	if (parse_config(udev, ops->config_descriptor, ops->config_length)) {
		for (int i = 0; i < o->cfg.desc.bNumInterfaces; i++)
			free(umod_container_of(o->cfg.interface[i], struct intf_obj, intf));
		free(o);
		return NULL;
	}
	umod_device_initialize(umod_driver_core(hcd->host), &udev->dev);
	if (udev->dev.p)
		udev->dev.p->owner = NULL;
	udev->dev.bus = &umod_usb_bus_type;
	udev->dev.type = &umod_usb_device_type;
	udev->dev.parent = parent ? &parent->dev : hcd->parent;
	return udev;
}

static void found_lines(struct usb_device *udev)
{
	const struct usb_device_descriptor *d = &udev->descriptor;

	umod_dev_printk(KERN_INFO, &udev->dev,
			"New USB device found, idVendor=%04x, idProduct=%04x, bcdDevice=%2x.%02x\n",
			d->idVendor, d->idProduct, d->bcdDevice >> 8, d->bcdDevice & 0xff);
	umod_dev_printk(KERN_INFO, &udev->dev,
			"New USB device strings: Mfr=%d, Product=%d, SerialNumber=%d\n",
			d->iManufacturer, d->iProduct, d->iSerialNumber);
}

/* the device, then its interfaces (which bind): usb_new_device(), usb_set_configuration() */
static int udev_add(struct umod_usb_hcd *hcd, struct usb_device *udev, const char *name)
{
	struct umod_driver_core *core = umod_driver_core(hcd->host);
	struct udev_obj *o = umod_container_of(udev, struct udev_obj, udev);
	int err = umod_dev_set_name(&udev->dev, "%s", name);

	if (!err)
		err = umod_device_add(core, &udev->dev);
	if (!err)
		err = add_attrs(&udev->dev, dev_attrs, o->ap, UMOD_ARRAY_SIZE(dev_attrs));
	if (err)
		return err;
	udev->state = USB_STATE_CONFIGURED;
	found_lines(udev);
	for (int i = 0; i < o->cfg.desc.bNumInterfaces && !err; i++) {
		struct usb_interface *intf = o->cfg.interface[i];
		struct intf_obj *io = umod_container_of(intf, struct intf_obj, intf);

		umod_device_initialize(core, &intf->dev);
		if (intf->dev.p)
			intf->dev.p->owner = NULL;
		intf->dev.parent = &udev->dev;
		intf->dev.bus = &umod_usb_bus_type;
		intf->dev.type = &umod_usb_if_device_type;
		err = umod_dev_set_name(&intf->dev, "%d-%s:%d.%d", hcd->busnum,
					udev->parent ? udev->devpath : "0",
					o->cfg.desc.bConfigurationValue,
					intf->altsetting->desc.bInterfaceNumber);
		if (!err)
			err = umod_device_add(core, &intf->dev);
		if (!err)
			err = add_attrs(&intf->dev, if_attrs, io->ap, UMOD_ARRAY_SIZE(if_attrs));
	}
	return err;
}

static void udev_del(struct usb_device *udev)
{
	struct udev_obj *o = umod_container_of(udev, struct udev_obj, udev);

	for (int i = 0; i < o->cfg.desc.bNumInterfaces; i++) {
		struct device *dev = &o->cfg.interface[i]->dev;

		if (dev->p && dev->p->added)
			umod_device_del(dev);
		if (dev->p)
			umod_put_device(dev);
		else
			free(umod_container_of(o->cfg.interface[i], struct intf_obj, intf));
	}
	if (udev->dev.p && udev->dev.p->added)
		umod_device_del(&udev->dev);
	umod_put_device(&udev->dev);
}

/* the root hub: Linux Foundation 2.0 root hub, one port per UMOD_USB_PORTS */
static const uint8_t root_device[18] = {
	18, 1, 0x00, 0x02, 9, 0, 1, 64, 0x6b, 0x1d, 0x02, 0x00, 0x01, 0x06, 3, 2, 1, 1,
};
static const uint8_t root_config[25] = {
	9, 2, 25, 0, 1, 1, 0, 0xe0, 0,
	9, 4, 0, 0, 1, 9, 0, 0, 0,
	7, 5, 0x81, 3, 4, 0, 12,
};
static const struct umod_model_usb_ops root_ops = {
	.device_descriptor = root_device,
	.config_descriptor = root_config,
	.config_length = sizeof(root_config),
};

int umod_usb_add_root(struct umod_usb_hcd *hcd)
{
	char name[16];
	int err;

	hcd->root = udev_new(hcd, NULL, &root_ops);
	if (!hcd->root)
		return -ENOMEM;
	hcd->root->devnum = 1;
	hcd->root->maxchild = UMOD_USB_PORTS;
	snprintf(hcd->root->devpath, sizeof(hcd->root->devpath), "0");
	hcd->next_devnum = 2;
	pthread_mutex_lock(&registry_lock);
	umod_list_add(&hcd->link, &registry);
	pthread_mutex_unlock(&registry_lock);
	snprintf(name, sizeof(name), "usb%d", hcd->busnum);
	err = udev_add(hcd, hcd->root, name);
	if (err) {
		umod_usb_remove_root(hcd);
		return err;
	}
	return 0;
}

void umod_usb_remove_root(struct umod_usb_hcd *hcd)
{
	for (unsigned int p = 1; p <= UMOD_USB_PORTS; p++)
		umod_usb_disconnect(hcd, p);
	if (hcd->root)
		udev_del(hcd->root);
	hcd->root = NULL;
	pthread_mutex_lock(&registry_lock);
	umod_list_del(&hcd->link);
	pthread_mutex_unlock(&registry_lock);
}

int umod_usb_connect(struct umod_usb_hcd *hcd, unsigned int port)
{
	const struct umod_model_usb_ops *ops;
	struct usb_device *udev;
	char name[16];
	int err;

	if (port < 1 || port > UMOD_USB_PORTS || hcd->port[port] ||
	    !umod_board_usb_plugged(hcd->host, hcd->np, port, &ops))
		return 0;
	udev = udev_new(hcd, hcd->root, ops);
	if (!udev)
		return -ENOMEM;
	udev->devnum = hcd->next_devnum++;
	udev->portnum = (unsigned char)port;
	snprintf(udev->devpath, sizeof(udev->devpath), "%u", port);
	snprintf(name, sizeof(name), "%d-%u", hcd->busnum, port);
	udev->state = USB_STATE_DEFAULT;
	umod_base_printk(umod_driver_core(hcd->host),
			 KERN_INFO "usb %s: new high-speed USB device number %d using usb-sim\n",
			 name, udev->devnum);
	hcd->port[port] = udev;
	err = udev_add(hcd, udev, name);
	if (err) {
		hcd->port[port] = NULL;
		udev_del(udev);
	}
	return err;
}

void umod_usb_disconnect(struct umod_usb_hcd *hcd, unsigned int port)
{
	struct usb_device *udev = port <= UMOD_USB_PORTS ? hcd->port[port] : NULL;

	if (!udev)
		return;
	umod_dev_printk(KERN_INFO, &udev->dev, "USB disconnect, device number %d\n",
			udev->devnum);
	udev->state = USB_STATE_NOTATTACHED;
	umod_usb_flush_device(hcd, udev, -ESHUTDOWN);
	hcd->port[port] = NULL;
	udev_del(udev);
}

/* ---- the exports ------------------------------------------------------------------------ */

static int kapi_usb_register_driver(struct usb_driver *drv, struct module *owner,
				    const char *mod_name)
{
	struct umod_module *mod = umod_module_of(owner);
	struct umod_driver_core *core = mod ? umod_driver_core(mod->host) : umod_caller_core();
	int err;

	if (!drv || !core)
		return -EINVAL;
	drv->drvwrap.for_devices = 0;
	drv->drvwrap.driver.name = drv->name;
	drv->drvwrap.driver.bus = &umod_usb_bus_type;
	drv->drvwrap.driver.owner = owner;
	drv->drvwrap.driver.mod_name = mod_name;
	drv->drvwrap.driver.dev_groups = drv->dev_groups;
	umod_list_init((struct umod_list *)&drv->dynids.list);
	err = umod_driver_register(core, &drv->drvwrap.driver);
	if (!err)
		umod_base_printk(core, KERN_INFO "usbcore: registered new interface driver %s\n",
				 drv->name);
	else
		umod_base_printk(core, KERN_ERR "usbcore: error %d registering interface driver %s\n",
				 err, drv->name);
	return err;
}

static void kapi_usb_deregister(struct usb_driver *drv)
{
	struct umod_driver_core *core = umod_caller_core();

	if (!drv)
		return;
	if (core)
		umod_base_printk(core, KERN_INFO "usbcore: deregistering interface driver %s\n",
				 drv->name);
	umod_driver_unregister(&drv->drvwrap.driver);
}

static const struct usb_device_id *kapi_usb_match_id(struct usb_interface *intf,
						     const struct usb_device_id *id)
{
	return intf ? match_id(intf, id) : NULL;
}

static struct usb_device *kapi_usb_get_dev(struct usb_device *dev)
{
	if (dev)
		umod_get_device(&dev->dev);
	return dev;
}

static void kapi_usb_put_dev(struct usb_device *dev)
{
	if (dev)
		umod_put_device(&dev->dev);
}

static struct usb_interface *kapi_usb_get_intf(struct usb_interface *intf)
{
	if (intf)
		umod_get_device(&intf->dev);
	return intf;
}

static void kapi_usb_put_intf(struct usb_interface *intf)
{
	if (intf)
		umod_put_device(&intf->dev);
}

/* usb_find_common_endpoints(): the first of each kind asked for; -ENXIO if one is missing */
static int kapi_usb_find_common_endpoints(struct usb_host_interface *alt,
					  struct usb_endpoint_descriptor **bulk_in,
					  struct usb_endpoint_descriptor **bulk_out,
					  struct usb_endpoint_descriptor **int_in,
					  struct usb_endpoint_descriptor **int_out)
{
	struct usb_endpoint_descriptor **want[4] = { bulk_in, bulk_out, int_in, int_out };

	for (int k = 0; k < 4; k++)
		if (want[k])
			*want[k] = NULL;
	for (int i = 0; i < alt->desc.bNumEndpoints; i++) {
		struct usb_endpoint_descriptor *ep = &alt->endpoint[i].desc;
		int type = ep->bmAttributes & 3, in = !!(ep->bEndpointAddress & 0x80);
		int k = type == 2 ? (in ? 0 : 1) : type == 3 ? (in ? 2 : 3) : -1;

		if (k >= 0 && want[k] && !*want[k])
			*want[k] = ep;
	}
	for (int k = 0; k < 4; k++)
		if (want[k] && !*want[k])
			return -ENXIO;
	return 0;
}

static struct usb_interface *kapi_usb_ifnum_to_if(const struct usb_device *dev,
						  unsigned int ifnum)
{
	const struct usb_host_config *c = dev->actconfig;

	for (int i = 0; c && i < c->desc.bNumInterfaces; i++)
		if (c->interface[i]->altsetting->desc.bInterfaceNumber == ifnum)
			return c->interface[i];
	return NULL;
}

/* usb_find_interface(): the interface @drv is bound to whose minor is @minor */
static struct usb_interface *kapi_usb_find_interface(struct usb_driver *drv, int minor)
{
	struct umod_driver_core *core = umod_caller_core();
	struct subsys_private *sp = core ? umod_bus_private(core, &umod_usb_bus_type) : NULL;
	struct usb_interface *found = NULL;
	struct device **v;
	size_t n;

	if (!sp)
		return NULL;
	v = umod_base_collect(core, &sp->devices, offsetof(struct device_private, node_bus), &n);
	for (size_t i = 0; i < n && !found; i++)
		if (is_intf(v[i]) && v[i]->driver == &drv->drvwrap.driver &&
		    to_intf(v[i])->minor == minor)
			found = to_intf(v[i]);
	umod_base_put_all(v, n);
	return found;
}

static void *kapi_usb_alloc_coherent(struct usb_device *dev, size_t size, unsigned int flags,
				     unsigned long long *dma)
{
	void *p = umod_kmalloc_caller(NULL, size ? size : 1, flags, NULL);

	if (p && dma)
		*dma = (unsigned long long)(uintptr_t)p;
	return p;
}

static void kapi_usb_free_coherent(struct usb_device *dev, size_t size, void *addr,
				   unsigned long long dma)
{
	umod_kfree(addr);
}

static const struct umod_kapi_export usb_exports[] = {
	UMOD_KAPI_GPL("usb_bus_type", &umod_usb_bus_type),
	UMOD_KAPI_GPL("usb_register_driver", kapi_usb_register_driver),
	UMOD_KAPI_GPL("usb_deregister", kapi_usb_deregister),
	UMOD_KAPI_GPL("usb_match_id", kapi_usb_match_id),
	UMOD_KAPI_GPL("usb_get_dev", kapi_usb_get_dev),
	UMOD_KAPI_GPL("usb_put_dev", kapi_usb_put_dev),
	UMOD_KAPI_GPL("usb_get_intf", kapi_usb_get_intf),
	UMOD_KAPI_GPL("usb_put_intf", kapi_usb_put_intf),
	UMOD_KAPI_GPL("usb_find_common_endpoints", kapi_usb_find_common_endpoints),
	UMOD_KAPI_GPL("usb_ifnum_to_if", kapi_usb_ifnum_to_if),
	UMOD_KAPI_GPL("usb_find_interface", kapi_usb_find_interface),
	UMOD_KAPI_GPL("usb_alloc_coherent", kapi_usb_alloc_coherent),
	UMOD_KAPI_GPL("usb_free_coherent", kapi_usb_free_coherent),
};

const struct umod_kapi_table umod_kapi_usb = UMOD_KAPI_TABLE(usb_exports);

/* ---- the host's part ------------------------------------------------------------------------ */

int umod_usb_init(struct umod_host *host)
{
	struct umod_driver_core *core = umod_driver_core(host);
	int err;

	if (!core)
		return -ENOMEM;
	err = umod_bus_register(core, &umod_usb_bus_type, NULL);
	if (!err && (err = umod_usb_file_init(host)))
		umod_bus_unregister(core, &umod_usb_bus_type);
	return err;
}

void umod_usb_host_gone(struct umod_host *host)
{
	struct umod_driver_core *core = umod_driver_core(host);

	umod_usb_sim_unregister(host);
	umod_usb_file_exit(host);
	if (core)
		umod_bus_unregister(core, &umod_usb_bus_type);
}
