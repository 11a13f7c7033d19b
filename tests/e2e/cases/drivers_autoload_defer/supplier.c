// SPDX-License-Identifier: GPL-2.0
/* the supplier: its device and driver; its bind lets the consumer's probe retry */
#include <linux/err.h>
#include <linux/module.h>
#include <linux/platform_device.h>

static struct platform_device *pdev;

static int supplier_probe(struct platform_device *pdev)
{
	dev_info(&pdev->dev, "ready\n");
	return 0;
}

static struct platform_driver supplier_driver = {
	.probe = supplier_probe,
	.driver = { .name = "supplier" },
};

static int __init supplier_init(void)
{
	int ret = platform_driver_register(&supplier_driver);

	if (ret)
		return ret;
	pdev = platform_device_register_simple("supplier", PLATFORM_DEVID_NONE, NULL, 0);
	if (IS_ERR(pdev)) {
		platform_driver_unregister(&supplier_driver);
		return PTR_ERR(pdev);
	}
	return 0;
}

static void __exit supplier_exit(void)
{
	platform_device_unregister(pdev);
	platform_driver_unregister(&supplier_driver);
}

module_init(supplier_init);
module_exit(supplier_exit);
MODULE_LICENSE("GPL");
