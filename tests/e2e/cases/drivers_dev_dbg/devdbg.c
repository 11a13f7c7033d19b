// SPDX-License-Identifier: GPL-2.0
/*
 * dev_dbg() as a 6.1 driver uses it: a dynamic debug call site, silent
 * unless enabled (dyndbg=, the control file), printed with the driver's
 * and the device's names.
 */
#include <linux/module.h>
#include <linux/platform_device.h>

static int devdbg_probe(struct platform_device *pdev)
{
	dev_dbg(&pdev->dev, "probed, id %d\n", pdev->id);
	dev_info(&pdev->dev, "bound\n");
	return 0;
}

static int devdbg_remove(struct platform_device *pdev)
{
	dev_dbg(&pdev->dev, "removed\n");
	return 0;
}

static struct platform_driver devdbg_driver = {
	.probe = devdbg_probe,
	.remove = devdbg_remove,
	.driver = { .name = "devdbg" },
};

static struct platform_device *pdev;

static int __init devdbg_init(void)
{
	int err = platform_driver_register(&devdbg_driver);

	if (err)
		return err;
	pdev = platform_device_register_simple("devdbg", 3, NULL, 0);
	if (IS_ERR(pdev)) {
		platform_driver_unregister(&devdbg_driver);
		return PTR_ERR(pdev);
	}
	return 0;
}

static void __exit devdbg_exit(void)
{
	platform_device_unregister(pdev);
	platform_driver_unregister(&devdbg_driver);
}

module_init(devdbg_init);
module_exit(devdbg_exit);
MODULE_LICENSE("GPL");
