// SPDX-License-Identifier: GPL-2.0
/* a driver that defers its probe until the supplier's device is bound */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/module.h>
#include <linux/platform_device.h>

static struct platform_device *pdev;

static int consumer_probe(struct platform_device *pdev)
{
	struct device *supplier = bus_find_device_by_name(&platform_bus_type, NULL, "supplier");
	bool ready = supplier && supplier->driver;

	put_device(supplier);
	if (!ready)
		return dev_err_probe(&pdev->dev, -EPROBE_DEFER, "supplier not bound yet\n");
	dev_info(&pdev->dev, "bound after the supplier\n");
	return 0;
}

static struct platform_driver consumer_driver = {
	.probe = consumer_probe,
	.driver = { .name = "consumer" },
};

static int __init consumer_init(void)
{
	int ret = platform_driver_register(&consumer_driver);

	if (ret)
		return ret;
	pdev = platform_device_register_simple("consumer", PLATFORM_DEVID_NONE, NULL, 0);
	if (IS_ERR(pdev)) {
		platform_driver_unregister(&consumer_driver);
		return PTR_ERR(pdev);
	}
	return 0;
}

static void __exit consumer_exit(void)
{
	platform_device_unregister(pdev);
	platform_driver_unregister(&consumer_driver);
}

module_init(consumer_init);
module_exit(consumer_exit);
MODULE_LICENSE("GPL");
