// SPDX-License-Identifier: GPL-2.0
/*
 * A device driver as 6.1 writes one: bound by compatible, its probe reads
 * the node's properties and gets its enable line (from another driver's
 * GPIO controller: -EPROBE_DEFER until that one is there); two devm
 * actions, logged when they run, show the release order.
 */
#include <linux/gpio/consumer.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/property.h>

static void release_a(void *data)
{
	pr_info("widget: devm action A released\n");
}

static void release_b(void *data)
{
	pr_info("widget: devm action B released\n");
}

static int widget_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct gpio_desc *enable;
	const char *label, *mode;
	u32 speed = 0;
	int ret;

	if (of_property_read_string(dev->of_node, "label", &label))
		label = "?";
	device_property_read_u32(dev, "umod-test,speed", &speed);
	ret = device_property_read_string_array(dev, "umod-test,modes", NULL, 0);
	of_property_read_string_index(dev->of_node, "umod-test,modes", 1, &mode);
	dev_info(dev, "probe: label \"%s\", speed %u, %d modes, the second \"%s\"\n", label,
		 speed, ret, mode);
	ret = devm_add_action_or_reset(dev, release_a, NULL);
	if (ret)
		return ret;
	enable = devm_gpiod_get(dev, "enable", GPIOD_OUT_HIGH);
	if (IS_ERR(enable))
		return dev_err_probe(dev, PTR_ERR(enable), "no enable line\n");
	dev_info(dev, "enabled: GPIO %d, active low %d, value %d\n", desc_to_gpio(enable),
		 gpiod_is_active_low(enable), gpiod_get_value(enable));
	return devm_add_action_or_reset(dev, release_b, NULL);
}

static int widget_remove(struct platform_device *pdev)
{
	dev_info(&pdev->dev, "remove\n");
	return 0;
}

static const struct of_device_id widget_ids[] = {
	{ .compatible = "umod-test,widget" },
	{ }
};
MODULE_DEVICE_TABLE(of, widget_ids);

static struct platform_driver widget_driver = {
	.probe = widget_probe,
	.remove = widget_remove,
	.driver = {
		.name = "widget",
		.of_match_table = widget_ids,
	},
};
module_platform_driver(widget_driver);
MODULE_LICENSE("GPL");
