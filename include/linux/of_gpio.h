/* SPDX-License-Identifier: MIT */
/*
 * GPIO numbers from the device tree (Linux 6.1's include/linux/of_gpio.h):
 * the legacy number of a node's "NAME" phandle list entry, -EPROBE_DEFER
 * while the controller has no chip yet.
 */
#ifndef __LINUX_OF_GPIO_H
#define __LINUX_OF_GPIO_H

#include <linux/compiler.h>
#include <linux/gpio/driver.h>
#include <linux/gpio.h>
#include <linux/of.h>
#include <linux/kernel.h>
#include <linux/errno.h>

struct device_node;

enum of_gpio_flags {
	OF_GPIO_ACTIVE_LOW = 0x1,
	OF_GPIO_SINGLE_ENDED = 0x2,
	OF_GPIO_OPEN_DRAIN = 0x4,
	OF_GPIO_TRANSITORY = 0x8,
	OF_GPIO_PULL_UP = 0x10,
	OF_GPIO_PULL_DOWN = 0x20,
	OF_GPIO_PULL_DISABLE = 0x40,
};

int of_get_named_gpio_flags(const struct device_node *np, const char *list_name, int index,
			    enum of_gpio_flags *flags);

static inline int of_gpio_named_count(const struct device_node *np, const char *propname)
{
	return of_count_phandle_with_args(np, propname, "#gpio-cells");
}

static inline int of_gpio_count(struct device_node *np)
{
	return of_gpio_named_count(np, "gpios");
}

static inline int of_get_gpio_flags(struct device_node *np, int index,
				    enum of_gpio_flags *flags)
{
	return of_get_named_gpio_flags(np, "gpios", index, flags);
}

static inline int of_get_named_gpio(const struct device_node *np, const char *propname,
				    int index)
{
	return of_get_named_gpio_flags(np, propname, index, NULL);
}

static inline int of_get_gpio(struct device_node *np, int index)
{
	return of_get_gpio_flags(np, index, NULL);
}

#endif /* __LINUX_OF_GPIO_H */
