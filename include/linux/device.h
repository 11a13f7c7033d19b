/* SPDX-License-Identifier: MIT */
/*
 * Device classes and class devices (drivers/base/), as far as character
 * drivers use them: class_create()/device_create() make /sys/class/NAME/DEV
 * (its `dev` reads MAJOR:MINOR) and the node dev/DEV in the daemon's tree.
 * struct class and struct device are the host's: modules hold pointers.
 */
#ifndef _LINUX_DEVICE_H
#define _LINUX_DEVICE_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/printk.h>
#include <linux/fs.h>

struct class;
struct device;
struct lock_class_key;

/* 6.1's two-argument form (6.4 dropped the owner) */
struct class *__class_create(struct module *owner, const char *name,
			     struct lock_class_key *key);
#define class_create(owner, name)	__class_create(owner, name, (struct lock_class_key *)0)
void class_destroy(struct class *cls);

__attribute__((__format__(printf, 5, 6)))
struct device *device_create(struct class *cls, struct device *parent, dev_t devt,
			     void *drvdata, const char *fmt, ...);
void device_destroy(struct class *cls, dev_t devt);
void *dev_get_drvdata(const struct device *dev);
void dev_set_drvdata(struct device *dev, void *data);
const char *dev_name(const struct device *dev);
const char *dev_driver_string(const struct device *dev);

#define dev_printk(level, dev, fmt, ...) \
	printk(level "%s %s: " fmt, dev_driver_string(dev), dev_name(dev), ##__VA_ARGS__)
#define dev_emerg(dev, fmt, ...)	dev_printk(KERN_EMERG, dev, fmt, ##__VA_ARGS__)
#define dev_alert(dev, fmt, ...)	dev_printk(KERN_ALERT, dev, fmt, ##__VA_ARGS__)
#define dev_crit(dev, fmt, ...)		dev_printk(KERN_CRIT, dev, fmt, ##__VA_ARGS__)
#define dev_err(dev, fmt, ...)		dev_printk(KERN_ERR, dev, fmt, ##__VA_ARGS__)
#define dev_warn(dev, fmt, ...)		dev_printk(KERN_WARNING, dev, fmt, ##__VA_ARGS__)
#define dev_notice(dev, fmt, ...)	dev_printk(KERN_NOTICE, dev, fmt, ##__VA_ARGS__)
#define dev_info(dev, fmt, ...)		dev_printk(KERN_INFO, dev, fmt, ##__VA_ARGS__)
#define dev_dbg(dev, fmt, ...)		do { if (0) dev_printk(KERN_DEBUG, dev, fmt, ##__VA_ARGS__); } while (0)

#endif /* _LINUX_DEVICE_H */
