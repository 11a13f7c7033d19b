// SPDX-License-Identifier: MIT
/*
 * The driver core of each host (Linux's drivers/base/init.c,
 * driver_init()): made with the host, with what a booted 6.1 kernel has
 * before any module loads (/sys/devices/platform and the platform bus,
 * /sys/devices/virtual, the misc class), and gone with it. Its worker
 * thread does what Linux does on a workqueue and in udev: it retries
 * deferred probes, and loads the module a new device's modalias names
 * (`modprobe $MODALIAS` on the add event), through request_module().
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "block/blk.h"
#include "drivers/base/base.h"
#include "drivers/input/input-core-private.h"
#include "drivers/tty/tty.h"
#include "fs/internal.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/module/module.h"
#include "kernel/oops.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"
#include "net/core/dev.h"

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct umod_list registry = { &registry, &registry };

struct umod_driver_core *umod_driver_core(struct umod_host *host)
{
	struct umod_driver_core *core = NULL;

	if (!host)
		return NULL;
	pthread_mutex_lock(&registry_lock);
	for (struct umod_list *l = registry.next; l != &registry; l = l->next)
		if (umod_container_of(l, struct umod_driver_core, link)->host == host)
			core = umod_container_of(l, struct umod_driver_core, link);
	pthread_mutex_unlock(&registry_lock);
	return core;
}

struct kobject *umod_base_kobject(struct umod_driver_core *core, const char *name,
				  struct kobject *parent)
{
	struct kobject *kobj = calloc(1, sizeof(*kobj));

	if (!kobj)
		return NULL;
	kobj->host = core->host;
	if (umod_kobject_init_and_add(NULL, kobj, &umod_dynamic_kobj_ktype, parent, name)) {
		umod_kobject_put(kobj);
		return NULL;
	}
	return kobj;
}

/* ---- module autoloading, as udev's modprobe on an add event ------------------------ */

struct modalias_request {
	struct umod_list link;
	char alias[];
};

/* @dev's uevent names a MODALIAS: the worker asks request_module() for it */
void umod_base_request_modalias(struct device *dev)
{
	struct umod_driver_core *core = dev->p ? dev->p->core : NULL;
	struct kobj_uevent_env *env = calloc(1, sizeof(*env));
	struct modalias_request *r = NULL;

	if (!env || !core || umod_dev_uevent(dev, env)) {
		free(env);
		return;
	}
	for (int i = 0; i < env->envp_idx && !r; i++)
		if (!strncmp(env->envp[i], "MODALIAS=", 9) &&
		    (r = malloc(sizeof(*r) + strlen(env->envp[i]) - 8)))
			strcpy(r->alias, env->envp[i] + 9);
	free(env);
	if (!r)
		return;
	pthread_mutex_lock(&core->lock);
	umod_list_add(&r->link, core->requests.prev);
	pthread_cond_signal(&core->worker_wake);
	pthread_mutex_unlock(&core->lock);
}

void umod_base_kick_worker(struct umod_driver_core *core)
{
	pthread_mutex_lock(&core->lock);
	core->deferred_queued = true;
	pthread_cond_signal(&core->worker_wake);
	pthread_mutex_unlock(&core->lock);
}

static int request_alias(struct umod_host *host, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = umod_request_module(host, true, fmt, ap);
	va_end(ap);
	return ret;
}

/* core->lock held, dropped around the load: the next queued alias, loaded */
static bool run_request(struct umod_driver_core *core, struct umod_task *task)
{
	struct modalias_request *r;

	if (core->requests.next == &core->requests)
		return false;
	r = umod_container_of(core->requests.next, struct modalias_request, link);
	umod_list_del(&r->link);
	pthread_mutex_unlock(&core->lock);
	snprintf(task->task.comm, sizeof(task->task.comm), "modprobe");
	request_alias(core->host, "%s", r->alias);
	snprintf(task->task.comm, sizeof(task->task.comm), "kworker/u8:0");
	free(r);
	pthread_mutex_lock(&core->lock);
	return true;
}

static void *worker_main(void *arg)
{
	struct umod_driver_core *core = arg;
	struct umod_task *task;

	if (umod_task_new(&task, "kworker/u8:0", true)) {
		pthread_mutex_lock(&core->lock);
		core->worker_started = true;	/* and gone: nothing waits for it */
		pthread_cond_broadcast(&core->worker_idle);
		pthread_mutex_unlock(&core->lock);
		return NULL;
	}
	umod_task_set_current(task);
	umod_oops_thread_init();
	pthread_mutex_lock(&core->lock);
	core->worker_started = true;	/* its stack and task are made: driver_init() goes on */
	pthread_cond_broadcast(&core->worker_idle);
	while (!core->worker_stop) {
		bool deferred = core->deferred_queued;

		core->deferred_queued = false;
		core->worker_busy = true;
		if (deferred) {
			pthread_mutex_unlock(&core->lock);
			umod_deferred_probe_run(core);
			pthread_mutex_lock(&core->lock);
		}
		if (run_request(core, task) || core->deferred_queued)
			continue;
		core->worker_busy = false;
		pthread_cond_broadcast(&core->worker_idle);
		/* a stop asked while run_request() had the lock dropped was not waited for */
		if (!core->worker_stop)
			pthread_cond_wait(&core->worker_wake, &core->lock);
	}
	core->worker_busy = false;
	pthread_cond_broadcast(&core->worker_idle);
	pthread_mutex_unlock(&core->lock);
	umod_task_set_current(NULL);
	umod_task_put(task);
	return NULL;
}

