// SPDX-License-Identifier: MIT
/*
 * GPIOs named in the device tree (Linux 6.1's drivers/gpio/gpiolib-of.c):
 * a consumer's "<function>-gpios" (or "gpios", or the deprecated
 * "<function>-gpio") phandle list names a controller node and its
 * #gpio-cells (line, flags); the line is that of the chip registered for
 * the controller's device, -EPROBE_DEFER while it has none.
 */
#include <errno.h>
#include <stdio.h>

#include "drivers/gpio/gpiolib.h"
#include "drivers/of/of_private.h"
#include "kernel/kapi.h"

/* of_get_named_gpiod_flags(): the descriptor, or an error pointer */
static struct gpio_desc *named_gpiod(struct umod_gpio_core *core, const struct device_node *np,
				     const char *propname, int index, unsigned int *flags)
{
	struct of_phandle_args spec;
	int ret;

	if (!core || !np)
		return (struct gpio_desc *)(long)-EINVAL;
	ret = umod_of_parse_phandle_with_args(umod_of_tree(core->host), np, propname,
					      "#gpio-cells", index, &spec);
	if (ret)
		return (struct gpio_desc *)(long)ret;
	/* of_gpio_simple_xlate(): two cells, the line and its flags */
	if (spec.args_count < 1)
		return (struct gpio_desc *)(long)-EINVAL;
	if (flags)
		*flags = spec.args_count > 1 ? spec.args[1] : 0;
	return umod_gpio_desc_of_node(core, spec.np, spec.args[0]);
}

struct gpio_desc *umod_of_find_gpio(struct umod_gpio_core *core, const struct device_node *np,
				    const char *con_id, unsigned int idx, unsigned int *flags)
{
	static const char *const suffixes[] = { "gpios", "gpio" };
	struct gpio_desc *desc = (struct gpio_desc *)(long)-ENOENT;
	char propname[64];

	for (size_t i = 0; i < UMOD_ARRAY_SIZE(suffixes); i++) {
		if (con_id)
			snprintf(propname, sizeof(propname), "%s-%s", con_id, suffixes[i]);
		else
			snprintf(propname, sizeof(propname), "%s", suffixes[i]);
		desc = named_gpiod(core, np, propname, (int)idx, flags);
		if ((long)desc != -ENOENT)
			break;
	}
	return desc;
}

static int kapi_of_get_named_gpio_flags(const struct device_node *np, const char *list_name,
					int index, unsigned int *flags)
{
	struct gpio_desc *desc = named_gpiod(umod_gpio_caller_core(), np, list_name, index,
					     flags);

	if ((unsigned long)desc >= (unsigned long)-4095)
		return (int)(long)desc;
	return desc->gdev->base + (int)umod_gpio_hwnum(desc);
}

static const struct umod_kapi_export of_exports[] = {
	UMOD_KAPI_GPL("of_get_named_gpio_flags", kapi_of_get_named_gpio_flags),
};

const struct umod_kapi_table umod_kapi_gpiolib_of = { of_exports, UMOD_ARRAY_SIZE(of_exports) };
