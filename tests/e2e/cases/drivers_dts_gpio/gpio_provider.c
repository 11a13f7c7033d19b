// SPDX-License-Identifier: GPL-2.0
/*
 * A GPIO controller driver as 6.1 writes one: eight output lines kept in
 * a word, registered with devm_gpiochip_add_data() for the node it binds
 * to; each set is logged.
 */
#include <linux/gpio/driver.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>

struct provider {
	struct gpio_chip gc;
	unsigned long bits;
};

static int prov_get(struct gpio_chip *gc, unsigned int offset)
{
	struct provider *p = gpiochip_get_data(gc);

	return !!(p->bits & BIT(offset));
}

static void prov_set(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct provider *p = gpiochip_get_data(gc);

	if (value)
		p->bits |= BIT(offset);
	else
		p->bits &= ~BIT(offset);
	dev_info(gc->parent, "line %u set to %d\n", offset, value);
}

static int prov_direction_output(struct gpio_chip *gc, unsigned int offset, int value)
{
	prov_set(gc, offset, value);
	return 0;
}

static int prov_get_direction(struct gpio_chip *gc, unsigned int offset)
{
	return GPIO_LINE_DIRECTION_OUT;
}

static int prov_probe(struct platform_device *pdev)
{
	struct provider *p = devm_kzalloc(&pdev->dev, sizeof(*p), GFP_KERNEL);
	int ret;

	if (!p)
		return -ENOMEM;
	p->gc.label = "umod-test-provider";
	p->gc.parent = &pdev->dev;
	p->gc.owner = THIS_MODULE;
	p->gc.base = -1;
	p->gc.ngpio = 8;
	p->gc.get = prov_get;
	p->gc.set = prov_set;
	p->gc.direction_output = prov_direction_output;
	p->gc.get_direction = prov_get_direction;
	ret = devm_gpiochip_add_data(&pdev->dev, &p->gc, p);
	if (ret)
		return ret;
	dev_info(&pdev->dev, "GPIOs %d-%d\n", p->gc.base, p->gc.base + p->gc.ngpio - 1);
	return 0;
}

static const struct of_device_id prov_ids[] = {
	{ .compatible = "umod-test,gpio-provider" },
	{ }
};
MODULE_DEVICE_TABLE(of, prov_ids);

static struct platform_driver prov_driver = {
	.probe = prov_probe,
	.driver = {
		.name = "gpio-provider",
		.of_match_table = prov_ids,
	},
};
module_platform_driver(prov_driver);
MODULE_LICENSE("GPL");
