/* SPDX-License-Identifier: MIT */
/* character devices (fs/char_dev.c); struct cdev is in umod/kabi/fs.h */
#ifndef _LINUX_CDEV_H
#define _LINUX_CDEV_H

#include <linux/types.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/list.h>
#include <umod/kabi/fs.h>
#include <linux/kobject.h>
#include <linux/device.h>

struct device;

void cdev_init(struct cdev *cdev, const struct file_operations *fops);
struct cdev *cdev_alloc(void);
void cdev_put(struct cdev *p);
/* the calling module's: the host takes back what its exit forgets */
int cdev_add(struct cdev *p, dev_t dev, unsigned int count);
void cdev_del(struct cdev *p);
int cdev_device_add(struct cdev *cdev, struct device *dev);
void cdev_device_del(struct cdev *cdev, struct device *dev);

#endif /* _LINUX_CDEV_H */
