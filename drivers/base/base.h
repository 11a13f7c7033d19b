/* SPDX-License-Identifier: MIT */
/*
 * What the driver core's files share (Linux's drivers/base/base.h): the
 * private halves of devices, drivers, buses and classes, and the driver
 * core of one host. Modules see struct device & co. (umod/kabi/device.h);
 * the host keeps its state behind their `p` pointers, as Linux does.
 *
 * One host, one driver core (struct umod_driver_core), made with the host
 * and kept in a registry (struct umod_host has no field for it, as for
 * fs/'s namespace). Its lock guards every list below and is never held
 * while module code runs: walks copy the list (with references) first.
 */
#ifndef _UMOD_DRIVERS_BASE_BASE_H
#define _UMOD_DRIVERS_BASE_BASE_H

#include <pthread.h>
#include <stdbool.h>

#include <umod/kabi/device.h>

#include "kernel/module/module.h"
#include "util/list.h"

struct umod_kernfs_ops;

struct umod_driver_core {
	struct umod_host *host;
	struct umod_list link;		/* on the registry */
	pthread_mutex_t lock;		/* the lists here and in the privates */
	struct umod_list buses;		/* subsys_private.link */
	struct umod_list classes;	/* subsys_private.link */
	struct umod_list devices;	/* device_private.node_core: every added device */
	struct kobject *virtual_dir;	/* /sys/devices/virtual */
	struct kernfs_node *deferred_file;	/* debugfs devices_deferred */
	struct kernfs_node *power_dir;	/* /sys/power */
	struct device *platform_bus;	/* /sys/devices/platform */
	/* dd.c: deferred probing, as 6.1's pending and active lists */
	struct umod_list deferred_pending, deferred_active;
	unsigned long deferred_trigger_count;
	/* the worker (core.c): deferred probes and module autoloading */
	pthread_t worker;
	bool worker_running, worker_started, worker_stop, deferred_queued;
	pthread_cond_t worker_wake, worker_idle;
	bool worker_busy;
	struct umod_list requests;	/* struct modalias_request */
};

struct device_private {
	struct device *device;
	struct umod_driver_core *core;
	struct umod_module *owner;	/* who initialised it: dev->release is its code */
	struct umod_module *added_by;	/* whose code added it (its leftover), or NULL */
	struct umod_list node_core;	/* on core->devices, once added */
	struct umod_list node_bus;	/* on its bus's devices */
	struct umod_list node_driver;	/* on its driver's devices, while bound */
	struct umod_list node_class;	/* on its class's devices */
	struct umod_list node_parent;	/* on its parent's children */
	struct umod_list children;
	struct umod_list deferred;	/* on core->deferred_*, or empty */
	struct umod_list devres;	/* devres.c: newest last */
	pthread_mutex_t devres_lock;
	char *deferred_probe_reason;	/* dev_err_probe()'s text */
	char *devnode;			/* devtmpfs.c: its node below dev/, or NULL */
	struct kobject *glue;		/* the parent directory made for it, or NULL */
	bool added, bus_added, bound_sysfs;
};

struct driver_private {
	struct kobject kobj;		/* /sys/bus/BUS/drivers/NAME */
	struct device_driver *driver;
	struct subsys_private *bus;
	struct umod_module *owner;	/* the driver's module (drv->owner) */
	struct umod_list node_bus;	/* on the bus's drivers */
	struct umod_list devices;	/* device_private.node_driver */
};

/* a bus or a class of one host: /sys/bus/NAME or /sys/class/NAME */
struct subsys_private {
	struct kobject subsys;
	struct kobject *devices_kobj, *drivers_kobj;	/* a bus's devices/, drivers/ */
	struct kobject *glue_dir;	/* a class's /sys/devices/virtual/NAME */
	struct umod_list devices;	/* device_private.node_bus or node_class */
	struct umod_list drivers;	/* driver_private.node_bus */
	struct bus_type *bus;
	struct class *class;
	struct umod_driver_core *core;
	struct umod_module *owner;	/* the module that registered it, or NULL */
	struct umod_list link;		/* on core->buses or core->classes */
	bool drivers_autoprobe;
	bool created;			/* class_create()'s: freed by class_destroy() */
};

#define to_device_private(p)	umod_container_of(p, struct device_private, node_core)
#define to_dev(k)		umod_container_of(k, struct device, kobj)

/* the kernel's own errnos, which the C library does not define */
#define EPROBE_DEFER	517	/* the driver asks to be probed again later */
#define ENOTSUPP	524	/* an operation the driver does not have */

