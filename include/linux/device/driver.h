/* SPDX-License-Identifier: MIT */
/*
 * Drivers (Linux 6.1's include/linux/device/driver.h): registered on their
 * bus, they are bound to every device the bus matches (probe), unbound on
 * unregister or through sysfs (remove). /sys/bus/BUS/drivers/NAME.
 */
#ifndef _DEVICE_DRIVER_H_
#define _DEVICE_DRIVER_H_

#include <linux/kobject.h>
#include <linux/module.h>
#include <linux/pm.h>
#include <linux/device/bus.h>
#include <umod/kabi/device.h>

int __must_check driver_register(struct device_driver *drv);
void driver_unregister(struct device_driver *drv);

struct device_driver *driver_find(const char *name, struct bus_type *bus);
int driver_probe_done(void);
void wait_for_device_probe(void);

#define DRIVER_ATTR_RW(_name) \
	struct driver_attribute driver_attr_##_name = __ATTR_RW(_name)
#define DRIVER_ATTR_RO(_name) \
	struct driver_attribute driver_attr_##_name = __ATTR_RO(_name)
#define DRIVER_ATTR_WO(_name) \
	struct driver_attribute driver_attr_##_name = __ATTR_WO(_name)

int __must_check driver_create_file(struct device_driver *driver,
				    const struct driver_attribute *attr);
void driver_remove_file(struct device_driver *driver, const struct driver_attribute *attr);

int __must_check driver_for_each_device(struct device_driver *drv, struct device *start,
					void *data, int (*fn)(struct device *dev, void *));
struct device *driver_find_device(struct device_driver *drv, struct device *start,
				  const void *data,
				  int (*match)(struct device *dev, const void *data));

static inline struct device *driver_find_device_by_name(struct device_driver *drv,
							const char *name)
{
	return driver_find_device(drv, NULL, name, device_match_name);
}

static inline struct device *driver_find_device_by_of_node(struct device_driver *drv,
							   const struct device_node *np)
{
	return driver_find_device(drv, NULL, np, device_match_of_node);
}

/*
 * module_driver(): a module that only registers one driver. The register
 * and unregister calls are given the driver and the extra arguments.
 */
#define module_driver(__driver, __register, __unregister, ...) \
static int __init __driver##_init(void) \
{ \
	return __register(&(__driver) , ##__VA_ARGS__); \
} \
module_init(__driver##_init); \
static void __exit __driver##_exit(void) \
{ \
	__unregister(&(__driver) , ##__VA_ARGS__); \
} \
module_exit(__driver##_exit);

#endif /* _DEVICE_DRIVER_H_ */
