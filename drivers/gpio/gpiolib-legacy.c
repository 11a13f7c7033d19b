// SPDX-License-Identifier: MIT
/*
 * The integer GPIO calls (Linux 6.1's drivers/gpio/gpiolib-legacy.c): a
 * number is its descriptor's, requested and configured in one go. A valid
 * number no chip has yet is -EPROBE_DEFER ("assume unavailable GPIOs will
 * appear later"); an invalid one is a NULL descriptor, which 6.1 lets
 * every call accept and ignore.
 */
#include <errno.h>

#include "drivers/base/base.h"
#include "drivers/gpio/gpiolib.h"
#include "kernel/kapi.h"

/* linux/gpio.h's GPIOF_* */
#define GPIOF_DIR_IN		(1 << 0)
#define GPIOF_INIT_HIGH		(1 << 1)
#define GPIOF_ACTIVE_LOW	(1 << 2)
#define GPIOF_OPEN_DRAIN	(1 << 3)
#define GPIOF_OPEN_SOURCE	(1 << 4)

struct gpio {
	unsigned int gpio;
	unsigned long flags;
	const char *label;
};

static struct umod_gpio_core *dev_gpio_core(struct device *dev)
{
	struct umod_driver_core *dcore = umod_dev_core(dev);

	return dcore ? umod_gpio_core(dcore->host) : NULL;
}

static struct gpio_desc *desc_of(unsigned int gpio)
{
	return umod_gpio_to_desc(umod_gpio_caller_core(), gpio);
}

static int kapi_gpio_request(unsigned int gpio, const char *label)
{
	struct gpio_desc *desc = desc_of(gpio);

	/* Compatibility: assume unavailable "valid" GPIOs will appear later */
	if (!desc && (int)gpio >= 0)
		return -EPROBE_DEFER;
	return umod_gpiod_request(desc, label);
}

static void kapi_gpio_free(unsigned int gpio)
{
	umod_gpiod_free(desc_of(gpio));
}

static int kapi_gpio_request_one(unsigned int gpio, unsigned long flags, const char *label)
{
	struct gpio_desc *desc = desc_of(gpio);
	int err;

	if (!desc && (int)gpio >= 0)
		return -EPROBE_DEFER;
	err = umod_gpiod_request(desc, label);
	if (err || !desc)
		return err;
	if (flags & GPIOF_OPEN_DRAIN)
		__atomic_fetch_or(&desc->flags, 1ul << GPIO_FLAG_OPEN_DRAIN, __ATOMIC_RELAXED);
	if (flags & GPIOF_OPEN_SOURCE)
		__atomic_fetch_or(&desc->flags, 1ul << GPIO_FLAG_OPEN_SOURCE, __ATOMIC_RELAXED);
	if (flags & GPIOF_ACTIVE_LOW)
		__atomic_fetch_or(&desc->flags, 1ul << GPIO_FLAG_ACTIVE_LOW, __ATOMIC_RELAXED);
	/* GPIOD_IN, or the raw output value (gpiod_direction_output_raw) */
	if (flags & GPIOF_DIR_IN)
		err = umod_gpiod_configure(desc, 1);
	else
		err = umod_gpiod_direction_output_raw(desc, (flags & GPIOF_INIT_HIGH) ? 1 : 0);
	if (err)
		umod_gpiod_free(desc);
	return err;
}

static int kapi_gpio_request_array(const struct gpio *array, size_t num)
{
	size_t i;
	int err = 0;

	for (i = 0; i < num; i++, array++) {
		err = kapi_gpio_request_one(array->gpio, array->flags, array->label);
		if (err)
			break;
	}
	if (!err)
		return 0;
	while (i--)
		kapi_gpio_free((--array)->gpio);
	return err;
}

static void kapi_gpio_free_array(const struct gpio *array, size_t num)
{
	while (num--)
		kapi_gpio_free((array++)->gpio);
}

/* ---- devm_gpio_request(): freed when the driver lets the device go ---------------------- */

static void devm_gpio_release(struct device *dev, void *res)
{
	umod_gpiod_free(umod_gpio_to_desc(dev_gpio_core(dev), *(unsigned int *)res));
}

static int devm_gpio_add(struct device *dev, unsigned int gpio, int err)
{
	unsigned int *dr;

	if (err)
		return err;
	dr = umod_devres_alloc(devm_gpio_release, sizeof(*dr));
	if (!dr) {
		kapi_gpio_free(gpio);
		return -ENOMEM;
	}
	*dr = gpio;
	umod_devres_add(dev, dr);
	return 0;
}

static int kapi_devm_gpio_request(struct device *dev, unsigned int gpio, const char *label)
{
	return devm_gpio_add(dev, gpio, kapi_gpio_request(gpio, label));
}

static int kapi_devm_gpio_request_one(struct device *dev, unsigned int gpio,
				      unsigned long flags, const char *label)
{
	return devm_gpio_add(dev, gpio, kapi_gpio_request_one(gpio, flags, label));
}

static const struct umod_kapi_export legacy_exports[] = {
	UMOD_KAPI_GPL("gpio_request", kapi_gpio_request),
	UMOD_KAPI_GPL("gpio_free", kapi_gpio_free),
	UMOD_KAPI_GPL("gpio_request_one", kapi_gpio_request_one),
	UMOD_KAPI_GPL("gpio_request_array", kapi_gpio_request_array),
	UMOD_KAPI_GPL("gpio_free_array", kapi_gpio_free_array),
	UMOD_KAPI_GPL("devm_gpio_request", kapi_devm_gpio_request),
	UMOD_KAPI_GPL("devm_gpio_request_one", kapi_devm_gpio_request_one),
};

const struct umod_kapi_table umod_kapi_gpiolib_legacy = {
	legacy_exports, UMOD_ARRAY_SIZE(legacy_exports)
};
