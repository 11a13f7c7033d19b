// SPDX-License-Identifier: GPL-2.0
/*
 * A platform driver with managed resources: three devm actions, released
 * after remove in reverse order, and a read-only attribute from dev_groups.
 */
#include <linux/device.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct demo {
	struct device *dev;
	int probes;
};

static int probes;

static void release_step(void *data)
{
	pr_info("pdrv: release %s\n", (const char *)data);
}

static ssize_t value_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct demo *d = dev_get_drvdata(dev);

	return sysfs_emit(buf, "probe %d of %s\n", d->probes, dev_name(dev));
}
static DEVICE_ATTR_RO(value);

static struct attribute *demo_attrs[] = {
	&dev_attr_value.attr,
	NULL,
};
ATTRIBUTE_GROUPS(demo);

static int demo_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct demo *d = devm_kzalloc(dev, sizeof(*d), GFP_KERNEL);
	int ret;

	if (!d)
		return -ENOMEM;
	d->dev = dev;
	d->probes = ++probes;
	ret = devm_add_action_or_reset(dev, release_step,
				       devm_kasprintf(dev, GFP_KERNEL, "%s first", dev_name(dev)));
	if (!ret)
		ret = devm_add_action_or_reset(dev, release_step,
					       devm_kasprintf(dev, GFP_KERNEL, "%s second",
							      dev_name(dev)));
	if (ret)
		return ret;
	platform_set_drvdata(pdev, d);
	dev_info(dev, "probe %d\n", d->probes);
	return 0;
}

static int demo_remove(struct platform_device *pdev)
{
	dev_info(&pdev->dev, "remove\n");
	return 0;
}

static struct platform_driver demo_driver = {
	.probe = demo_probe,
	.remove = demo_remove,
	.driver = {
		.name = "umoddemo",
		.dev_groups = demo_groups,
	},
};
module_platform_driver(demo_driver);
MODULE_LICENSE("GPL");
