/* SPDX-License-Identifier: MIT */
/*
 * The device model (Linux 6.1's include/linux/device.h): struct device,
 * registered below /sys/devices, bound by its bus to a driver; classes
 * and device_create() for character devices; managed resources (devm_*)
 * released in reverse order after the driver's remove. The structures
 * are shared with the host (umod/kabi/device.h); the host keeps its own
 * state behind dev->p.
 */
#ifndef _DEVICE_H_
#define _DEVICE_H_

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/dev_printk.h>
#include <linux/err.h>
#include <linux/gfp.h>
#include <linux/ioport.h>
#include <linux/kdev_t.h>
#include <linux/kobject.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/pm.h>
#include <linux/printk.h>
#include <linux/stdarg.h>
#include <linux/types.h>
#include <linux/device/bus.h>
#include <linux/device/class.h>
#include <linux/device/driver.h>
#include <umod/kabi/device.h>

struct device_node;
struct fwnode_handle;

/* ---- attributes --------------------------------------------------------- */

#define DEVICE_ATTR(_name, _mode, _show, _store) \
	struct device_attribute dev_attr_##_name = __ATTR(_name, _mode, _show, _store)
#define DEVICE_ATTR_PREALLOC(_name, _mode, _show, _store) \
	struct device_attribute dev_attr_##_name = \
		__ATTR_PREALLOC(_name, _mode, _show, _store)
#define DEVICE_ATTR_RW(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RW(_name)
#define DEVICE_ATTR_ADMIN_RW(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RW_MODE(_name, 0600)
#define DEVICE_ATTR_RO(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RO(_name)
#define DEVICE_ATTR_ADMIN_RO(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RO_MODE(_name, 0400)
#define DEVICE_ATTR_WO(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_WO(_name)

int device_create_file(struct device *device, const struct device_attribute *entry);
void device_remove_file(struct device *dev, const struct device_attribute *attr);
int __must_check device_add_groups(struct device *dev, const struct attribute_group **groups);
void device_remove_groups(struct device *dev, const struct attribute_group **groups);

static inline int __must_check device_add_group(struct device *dev,
						const struct attribute_group *grp)
{
	const struct attribute_group *groups[] = { grp, NULL };

	return device_add_groups(dev, groups);
}

static inline void device_remove_group(struct device *dev, const struct attribute_group *grp)
{
	const struct attribute_group *groups[] = { grp, NULL };

	device_remove_groups(dev, groups);
}

/* ---- managed resources (drivers/base/devres.c) --------------------------- */

typedef void (*dr_release_t)(struct device *dev, void *res);
typedef int (*dr_match_t)(struct device *dev, void *res, void *match_data);

void *__devres_alloc_node(dr_release_t release, size_t size, gfp_t gfp, int nid,
			  const char *name) __malloc;
