// SPDX-License-Identifier: GPL-2.0
/*
 * Registers a class, a block major, an input device and a network device,
 * and takes none of them back: each is reported at unload.
 */
#include <linux/blkdev.h>
#include <linux/device.h>
#include <linux/etherdevice.h>
#include <linux/input.h>
#include <linux/module.h>
#include <linux/netdevice.h>

static struct class *cls;
static struct input_dev *idev;
static struct net_device *ndev;

static int __init forgetful_init(void)
{
	int err;

	cls = class_create(THIS_MODULE, "forgotten");
	if (IS_ERR(cls))
		return PTR_ERR(cls);
	err = register_blkdev(0, "forgottenblk");
	if (err < 0)
		return err;
	idev = input_allocate_device();
	if (!idev)
		return -ENOMEM;
	idev->name = "forgotten keys";
	input_set_capability(idev, EV_KEY, KEY_A);
	err = input_register_device(idev);
	if (err)
		return err;
	ndev = alloc_etherdev(0);
	if (!ndev)
		return -ENOMEM;
	return register_netdev(ndev);
}

static void __exit forgetful_exit(void)
{
	pr_info("bye\n");
}

module_init(forgetful_init);
module_exit(forgetful_exit);
MODULE_LICENSE("GPL");
