// SPDX-License-Identifier: GPL-2.0
/*
 * The device the guide's devicemodel.c drives: a platform device named
 * "devicemodel_example" whose platform data is the struct the driver
 * reads (a greeting and a number), as a board file would register it.
 */
#include <linux/module.h>
#include <linux/platform_device.h>

struct devicemodel_data {
	char *greeting;
	int number;
};

static struct devicemodel_data data = {
	.greeting = "Hello from the board",
	.number = 42,
};

static struct platform_device *pdev;

static int __init dev_init(void)
{
	pdev = platform_device_register_data(NULL, "devicemodel_example", PLATFORM_DEVID_NONE,
					     &data, sizeof(data));
	return PTR_ERR_OR_ZERO(pdev);
}

static void __exit dev_exit(void)
{
	platform_device_unregister(pdev);
}

module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