/* ---- the host's core -------------------------------------------------------------- */

static struct umod_driver_core *core_new(struct umod_host *host)
{
	struct umod_driver_core *core = calloc(1, sizeof(*core));

	if (!core)
		return NULL;
	core->host = host;
	pthread_mutex_init(&core->lock, NULL);
	pthread_cond_init(&core->worker_wake, NULL);
	pthread_cond_init(&core->worker_idle, NULL);
	umod_list_init(&core->buses);
	umod_list_init(&core->classes);
	umod_list_init(&core->devices);
	umod_list_init(&core->deferred_pending);
	umod_list_init(&core->deferred_active);
	umod_list_init(&core->requests);
	return core;
}

static void core_free(struct umod_driver_core *core)
{
	while (core->requests.next != &core->requests) {
		struct umod_list *l = core->requests.next;

		umod_list_del(l);
		free(umod_container_of(l, struct modalias_request, link));
	}
	pthread_cond_destroy(&core->worker_wake);
	pthread_cond_destroy(&core->worker_idle);
	pthread_mutex_destroy(&core->lock);
	free(core);
}

/* debugfs devices_deferred: "NAME\tREASON" per device waiting for a retry */
static long deferred_show(struct kernfs_node *kn, void *priv, char *page)
{
	return umod_deferred_devices_show(priv, page, UMOD_PAGE_SIZE);
}

static const struct umod_kernfs_ops deferred_ops = { deferred_show, NULL };

static int debugfs_init(struct umod_driver_core *core)
{
	struct umod_kernfs_new nw = {
		.parent = umod_kernfs_root(UMOD_KERNFS_DEBUG), .host = core->host,
		.name = "devices_deferred", .type = UMOD_SYSFS_FILE, .kind = UMOD_KN_PLAIN,
		.mode = 0444, .ops = &deferred_ops, .priv = core,
	};

	return umod_kernfs_create(&nw, &core->deferred_file);
}

/* driver_init(): /sys/devices/virtual, the platform bus, then the classes built in */
int umod_driver_init(struct umod_host *host)
{
	struct umod_driver_core *core = core_new(host);
	int err;

	if (!core)
		return -ENOMEM;
	pthread_mutex_lock(&registry_lock);
	umod_list_add(&core->link, &registry);
	pthread_mutex_unlock(&registry_lock);
	core->virtual_dir = umod_base_kobject(core, "virtual",
					      umod_kobject_root(UMOD_KERNFS_DEVICES));
	err = core->virtual_dir ? umod_platform_bus_init(core) : -ENOMEM;
	if (!err)
		err = debugfs_init(core);
	if (!err)
		err = umod_pm_init(core);
	if (!err)
		err = umod_misc_init(host);
	if (!err)
		err = umod_block_init(host);
	if (!err)
		err = umod_net_init(host);
	if (!err)
		err = umod_tty_init(host);
	if (!err)
		err = umod_input_init(host);
	if (!err)
		err = umod_thread_spawn(&core->worker, worker_main, core) ? -EAGAIN : 0;
	core->worker_running = !err;
	pthread_mutex_lock(&core->lock);
	while (!err && !core->worker_started)
		pthread_cond_wait(&core->worker_idle, &core->lock);
	pthread_mutex_unlock(&core->lock);
	if (err)
		umod_driver_host_gone(host);
	return err;
}

static void worker_stop(struct umod_driver_core *core)
{
	pthread_mutex_lock(&core->lock);
	core->worker_stop = true;
	pthread_cond_signal(&core->worker_wake);
	pthread_mutex_unlock(&core->lock);
	if (core->worker_running)
		pthread_join(core->worker, NULL);
	core->worker_running = false;
}

void umod_driver_host_gone(struct umod_host *host)
{
	struct umod_driver_core *core = umod_driver_core(host);

	if (!core)
		return;
	worker_stop(core);
	umod_kernfs_remove(core->deferred_file);
	if (core->power_dir)
		umod_kernfs_remove(core->power_dir);
	umod_input_exit(host);
	umod_tty_exit(host);
	umod_net_exit(host);
	umod_block_exit(host);
	umod_misc_exit(host);
	umod_platform_bus_exit(core);
	if (core->virtual_dir)
		umod_kobject_put(core->virtual_dir);
	pthread_mutex_lock(&registry_lock);
	umod_list_del(&core->link);
	pthread_mutex_unlock(&registry_lock);
	core_free(core);
}