/* ---- core.c --------------------------------------------------------------- */

/* the driver core of @host (made with the host; NULL without memory) */
struct umod_driver_core *umod_driver_core(struct umod_host *host);
/* the core a call acts in: @dev's (or its parent's), else the calling module's host */
struct umod_driver_core *umod_dev_core(struct device *dev);
struct umod_driver_core *umod_caller_core(void);
/* the module whose code runs on this thread, or NULL (host code) */
struct umod_module *umod_caller_module(void);
/* @fn(@arg) as @mod's code (NULL: host code); an oops gives UMOD_OOPSED */
long umod_base_call(struct umod_module *mod, long (*fn)(void *), void *arg);
static inline struct umod_module *umod_module_of(struct module *m)
{
	return m ? m->umod : NULL;
}

int umod_device_add(struct umod_driver_core *core, struct device *dev);
void umod_device_initialize(struct umod_driver_core *core, struct device *dev);
void umod_device_del(struct device *dev);
struct device *umod_get_device(struct device *dev);
void umod_put_device(struct device *dev);
int umod_dev_set_name(struct device *dev, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
const char *umod_dev_name(const struct device *dev);
/* dev_driver_string(): the driver's name, else the bus's or the class's */
const char *umod_dev_driver_string(const struct device *dev);
/* the uevent file's variables (KOBJ_ADD's, without ACTION and DEVPATH) */
int umod_dev_uevent(struct device *dev, struct kobj_uevent_env *env);
/* a file of the host's in @kobj's directory (or its @group subdirectory) */
int umod_base_file(struct kobject *kobj, const char *name, unsigned int mode,
		   const struct umod_kernfs_ops *ops, void *priv);
/* a link of the host's in @kobj's directory */
int umod_base_link(struct kobject *kobj, const char *name, struct kobject *target);
void umod_base_unlink(struct kobject *kobj, const char *name);
/* a directory kobject of the host's: /sys/devices/virtual, bus/x/devices ... */
struct kobject *umod_base_kobject(struct umod_driver_core *core, const char *name,
				  struct kobject *parent);
/* the worker: @dev's modalias loaded as udev would (core.c) */
void umod_base_request_modalias(struct device *dev);
void umod_base_kick_worker(struct umod_driver_core *core);
/* the calling module's struct device_private, made on first use */
struct device_private *umod_device_private(struct device *dev);
/* snapshot of a list: references held, released with umod_base_put_all */
struct device **umod_base_collect(struct umod_driver_core *core, struct umod_list *head,
				  size_t offset, size_t *np);
void umod_base_put_all(struct device **v, size_t n);
/* the log lines of the core: the device's host's log */
void umod_base_printk(struct umod_driver_core *core, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* ---- dev_printk (core.c): dev_err() and friends -------------------------- */

/* dev_printk() for host code: "DRIVER DEVICE: ..." at @level (a KERN_* string) */
void umod_dev_printk(const char *level, const struct device *dev, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* ---- drivers/of/ (of_private.h has the rest) ------------------------------------ */

/* OF_NAME, OF_FULLNAME, OF_COMPATIBLE_n of @dev's node, if it has one */
void umod_of_device_uevent(struct device *dev, struct kobj_uevent_env *env);
/* the "of:N...T...C..." modalias of @dev's node into @buf; -ENODEV without one */
long umod_of_device_modalias(struct device *dev, char *buf, size_t size);
/* does @drv's of_match_table name @dev's node? */
bool umod_of_driver_match_device(struct device *dev, const struct device_driver *drv);
/* of_node_put() */
void umod_of_node_put(struct device_node *np);
/* of_irq_get(): the Linux IRQ of the node's interrupt @index, or -errno */
int umod_of_irq_get(struct device_node *np, int index);

/* ---- bus.c ---------------------------------------------------------------- */

struct subsys_private *umod_bus_private(struct umod_driver_core *core,
					const struct bus_type *bus);
int umod_bus_register(struct umod_driver_core *core, struct bus_type *bus,
		      struct umod_module *owner);
void umod_bus_unregister(struct umod_driver_core *core, struct bus_type *bus);
int umod_bus_add_device(struct device *dev);
void umod_bus_probe_device(struct device *dev);
void umod_bus_remove_device(struct device *dev);
int umod_bus_add_driver(struct device_driver *drv);
void umod_bus_remove_driver(struct device_driver *drv);
struct device *umod_bus_find_device_by_name(struct subsys_private *sp, const char *name);

/* ---- driver.c ------------------------------------------------------------- */

int umod_driver_register(struct umod_driver_core *core, struct device_driver *drv);
void umod_driver_unregister(struct device_driver *drv);
/* the ktype ops of a driver's directory: struct driver_attribute files */
extern const struct sysfs_ops umod_driver_sysfs_ops;

/* ---- dd.c: binding ---------------------------------------------------------- */

int umod_driver_match_device(struct device_driver *drv, struct device *dev);
/* 1: bound, 0: no driver, -errno */
int umod_device_attach(struct device *dev);
int umod_driver_attach(struct device_driver *drv);
void umod_device_release_driver(struct device *dev);
void umod_driver_detach(struct device_driver *drv);
int umod_device_driver_attach(struct device_driver *drv, struct device *dev);
/* the worker's deferred-probe pass; true if a device was tried */
bool umod_deferred_probe_run(struct umod_driver_core *core);
void umod_deferred_probe_del(struct device *dev);
/* the deferred devices, "NAME\tREASON" lines, for debugfs devices_deferred */
int umod_deferred_devices_show(struct umod_driver_core *core, char *page, size_t size);

/* ---- class.c ---------------------------------------------------------------- */

struct subsys_private *umod_class_private(struct umod_driver_core *core,
					  const struct class *cls);
int umod_class_register(struct umod_driver_core *core, struct class *cls,
			struct umod_module *owner);
void umod_class_unregister(struct umod_driver_core *core, struct class *cls);
/* the directory a class device without a parent goes in */
struct kobject *umod_class_dir(struct device *dev);
int umod_class_add_device(struct device *dev);
void umod_class_remove_device(struct device *dev);
struct device *umod_device_create(struct umod_driver_core *core, struct class *cls,
				  struct device *parent, unsigned int devt, void *drvdata,
				  const struct attribute_group **groups, const char *name);

/* ---- devres.c ----------------------------------------------------------------- */

/* after remove, or when the device goes: newest first */
void umod_devres_release_all(struct device *dev);
/* devres for the host's own devm_* (irq, gpio): @release is host code */
void *umod_devres_alloc(void (*release)(struct device *dev, void *res), size_t size);
void umod_devres_add(struct device *dev, void *res);
void umod_devres_free(void *res);
int umod_devres_release(struct device *dev, void (*release)(struct device *dev, void *res),
			int (*match)(struct device *dev, void *res, void *data), void *data);

/* ---- devtmpfs.c: dev/NAME for a device with a dev_t ---------------------------- */

int umod_devtmpfs_create_node(struct device *dev);
void umod_devtmpfs_delete_node(struct device *dev);
/* the node becomes a symlink to @target (drivers/tty: the line's pty) */
int umod_devtmpfs_link(struct device *dev, const char *target);

/* ---- power.c: the power/ directory (drivers/base/power/sysfs.c) ------------------- */

int umod_dpm_sysfs_add(struct device *dev);
/* /sys/power/state */
int umod_pm_init(struct umod_driver_core *core);

/* ---- property.c: device_property_*, fwnode_property_* ------------------------------ */

/* ---- platform.c ------------------------------------------------------------------- */

extern struct bus_type umod_platform_bus_type;
struct platform_device *umod_platform_device_alloc(struct umod_driver_core *core,
						   const char *name, int id);
int umod_platform_device_add(struct umod_driver_core *core, struct platform_device *pdev);
void umod_platform_device_del(struct platform_device *pdev);
int umod_platform_bus_init(struct umod_driver_core *core);
/* a platform driver of the host's own, registered in *@drvp (the board's controllers) */
int umod_platform_host_driver(struct umod_driver_core *core, const char *name,
			      const struct of_device_id *match,
			      int (*probe)(struct platform_device *),
			      int (*remove)(struct platform_device *),
			      struct platform_driver **drvp);
void umod_platform_host_driver_free(struct platform_driver *drv);
void umod_platform_bus_exit(struct umod_driver_core *core);

/* ---- what the rest of the host calls -------------------------------------------------- */

/* the worker has nothing left to do: deferred probes and autoloads are done */
void umod_driver_settle(struct umod_host *host);
/* with the host (host.c): the buses and classes a booted kernel has */
int umod_driver_init(struct umod_host *host);
/* after the host's last module (unload.c): everything goes */
void umod_driver_host_gone(struct umod_host *host);
/* module_leftovers[]: what @mod registered and did not take back */
void umod_driver_leftovers(struct umod_module *mod);

#endif /* _UMOD_DRIVERS_BASE_BASE_H */
