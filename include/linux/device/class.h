/* SPDX-License-Identifier: MIT */
/*
 * Device classes (Linux 6.1's include/linux/device/class.h): /sys/class/NAME
 * with a link per class device. 6.1's class_create() still takes the
 * owner (6.4 dropped it). The structure is shared with the host.
 */
#ifndef _DEVICE_CLASS_H_
#define _DEVICE_CLASS_H_

#include <linux/kobject.h>
#include <linux/types.h>
#include <linux/device/bus.h>
#include <umod/kabi/device.h>

struct lock_class_key;

int __must_check __class_register(struct class *cls, struct lock_class_key *key);
void class_unregister(struct class *cls);

#define class_register(class)	__class_register(class, (struct lock_class_key *)0)

struct class *__must_check __class_create(struct module *owner, const char *name,
					  struct lock_class_key *key);
void class_destroy(struct class *cls);

/* 6.1's two-argument form (6.4 dropped the owner) */
#define class_create(owner, name)	__class_create(owner, name, (struct lock_class_key *)0)

int class_for_each_device(struct class *cls, struct device *start, void *data,
			  int (*fn)(struct device *dev, void *data));
struct device *class_find_device(struct class *cls, struct device *start, const void *data,
				 int (*match)(struct device *, const void *));

static inline struct device *class_find_device_by_name(struct class *cls, const char *name)
{
	return class_find_device(cls, NULL, name, device_match_name);
}

static inline struct device *class_find_device_by_devt(struct class *cls, dev_t devt)
{
	return class_find_device(cls, NULL, &devt, device_match_devt);
}

#define CLASS_ATTR_RW(_name) \
	struct class_attribute class_attr_##_name = __ATTR_RW(_name)
#define CLASS_ATTR_RO(_name) \
	struct class_attribute class_attr_##_name = __ATTR_RO(_name)
#define CLASS_ATTR_WO(_name) \
	struct class_attribute class_attr_##_name = __ATTR_WO(_name)

int __must_check class_create_file_ns(struct class *cls, const struct class_attribute *attr,
				      const void *ns);
void class_remove_file_ns(struct class *cls, const struct class_attribute *attr,
			  const void *ns);

static inline int __must_check class_create_file(struct class *cls,
						 const struct class_attribute *attr)
{
	return class_create_file_ns(cls, attr, NULL);
}

static inline void class_remove_file(struct class *cls, const struct class_attribute *attr)
{
	class_remove_file_ns(cls, attr, NULL);
}

#endif /* _DEVICE_CLASS_H_ */