/* waits until the worker has nothing left to do (tests, `umod board settle`) */
void umod_driver_settle(struct umod_host *host)
{
	struct umod_driver_core *core = umod_driver_core(host);

	if (!core)
		return;
	pthread_mutex_lock(&core->lock);
	while (core->worker_busy || core->deferred_queued || core->requests.next != &core->requests)
		pthread_cond_wait(&core->worker_idle, &core->lock);
	pthread_mutex_unlock(&core->lock);
}

/* ---- what a module leaves behind ------------------------------------------------------ */

/* core->lock held: the first registered driver of @mod, on any bus */
static struct device_driver *driver_of_locked(struct umod_driver_core *core,
					      struct umod_module *mod)
{
	for (struct umod_list *b = core->buses.next; b != &core->buses; b = b->next) {
		struct subsys_private *sp = umod_container_of(b, struct subsys_private, link);

		for (struct umod_list *l = sp->drivers.next; l != &sp->drivers; l = l->next) {
			struct driver_private *dp = umod_container_of(l, struct driver_private,
								      node_bus);

			if (dp->owner == mod)
				return dp->driver;
		}
	}
	return NULL;
}

static struct device *device_of(struct umod_driver_core *core, struct umod_module *mod)
{
	struct device *found = NULL;

	pthread_mutex_lock(&core->lock);
	for (struct umod_list *l = core->devices.prev; l != &core->devices && !found; l = l->prev) {
		struct device_private *p = umod_container_of(l, struct device_private, node_core);

		if (p->added_by == mod)
			found = umod_get_device(p->device);
	}
	pthread_mutex_unlock(&core->lock);
	return found;
}

/* core->lock held: a class or bus @mod registered, from @head */
static struct subsys_private *subsys_of_locked(struct umod_list *head, struct umod_module *mod)
{
	for (struct umod_list *l = head->next; l != head; l = l->next)
		if (umod_container_of(l, struct subsys_private, link)->owner == mod)
			return umod_container_of(l, struct subsys_private, link);
	return NULL;
}

static void leftover_drivers(struct umod_driver_core *core, struct umod_module *mod)
{
	struct device_driver *drv;

	for (;;) {
		pthread_mutex_lock(&core->lock);
		drv = driver_of_locked(core, mod);
		pthread_mutex_unlock(&core->lock);
		if (!drv)
			return;
		umod_log_printk(core->host->log, KERN_WARNING "%s: exit left driver %s registered: unregistered\n",
				mod->name, drv->name);
		umod_driver_unregister(drv);
	}
}

static void leftover_devices(struct umod_driver_core *core, struct umod_module *mod)
{
	struct device *dev;

	while ((dev = device_of(core, mod))) {
		umod_log_printk(core->host->log, KERN_WARNING "%s: exit left device %s registered: unregistered\n",
				mod->name, umod_dev_name(dev));
		umod_device_del(dev);
		umod_put_device(dev);
		umod_put_device(dev);
	}
}

/* a class's devices go with it, as a forgotten class_destroy() in Linux leaves them dangling */
static void class_devices_del(struct umod_driver_core *core, struct subsys_private *sp)
{
	struct device **v;
	size_t n;

	v = umod_base_collect(core, &sp->devices, offsetof(struct device_private, node_class), &n);
	for (size_t i = 0; i < n; i++) {
		umod_device_del(v[i]);
		umod_put_device(v[i]);
	}
	umod_base_put_all(v, n);
}

static void leftover_subsystems(struct umod_driver_core *core, struct umod_module *mod)
{
	struct subsys_private *sp;

	for (;;) {
		pthread_mutex_lock(&core->lock);
		sp = subsys_of_locked(&core->classes, mod);
		pthread_mutex_unlock(&core->lock);
		if (!sp)
			break;
		umod_log_printk(core->host->log, KERN_WARNING "%s: exit left class %s %s\n",
				mod->name, sp->class->name,
				sp->created ? "created: destroyed" : "registered: unregistered");
		class_devices_del(core, sp);
		umod_class_unregister(core, sp->class);
	}
	for (;;) {
		pthread_mutex_lock(&core->lock);
		sp = subsys_of_locked(&core->buses, mod);
		pthread_mutex_unlock(&core->lock);
		if (!sp)
			break;
		umod_log_printk(core->host->log, KERN_WARNING "%s: exit left bus %s registered: unregistered\n",
				mod->name, sp->bus->name);
		umod_bus_unregister(core, sp->bus);
	}
}

/* module_leftovers[]: its drivers (unbound: remove, devres), devices, classes, buses */
void umod_driver_leftovers(struct umod_module *mod)
{
	struct umod_driver_core *core = umod_driver_core(mod->host);

	if (!core)
		return;
	umod_misc_leftovers(mod);	/* each returns at once if @mod made none */
	umod_block_leftovers(mod);
	umod_net_leftovers(mod);
	umod_tty_leftovers(mod);
	umod_input_leftovers(mod);
	if (!umod_module_has_made(mod, UMOD_MADE_DRIVER))
		return;
	leftover_drivers(core, mod);
	leftover_devices(core, mod);
	leftover_subsystems(core, mod);
}
