/* SPDX-License-Identifier: MIT */
/*
 * The driver model's structures as both sides see them (Linux 6.1's
 * include/linux/device.h, device/bus.h, device/class.h, device/driver.h,
 * pm.h, platform_device.h, mod_devicetable.h): modules embed struct device
 * in their own structures, fill struct device_driver, bus_type and class,
 * and read the fields drivers read (dev->of_node, dev->parent,
 * pdev->resource ...); the host keeps everything else behind the `p`
 * pointers, as Linux keeps device_private and subsys_private. Builtin
 * types only (dev_t is unsigned int, u64 unsigned long long, bool _Bool),
 * as in kabi.h. Field names and order are 6.1's; fields no code in a
 * process can use (IOMMU, MSI, NUMA placement) are left out, so the sizes
 * are not 6.1 amd64's.
 */
#ifndef _UMOD_KABI_DEVICE_H
#define _UMOD_KABI_DEVICE_H

#include <umod/kabi/kobject.h>
#include <umod/kabi/mutex.h>
#include <umod/kabi/types.h>

struct module;
struct device;
struct device_driver;
struct bus_type;
struct class;
struct device_node;
struct fwnode_handle;
struct kobj_uevent_env;
struct device_private;
struct driver_private;
struct subsys_private;
struct kobj_ns_type_operations;

/* ---- pm.h ---------------------------------------------------------------- */

typedef struct pm_message {
	int event;
} pm_message_t;

struct dev_pm_ops {
	int (*prepare)(struct device *dev);
	void (*complete)(struct device *dev);
	int (*suspend)(struct device *dev);
	int (*resume)(struct device *dev);
	int (*freeze)(struct device *dev);
	int (*thaw)(struct device *dev);
	int (*poweroff)(struct device *dev);
	int (*restore)(struct device *dev);
	int (*suspend_late)(struct device *dev);
	int (*resume_early)(struct device *dev);
	int (*freeze_late)(struct device *dev);
	int (*thaw_early)(struct device *dev);
	int (*poweroff_late)(struct device *dev);
	int (*restore_early)(struct device *dev);
	int (*suspend_noirq)(struct device *dev);
	int (*resume_noirq)(struct device *dev);
	int (*freeze_noirq)(struct device *dev);
	int (*thaw_noirq)(struct device *dev);
	int (*poweroff_noirq)(struct device *dev);
	int (*restore_noirq)(struct device *dev);
	int (*runtime_suspend)(struct device *dev);
	int (*runtime_resume)(struct device *dev);
	int (*runtime_idle)(struct device *dev);
};

/* what runtime PM keeps per device (power/ shows it) */
struct dev_pm_info {
	pm_message_t power_state;
	unsigned int can_wakeup:1;
	unsigned int async_suspend:1;
	unsigned int is_prepared:1;
	unsigned int is_suspended:1;
	unsigned int ignore_children:1;
	unsigned int runtime_auto:1;
	unsigned int no_callbacks:1;
	unsigned int use_autosuspend:1;
	unsigned int disable_depth:3;
	int runtime_error;
	int runtime_status;		/* enum rpm_status */
	atomic_t usage_count;
	atomic_t child_count;
	int autosuspend_delay;
};

struct dev_pm_domain;

/* ---- the device ----------------------------------------------------------- */

struct device_type {
	const char *name;
	const struct attribute_group **groups;
	int (*uevent)(struct device *dev, struct kobj_uevent_env *env);
	char *(*devnode)(struct device *dev, unsigned short *mode, unsigned int *uid,
			 unsigned int *gid);
	void (*release)(struct device *dev);
	const struct dev_pm_ops *pm;
};

struct device_dma_parameters {
	unsigned int max_segment_size;
	unsigned int min_align_mask;
	unsigned long segment_boundary_mask;
};

struct device {
	struct kobject kobj;
	struct device *parent;
	struct device_private *p;	/* the host's */
	const char *init_name;
	const struct device_type *type;
	struct bus_type *bus;
	struct device_driver *driver;
	void *platform_data;
	void *driver_data;		/* dev_set_drvdata() */
	struct mutex mutex;		/* device_lock(): held across probe and remove */
	struct dev_pm_info power;
	struct dev_pm_domain *pm_domain;
	unsigned long long *dma_mask;
	unsigned long long coherent_dma_mask;
	unsigned long long bus_dma_limit;
	struct device_dma_parameters *dma_parms;
	struct list_head dma_pools;
	struct device_node *of_node;
	struct fwnode_handle *fwnode;
	int numa_node;
	unsigned int devt;		/* dev_t */
	unsigned int id;
	struct class *class;
	const struct attribute_group **groups;
	void (*release)(struct device *dev);
	_Bool offline_disabled:1;
	_Bool offline:1;
	_Bool of_node_reused:1;
	_Bool state_synced:1;
	_Bool can_match:1;
};

/* ---- device/driver.h ---------------------------------------------------- */

enum probe_type {
	PROBE_DEFAULT_STRATEGY,
	PROBE_PREFER_ASYNCHRONOUS,
	PROBE_FORCE_SYNCHRONOUS,
};

struct of_device_id;
struct acpi_device_id;

struct device_driver {
	const char *name;
	struct bus_type *bus;
	struct module *owner;
	const char *mod_name;
	_Bool suppress_bind_attrs;	/* no bind/unbind files */
	enum probe_type probe_type;
	const struct of_device_id *of_match_table;
	const struct acpi_device_id *acpi_match_table;
	int (*probe)(struct device *dev);
	void (*sync_state)(struct device *dev);
	int (*remove)(struct device *dev);
	void (*shutdown)(struct device *dev);
	int (*suspend)(struct device *dev, pm_message_t state);
	int (*resume)(struct device *dev);
	const struct attribute_group **groups;
	const struct attribute_group **dev_groups;
	const struct dev_pm_ops *pm;
	void (*coredump)(struct device *dev);
	struct driver_private *p;	/* the host's */
};

