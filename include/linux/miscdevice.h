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

int misc_register(struct module *owner, struct miscdevice *misc);
#define misc_register(misc)	misc_register(THIS_MODULE, misc)
void misc_deregister(struct miscdevice *misc);

#endif /* _LINUX_MISCDEVICE_H */
