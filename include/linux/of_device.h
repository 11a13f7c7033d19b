/* SPDX-License-Identifier: MIT */
/*
 * Devices of the device tree (Linux 6.1's include/linux/of_device.h): a
 * driver's of_match_table entry for a device, its data, the modalias.
 */
#ifndef _LINUX_OF_DEVICE_H
#define _LINUX_OF_DEVICE_H

#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/cpu.h>
#include <linux/mod_devicetable.h>

struct device;

const struct of_device_id *of_match_device(const struct of_device_id *matches,
					   const struct device *dev);
const void *of_device_get_match_data(const struct device *dev);
ssize_t of_device_modalias(struct device *dev, char *str, ssize_t len);
int of_device_uevent_modalias(struct device *dev, struct kobj_uevent_env *env);

static inline int of_driver_match_device(struct device *dev, const struct device_driver *drv)
{
	return of_match_device(drv->of_match_table, dev) != NULL;
}

#endif /* _LINUX_OF_DEVICE_H */
