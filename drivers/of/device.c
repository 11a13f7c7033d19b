// SPDX-License-Identifier: MIT
/*
 * What the driver core asks of a device's firmware node (Linux's
 * drivers/of/device.c): matching against a driver's of_match_table, the
 * modalias and the uevent variables. A device without a node has none.
 */
#include <errno.h>

#include "drivers/base/base.h"

void umod_of_device_uevent(struct device *dev, struct kobj_uevent_env *env)
{
}

long umod_of_device_modalias(struct device *dev, char *buf, size_t size)
{
	return -ENODEV;
}

bool umod_of_driver_match_device(struct device *dev, const struct device_driver *drv)
{
	return false;
}

void umod_of_node_put(struct device_node *np)
{
}

int umod_of_irq_get(struct device_node *np, int index)
{
	return -EINVAL;
}
