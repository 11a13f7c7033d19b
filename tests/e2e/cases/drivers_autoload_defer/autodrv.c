// SPDX-License-Identifier: GPL-2.0
/* a platform driver matched by its id table, which modpost turns into an alias */
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/platform_device.h>

static int autodrv_probe(struct platform_device *pdev)
{
	const struct platform_device_id *id = platform_get_device_id(pdev);

	dev_info(&pdev->dev, "bound by id %s (data %lu), comm %s\n", id->name,
		 id->driver_data, current->comm);
	return 0;
}

static const struct platform_device_id autodrv_ids[] = {
	{ "autodemo", 7 },
	{ "autodemo-v2", 8 },
	{ }
};
MODULE_DEVICE_TABLE(platform, autodrv_ids);

static struct platform_driver autodrv = {
	.probe = autodrv_probe,
	.driver = { .name = "autodrv" },
	.id_table = autodrv_ids,
};
module_platform_driver(autodrv);
MODULE_LICENSE("GPL");
