// SPDX-License-Identifier: GPL-2.0
/* two platform devices named as the driver: umoddemo.0 and umoddemo.1 */
#include <linux/err.h>
#include <linux/module.h>
#include <linux/platform_device.h>

static struct platform_device *devs[2];

static int __init pdevs_init(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		devs[i] = platform_device_register_simple("umoddemo", i, NULL, 0);
		if (IS_ERR(devs[i])) {
			int err = PTR_ERR(devs[i]);

			while (i--)
				platform_device_unregister(devs[i]);
			return err;
		}
	}
	return 0;
}

static void __exit pdevs_exit(void)
{
	platform_device_unregister(devs[1]);
	platform_device_unregister(devs[0]);
}

module_init(pdevs_init);
module_exit(pdevs_exit);
MODULE_LICENSE("GPL");