/* ---- device/bus.h ------------------------------------------------------- */

struct bus_type {
	const char *name;
	const char *dev_name;
	struct device *dev_root;
	const struct attribute_group **bus_groups;
	const struct attribute_group **dev_groups;
	const struct attribute_group **drv_groups;
	int (*match)(struct device *dev, struct device_driver *drv);
	int (*uevent)(struct device *dev, struct kobj_uevent_env *env);
	int (*probe)(struct device *dev);
	void (*sync_state)(struct device *dev);
	void (*remove)(struct device *dev);
	void (*shutdown)(struct device *dev);
	int (*online)(struct device *dev);
	int (*offline)(struct device *dev);
	int (*suspend)(struct device *dev, pm_message_t state);
	int (*resume)(struct device *dev);
	int (*num_vf)(struct device *dev);
	int (*dma_configure)(struct device *dev);
	void (*dma_cleanup)(struct device *dev);
	const struct dev_pm_ops *pm;
	const void *iommu_ops;
	struct subsys_private *p;	/* the host's: the first host's, see bus.c */
	_Bool need_parent_lock;
};

/* ---- device/class.h ----------------------------------------------------- */

struct class {
	const char *name;
	struct module *owner;
	const struct attribute_group **class_groups;
	const struct attribute_group **dev_groups;
	struct kobject *dev_kobj;
	int (*dev_uevent)(struct device *dev, struct kobj_uevent_env *env);
	char *(*devnode)(struct device *dev, unsigned short *mode);
	void (*class_release)(struct class *cls);
	void (*dev_release)(struct device *dev);
	int (*shutdown_pre)(struct device *dev);
	const struct kobj_ns_type_operations *ns_type;
	const void *(*namespace)(struct device *dev);
	void (*get_ownership)(struct device *dev, void *uid, void *gid);
	const struct dev_pm_ops *pm;
	struct subsys_private *p;	/* the host's */
};

/* ---- the sysfs attributes of each -------------------------------------- */

struct device_attribute {
	struct attribute attr;
	long (*show)(struct device *dev, struct device_attribute *attr, char *buf);
	long (*store)(struct device *dev, struct device_attribute *attr, const char *buf,
		      __SIZE_TYPE__ count);
};

struct driver_attribute {
	struct attribute attr;
	long (*show)(struct device_driver *driver, char *buf);
	long (*store)(struct device_driver *driver, const char *buf, __SIZE_TYPE__ count);
};

struct bus_attribute {
	struct attribute attr;
	long (*show)(struct bus_type *bus, char *buf);
	long (*store)(struct bus_type *bus, const char *buf, __SIZE_TYPE__ count);
};

struct class_attribute {
	struct attribute attr;
	long (*show)(struct class *cls, struct class_attribute *attr, char *buf);
	long (*store)(struct class *cls, struct class_attribute *attr, const char *buf,
		      __SIZE_TYPE__ count);
};

/* ---- mod_devicetable.h: the match tables modpost reads too --------------- */

typedef unsigned long kernel_ulong_t;

struct of_device_id {
	char name[32];
	char type[32];
	char compatible[128];
	const void *data;
};

#define PLATFORM_NAME_SIZE	20
#define PLATFORM_MODULE_PREFIX	"platform:"

struct platform_device_id {
	char name[PLATFORM_NAME_SIZE];
	kernel_ulong_t driver_data;
};

#define I2C_NAME_SIZE		20
#define I2C_MODULE_PREFIX	"i2c:"

struct i2c_device_id {
	char name[I2C_NAME_SIZE];
	kernel_ulong_t driver_data;
};

#define SPI_NAME_SIZE		32
#define SPI_MODULE_PREFIX	"spi:"

struct spi_device_id {
	char name[SPI_NAME_SIZE];
	kernel_ulong_t driver_data;
};

/* ---- ioport.h: what a device decodes ------------------------------------- */

struct resource {
	unsigned long long start;	/* resource_size_t */
	unsigned long long end;
	const char *name;
	unsigned long flags;
	unsigned long desc;
	struct resource *parent, *sibling, *child;
};

/* ---- platform_device.h --------------------------------------------------- */

struct mfd_cell;

struct platform_device {
	const char *name;
	int id;
	_Bool id_auto;
	struct device dev;
	unsigned long long platform_dma_mask;
	struct device_dma_parameters dma_parms;
	unsigned int num_resources;
	struct resource *resource;
	const struct platform_device_id *id_entry;
	const char *driver_override;	/* sysfs driver_override: only this driver binds */
	struct mfd_cell *mfd_cell;
};

struct platform_driver {
	int (*probe)(struct platform_device *pdev);
	int (*remove)(struct platform_device *pdev);
	void (*shutdown)(struct platform_device *pdev);
	int (*suspend)(struct platform_device *pdev, pm_message_t state);
	int (*resume)(struct platform_device *pdev);
	struct device_driver driver;
	const struct platform_device_id *id_table;
	_Bool prevent_deferred_probe;
	_Bool driver_managed_dma;
};

struct platform_device_info {
	struct device *parent;
	struct fwnode_handle *fwnode;
	_Bool of_node_reused;
	const char *name;
	int id;
	const struct resource *res;
	unsigned int num_res;
	const void *data;
	__SIZE_TYPE__ size_data;
	unsigned long long dma_mask;
	const void *properties;		/* struct property_entry: not used */
};

#endif /* _UMOD_KABI_DEVICE_H */
