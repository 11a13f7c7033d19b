/* SPDX-License-Identifier: MIT */
/*
 * Buses (Linux 6.1's include/linux/device/bus.h): a bus_type matches its
 * devices to its drivers; registered, it is /sys/bus/NAME. The structure
 * is shared with the host (umod/kabi/device.h).
 */
#ifndef _DEVICE_BUS_H_
#define _DEVICE_BUS_H_

#include <linux/kobject.h>
#include <linux/types.h>
#include <umod/kabi/device.h>
#include <linux/pm.h>

struct fwnode_handle;
struct device_node;

typedef unsigned int dev_t;	/* as linux/types.h's */

int __must_check bus_register(struct bus_type *bus);
void bus_unregister(struct bus_type *bus);
int __must_check bus_rescan_devices(struct bus_type *bus);

#define BUS_ATTR_RW(_name) \
	struct bus_attribute bus_attr_##_name = __ATTR_RW(_name)
#define BUS_ATTR_RO(_name) \
	struct bus_attribute bus_attr_##_name = __ATTR_RO(_name)
#define BUS_ATTR_WO(_name) \
	struct bus_attribute bus_attr_##_name = __ATTR_WO(_name)

/* the match functions bus_find_device() takes */
int device_match_name(struct device *dev, const void *name);
int device_match_of_node(struct device *dev, const void *np);
int device_match_devt(struct device *dev, const void *pdevt);
int device_match_any(struct device *dev, const void *unused);

int bus_for_each_dev(struct bus_type *bus, struct device *start, void *data,
		     int (*fn)(struct device *dev, void *data));
struct device *bus_find_device(struct bus_type *bus, struct device *start,
			       const void *data,
			       int (*match)(struct device *dev, const void *data));

static inline struct device *bus_find_device_by_name(struct bus_type *bus,
						     struct device *start,
						     const char *name)
{
	return bus_find_device(bus, start, name, device_match_name);
}

static inline struct device *bus_find_device_by_of_node(struct bus_type *bus,
							const struct device_node *np)
{
	return bus_find_device(bus, NULL, np, device_match_of_node);
}

static inline struct device *bus_find_device_by_devt(struct bus_type *bus, dev_t devt)
{
	return bus_find_device(bus, NULL, &devt, device_match_devt);
}

int bus_for_each_drv(struct bus_type *bus, struct device_driver *start, void *data,
		     int (*fn)(struct device_driver *, void *));

#endif /* _DEVICE_BUS_H_ */
