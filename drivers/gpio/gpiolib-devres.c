// SPDX-License-Identifier: MIT
/*
 * Managed GPIO calls (Linux 6.1's drivers/gpio/gpiolib-devres.c): a line
 * got with devm_gpiod_get() is put, a chip added with
 * devm_gpiochip_add_data() removed, when the driver lets the device go
 * (after remove, newest first).
 */
#include <errno.h>

#include "drivers/base/base.h"
#include "drivers/gpio/gpiolib.h"
#include "kernel/kapi.h"

#define IS_ERR_DESC(d)	((unsigned long)(d) >= (unsigned long)-4095)

static void devm_gpiod_release(struct device *dev, void *res)
{
	umod_gpiod_free(*(struct gpio_desc **)res);
}

static int devm_gpiod_match(struct device *dev, void *res, void *data)
{
	return *(struct gpio_desc **)res == data;
}

static struct gpio_desc *managed(struct device *dev, struct gpio_desc *desc)
{
	struct gpio_desc **dr;

	if (!desc || IS_ERR_DESC(desc))
		return desc;
	dr = umod_devres_alloc(devm_gpiod_release, sizeof(*dr));
	if (!dr) {
		umod_gpiod_free(desc);
		return (struct gpio_desc *)(long)-ENOMEM;
	}
	*dr = desc;
	umod_devres_add(dev, dr);
	return desc;
}

static struct gpio_desc *kapi_devm_gpiod_get_index(struct device *dev, const char *con_id,
						   unsigned int idx, unsigned int flags)
{
	return managed(dev, umod_gpiod_get_index(dev, con_id, idx, flags));
}

static struct gpio_desc *kapi_devm_gpiod_get(struct device *dev, const char *con_id,
					     unsigned int flags)
{
	return kapi_devm_gpiod_get_index(dev, con_id, 0, flags);
}

static struct gpio_desc *kapi_devm_gpiod_get_index_optional(struct device *dev,
							    const char *con_id,
							    unsigned int index, unsigned int flags)
{
	return managed(dev, umod_gpiod_get_index_optional(dev, con_id, index, flags));
}

static struct gpio_desc *kapi_devm_gpiod_get_optional(struct device *dev, const char *con_id,
						      unsigned int flags)
{
	return kapi_devm_gpiod_get_index_optional(dev, con_id, 0, flags);
}

static struct gpio_desc *kapi_devm_fwnode_gpiod_get_index(struct device *dev,
							  struct fwnode_handle *fwnode,
							  const char *con_id, int index,
							  unsigned int flags, const char *label)
{
	return managed(dev, umod_fwnode_gpiod_get_index(fwnode, con_id, index, flags, label));
}

static void kapi_devm_gpiod_put(struct device *dev, struct gpio_desc *desc)
{
	umod_devres_release(dev, devm_gpiod_release, devm_gpiod_match, desc);
}

static void devm_gpio_chip_release(struct device *dev, void *res)
{
	umod_gpiochip_remove(*(struct gpio_chip **)res);
}

static int kapi_devm_gpiochip_add_data_with_key(struct device *dev, struct gpio_chip *gc,
						void *data, void *lock_key, void *request_key)
{
	struct umod_driver_core *dcore = umod_dev_core(dev);
	struct umod_module *owner = gc->owner ? gc->owner->umod : umod_caller_module();
	struct gpio_chip **dr = umod_devres_alloc(devm_gpio_chip_release, sizeof(*dr));
	int ret;

	if (!dr)
		return -ENOMEM;
	ret = umod_gpiochip_add(dcore ? umod_gpio_core(dcore->host) : umod_gpio_caller_core(),
				gc, data, owner);
	if (ret) {
		umod_devres_free(dr);
		return ret;
	}
	*dr = gc;
	umod_devres_add(dev, dr);
	return 0;
}

static const struct umod_kapi_export devres_exports[] = {
	UMOD_KAPI_GPL("devm_gpiod_get", kapi_devm_gpiod_get),
	UMOD_KAPI_GPL("devm_gpiod_get_index", kapi_devm_gpiod_get_index),
	UMOD_KAPI_GPL("devm_gpiod_get_optional", kapi_devm_gpiod_get_optional),
	UMOD_KAPI_GPL("devm_gpiod_get_index_optional", kapi_devm_gpiod_get_index_optional),
	UMOD_KAPI_GPL("devm_fwnode_gpiod_get_index", kapi_devm_fwnode_gpiod_get_index),
	UMOD_KAPI_GPL("devm_gpiod_put", kapi_devm_gpiod_put),
	UMOD_KAPI_GPL("devm_gpiochip_add_data_with_key", kapi_devm_gpiochip_add_data_with_key),
};

const struct umod_kapi_table umod_kapi_gpiolib_devres = {
	devres_exports, UMOD_ARRAY_SIZE(devres_exports)
};
