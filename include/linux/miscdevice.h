/* SPDX-License-Identifier: MIT */
/* misc devices (drivers/char/misc.c): major 10, /dev/NAME; struct in umod/kabi/fs.h */
#ifndef _LINUX_MISCDEVICE_H
#define _LINUX_MISCDEVICE_H

#include <linux/types.h>
#include <linux/major.h>
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/device.h>
#include <umod/kabi/fs.h>

#define MISC_DYNAMIC_MINOR	255

int misc_register(struct miscdevice *misc);
void misc_deregister(struct miscdevice *misc);

/* module_driver(): a module that only registers one misc device */
#define module_misc_device(__misc_device)				\
static int __init __misc_device##_init(void)				\
{									\
	return misc_register(&(__misc_device));				\
}									\
module_init(__misc_device##_init);					\
static void __exit __misc_device##_exit(void)				\
{									\
	misc_deregister(&(__misc_device));				\
}									\
module_exit(__misc_device##_exit)

#endif /* _LINUX_MISCDEVICE_H */
