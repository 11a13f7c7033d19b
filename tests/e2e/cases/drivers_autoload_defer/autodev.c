// SPDX-License-Identifier: GPL-2.0
/* a platform device whose driver is in another module, loaded by its modalias */
#include <linux/err.h>
#include <linux/module.h>
#include <linux/platform_device.h>

static struct platform_device *pdev;

static int __init autodev_init(void)
{
	pdev = platform_device_register_simple("autodemo", PLATFORM_DEVID_AUTO, NULL, 0);
	return PTR_ERR_OR_ZERO(pdev);
}

static void __exit autodev_exit(void)
{
	platform_device_unregister(pdev);
}

module_init(autodev_init);
module_exit(autodev_exit);
MODULE_LICENSE("GPL");