#define devres_alloc(release, size, gfp) \
	__devres_alloc_node(release, size, gfp, NUMA_NO_NODE, #release)
#define devres_alloc_node(release, size, gfp, nid) \
	__devres_alloc_node(release, size, gfp, nid, #release)

void devres_free(void *res);
void devres_add(struct device *dev, void *res);
void *devres_find(struct device *dev, dr_release_t release, dr_match_t match,
		  void *match_data);
void *devres_get(struct device *dev, void *new_res, dr_match_t match, void *match_data);
void *devres_remove(struct device *dev, dr_release_t release, dr_match_t match,
		    void *match_data);
int devres_destroy(struct device *dev, dr_release_t release, dr_match_t match,
		   void *match_data);
int devres_release(struct device *dev, dr_release_t release, dr_match_t match,
		   void *match_data);

void *devm_kmalloc(struct device *dev, size_t size, gfp_t gfp) __malloc;
void *devm_krealloc(struct device *dev, void *ptr, size_t size, gfp_t gfp) __must_check;
__printf(3, 0) char *devm_kvasprintf(struct device *dev, gfp_t gfp, const char *fmt,
				     va_list ap) __malloc;
__printf(3, 4) char *devm_kasprintf(struct device *dev, gfp_t gfp, const char *fmt,
				    ...) __malloc;

static inline void *devm_kzalloc(struct device *dev, size_t size, gfp_t gfp)
{
	return devm_kmalloc(dev, size, gfp | __GFP_ZERO);
}

static inline void *devm_kmalloc_array(struct device *dev, size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (unlikely(check_mul_overflow(n, size, &bytes)))
		return NULL;
	return devm_kmalloc(dev, bytes, flags);
}

static inline void *devm_kcalloc(struct device *dev, size_t n, size_t size, gfp_t flags)
{
	return devm_kmalloc_array(dev, n, size, flags | __GFP_ZERO);
}

void devm_kfree(struct device *dev, const void *p);
char *devm_kstrdup(struct device *dev, const char *s, gfp_t gfp) __malloc;
const char *devm_kstrdup_const(struct device *dev, const char *s, gfp_t gfp);
void *devm_kmemdup(struct device *dev, const void *src, size_t len, gfp_t gfp);

int devm_add_action(struct device *dev, void (*action)(void *), void *data);
void devm_remove_action(struct device *dev, void (*action)(void *), void *data);
void devm_release_action(struct device *dev, void (*action)(void *), void *data);

static inline int devm_add_action_or_reset(struct device *dev, void (*action)(void *),
					   void *data)
{
	int ret = devm_add_action(dev, action, data);

	if (ret)
		action(data);
	return ret;
}

/* ---- the device ----------------------------------------------------------- */

static inline struct device *kobj_to_dev(struct kobject *kobj)
{
	return container_of(kobj, struct device, kobj);
}

static inline const char *dev_name(const struct device *dev)
{
	/* Use the init name until the kobject becomes available */
	if (dev->init_name)
		return dev->init_name;
	return kobject_name(&dev->kobj);
}

static inline const char *dev_bus_name(const struct device *dev)
{
	return dev->bus ? dev->bus->name : (dev->class ? dev->class->name : "");
}

__printf(2, 3) int dev_set_name(struct device *dev, const char *name, ...);

static inline int dev_to_node(struct device *dev)
{
	return dev->numa_node;
}

static inline void set_dev_node(struct device *dev, int node)
{
	dev->numa_node = node;
}

static inline void *dev_get_drvdata(const struct device *dev)
{
	return dev->driver_data;
}

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->driver_data = data;
}

static inline void *dev_get_platdata(const struct device *dev)
{
	return dev->platform_data;
}

static inline void device_lock(struct device *dev)
{
	mutex_lock(&dev->mutex);
}

static inline int device_lock_interruptible(struct device *dev)
{
	return mutex_lock_interruptible(&dev->mutex);
}

static inline int device_trylock(struct device *dev)
{
	return mutex_trylock(&dev->mutex);
}

static inline void device_unlock(struct device *dev)
{
	mutex_unlock(&dev->mutex);
}

static inline void device_lock_assert(struct device *dev)
{
	(void)dev;
}

static inline bool device_is_registered(struct device *dev)
{
	return dev->kobj.state_in_sysfs;
}

static inline bool device_is_bound(struct device *dev)
{
	return dev->driver != NULL;
}

static inline struct device_node *dev_of_node(struct device *dev)
{
	return dev->of_node;
}

void device_initialize(struct device *dev);
int __must_check device_add(struct device *dev);
int __must_check device_register(struct device *dev);
void device_del(struct device *dev);
void device_unregister(struct device *dev);
struct device *get_device(struct device *dev);
void put_device(struct device *dev);

int device_for_each_child(struct device *dev, void *data,
			  int (*fn)(struct device *dev, void *data));
struct device *device_find_child(struct device *dev, void *data,
				 int (*match)(struct device *dev, void *data));
void device_set_of_node_from_dev(struct device *dev, const struct device *dev2);

/* binding (drivers/base/dd.c) */
int __must_check device_attach(struct device *dev);
int __must_check driver_attach(struct device_driver *drv);
void device_release_driver(struct device *dev);
int __must_check device_driver_attach(struct device_driver *drv, struct device *dev);
int __must_check device_bind_driver(struct device *dev);
int device_reprobe(struct device *dev);

__printf(5, 6) struct device *device_create(struct class *cls, struct device *parent,
					    dev_t devt, void *drvdata, const char *fmt, ...);
__printf(6, 7) struct device *device_create_with_groups(struct class *cls,
							struct device *parent, dev_t devt,
							void *drvdata,
							const struct attribute_group **groups,
							const char *fmt, ...);
void device_destroy(struct class *cls, dev_t devt);

const char *dev_driver_string(const struct device *dev);

__printf(3, 4) int dev_err_probe(const struct device *dev, int err, const char *fmt, ...);

int add_uevent_var(struct kobj_uevent_env *env, const char *format, ...) __printf(2, 3);

/* module_driver()'s cousins for the common buses come from their headers */

#endif /* _DEVICE_H_ */
