/* SPDX-License-Identifier: MIT */
/*
 * Platform devices and drivers (Linux 6.1's include/linux/platform_device.h):
 * devices a board describes or a module registers, bound to platform
 * drivers by driver_override, compatible, id table or name; below
 * /sys/devices/platform. The structures are shared with the host.
 */
#ifndef _PLATFORM_DEVICE_H_
#define _PLATFORM_DEVICE_H_

#include <linux/device.h>
#include <linux/mod_devicetable.h>

#define PLATFORM_DEVID_NONE	(-1)
#define PLATFORM_DEVID_AUTO	(-2)

struct irq_affinity;
struct property_entry;

#define platform_get_device_id(pdev)	((pdev)->id_entry)

#define dev_is_platform(dev)	((dev)->bus == &platform_bus_type)
#define to_platform_device(x)	container_of((x), struct platform_device, dev)

extern struct device platform_bus;
extern struct bus_type platform_bus_type;

int platform_device_register(struct platform_device *pdev);
void platform_device_unregister(struct platform_device *pdev);

struct resource *platform_get_resource(struct platform_device *dev, unsigned int type,
				       unsigned int num);
struct resource *platform_get_resource_byname(struct platform_device *dev,
					      unsigned int type, const char *name);
static inline struct resource *platform_get_mem_or_io(struct platform_device *dev,
						      unsigned int num)
{
	struct resource *r = platform_get_resource(dev, IORESOURCE_MEM, num);

	return r ? r : platform_get_resource(dev, IORESOURCE_IO, num);
}
int platform_get_irq(struct platform_device *dev, unsigned int num);
void __iomem *devm_platform_get_and_ioremap_resource(struct platform_device *pdev,
						     unsigned int index, struct resource **res);
void __iomem *devm_platform_ioremap_resource(struct platform_device *pdev, unsigned int index);
int platform_get_irq_optional(struct platform_device *dev, unsigned int num);
int platform_irq_count(struct platform_device *dev);

struct platform_device *platform_device_register_full(const struct platform_device_info *pdevinfo);

static inline struct platform_device *platform_device_register_resndata(
		struct device *parent, const char *name, int id,
		const struct resource *res, unsigned int num,
		const void *data, size_t size)
{
	struct platform_device_info pdevinfo = {
		.parent = parent,
		.name = name,
		.id = id,
		.res = res,
		.num_res = num,
		.data = data,
		.size_data = size,
		.dma_mask = 0,
	};

	return platform_device_register_full(&pdevinfo);
}

static inline struct platform_device *platform_device_register_simple(
		const char *name, int id, const struct resource *res, unsigned int num)
{
	return platform_device_register_resndata(NULL, name, id, res, num, NULL, 0);
}

static inline struct platform_device *platform_device_register_data(
		struct device *parent, const char *name, int id, const void *data, size_t size)
{
	return platform_device_register_resndata(parent, name, id, NULL, 0, data, size);
}

struct platform_device *platform_device_alloc(const char *name, int id);
int platform_device_add_resources(struct platform_device *pdev, const struct resource *res,
				  unsigned int num);
int platform_device_add_data(struct platform_device *pdev, const void *data, size_t size);
int platform_device_add(struct platform_device *pdev);
void platform_device_del(struct platform_device *pdev);
void platform_device_put(struct platform_device *pdev);

#define to_platform_driver(drv)	(container_of((drv), struct platform_driver, driver))

#define platform_driver_register(drv) \
	__platform_driver_register(drv, THIS_MODULE)
int __platform_driver_register(struct platform_driver *drv, struct module *owner);
void platform_driver_unregister(struct platform_driver *drv);

#define platform_driver_probe(drv, probe) \
	__platform_driver_probe(drv, probe, THIS_MODULE)
int __platform_driver_probe(struct platform_driver *driver,
			    int (*probe)(struct platform_device *), struct module *module);

#define platform_register_drivers(drivers, count) \
	__platform_register_drivers(drivers, count, THIS_MODULE)
int __platform_register_drivers(struct platform_driver * const *drivers, unsigned int count,
				struct module *owner);
void platform_unregister_drivers(struct platform_driver * const *drivers,
				 unsigned int count);

static inline void *platform_get_drvdata(const struct platform_device *pdev)
{
	return dev_get_drvdata(&pdev->dev);
}

static inline void platform_set_drvdata(struct platform_device *pdev, void *data)
{
	dev_set_drvdata(&pdev->dev, data);
}

/* module_platform_driver(): a module that only registers one platform driver */
#define module_platform_driver(__platform_driver) \
	module_driver(__platform_driver, platform_driver_register, \
		      platform_driver_unregister)

#define module_platform_driver_probe(__platform_driver, __platform_probe) \
static int __init __platform_driver##_init(void) \
{ \
	return platform_driver_probe(&(__platform_driver), __platform_probe); \
} \
module_init(__platform_driver##_init); \
static void __exit __platform_driver##_exit(void) \
{ \
	platform_driver_unregister(&(__platform_driver)); \
} \
module_exit(__platform_driver##_exit);

#endif /* _PLATFORM_DEVICE_H_ */
