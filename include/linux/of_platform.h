/* SPDX-License-Identifier: MIT */
/*
 * The board's platform devices (Linux 6.1's include/linux/of_platform.h):
 * each available node with a compatible is one, made when the board loads.
 */
#ifndef _LINUX_OF_PLATFORM_H
#define _LINUX_OF_PLATFORM_H

#include <linux/mod_devicetable.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/device.h>
#include <linux/pm.h>
#include <linux/of_device.h>

struct platform_device *of_find_device_by_node(struct device_node *np);

#endif /* _LINUX_OF_PLATFORM_H */
