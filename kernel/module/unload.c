// SPDX-License-Identifier: MIT
/*
 * Unloading, the kernel's delete_module(): under the module mutex decide
 * and mark the module GOING (so nothing new can use it, and a second
 * rmmod of it is -EBUSY), then call exit without the mutex (exit may log,
 * or unload others), then take the module out of the list and free its
 * memory. Loads and other unloads go on meanwhile, as in the kernel.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fs/internal.h"
#include "fs/sysfs/sysfs.h"
#include "boards/board.h"
#include "drivers/base/base.h"
#include "drivers/gpio/gpiolib.h"
#include "drivers/i2c/i2c-core.h"
#include "drivers/spi/spi.h"
#include "drivers/usb/core/usb.h"
#include "kernel/dma/dma.h"
#include "kernel/irq/internals.h"
#include "kernel/module/internal.h"
#include "kernel/panic.h"
#include "kernel/params.h"
#include "kernel/printk/internal.h"
#include "kernel/rcu/rcu.h"
#include "kernel/resource.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"
#include "kernel/time/timekeeping.h"
#include "mm/internal.h"
#include "lib/dynamic_debug.h"

void umod_module_going_locked(struct umod_module *mod)
{
	umod_module_set_state(mod, UMOD_MODULE_GOING);
	/* whoever waits for this module to leave COMING looks again */
	pthread_cond_broadcast(&mod->host->module_wq);
}

void umod_module_unlist_locked(struct umod_module *mod)
{
	umod_list_del(&mod->list);
	umod_module_set_state(mod, UMOD_MODULE_GONE);
	pthread_cond_broadcast(&mod->host->module_wq);
}

static long call_params_free(void *arg)
{
	struct umod_module *mod = arg;

	umod_params_free(mod->kp, mod->num_kp);
	return 0;
}

/*
 * The module's memory and the parameter values living in it. The free ops
 * follow the module's __param table: a fault there (a corrupt table) is an
 * oops of this unload, and the memory goes all the same.
 */
static void release_mapping(struct umod_module *mod)
{
	long ret;

	if (mod->kp)
		umod_call(mod, call_params_free, mod, &ret);
	mod->kp = NULL;
	mod->num_kp = 0;
	if (mod->map) {
		umod_area_free(mod->host, mod->map, mod->map_size, mod->name);
		umod_module_memory_release(mod->host, mod->map_size);
	}
	mod->map = NULL;
	mod->map_size = 0;
	mod->core.base = mod->init.base = NULL;
	umod_percpu_modfree(mod->percpu);
	mod->percpu = NULL;
}

/*
 * What a module may leave behind in the host's subsystems once its exit
 * has run (or its init failed): each subsystem reports what is left by
 * the module's name, in the kernel's words where it has some, and takes
 * it back (cancels, stops, removes) so that nothing calls into the memory
 * that goes next. The module's symbols still name its addresses here.
 * A subsystem adds its function before the NULL.
 */
static void (*const module_leftovers[])(struct umod_module *mod) = {
	umod_driver_leftovers,	/* drivers (unbound), devices, classes, buses */
	umod_irq_leftovers,	/* requested interrupts (after the drivers' devm ones) */
	umod_gpio_leftovers,	/* requested lines, then chips (after their interrupts) */
	umod_fs_leftovers,
	umod_kernfs_leftovers,
	umod_time_leftovers,	/* timers, hrtimers, tasklets, work, kthreads */
	umod_rcu_module_leftovers,
	umod_mm_module_leftovers,
	NULL
};

static void release_leftovers(struct umod_module *mod)
{
	for (unsigned int i = 0; module_leftovers[i]; i++)
		module_leftovers[i](mod);
}

/*
 * Users that still hold references (forced unload, or a failed init they
 * outlived) may still run its code or put their reference: the mapping,
 * the parameters and the handle stay for them, until the host goes,
 * rather than fault under them.
 */
void umod_module_free_memory(struct umod_module *mod)
{
	umod_mod_sysfs_teardown(mod);	/* first: its readers may run module code */
	umod_ddebug_remove_module(mod);	/* its call sites leave the control file */
	release_leftovers(mod);
	umod_gdb_jit_unregister(mod);
	if (mod->reads_jiffies) {
		mod->reads_jiffies = false;
		umod_jiffies_tick_put();
	}
	/* silently, as Linux's forced unload: admin-guide/unloading.rst: the memory stays */
	if (!mod->keep_mapped)
		release_mapping(mod);
	mod->kmod = NULL;
	free(mod->sections);
	mod->sections = NULL;
	mod->num_sections = 0;
	umod_kallsyms_free(mod);
	mod->syms = mod->gpl_syms = NULL;
	mod->crcs = mod->gpl_crcs = NULL;
	mod->num_syms = mod->num_gpl_syms = 0;
}

void umod_module_release(struct umod_module *mod)
{
	struct umod_host *host = mod->host;

	if (!mod->keep_mapped) {
		umod_module_unref(mod);
		return;
	}
	pthread_mutex_lock(&host->module_mutex);
	umod_list_add(&mod->list, &host->kept);
	pthread_mutex_unlock(&host->module_mutex);
}

/* the host is going: what was kept for its users goes now */
static void release_kept(struct umod_host *host)
{
	while (host->kept.next != &host->kept) {
		struct umod_module *mod = umod_container_of(host->kept.next,
							    struct umod_module, list);

		umod_list_del(&mod->list);
		release_mapping(mod);
		umod_module_unref(mod);
	}
}

/*
 * The module is GOING and its exit has run: its directory goes first (as
 * the kernel's free_module), its exports leave the table (their names
 * live in its memory), its uses of other modules are released, then it
 * leaves the list and its memory goes, unless @users_may_stay and some
 * are still inside (a forced unload).
 */
static void free_module(struct umod_host *host, struct umod_module *mod, bool users_may_stay)
{
	/* a stopped count reads -1; after a forced unload, the users inside */
	mod->keep_mapped = users_may_stay && umod_refcount_read(mod) > 0;
	umod_mod_sysfs_teardown(mod);
	pthread_mutex_lock(&host->module_mutex);
	umod_exports_del(mod);
	umod_module_unuse_all(mod);
	umod_module_unlist_locked(mod);
	pthread_mutex_unlock(&host->module_mutex);
	umod_module_free_memory(mod);
	umod_module_release(mod);	/* the list's reference */
}

/*
 * The kernel's try_force_unload(): rmmod -f counts only in a host with
 * forced unload enabled (CONFIG_MODULE_FORCE_UNLOAD), and taints it R.
 * Without it the refusal stands; the kernel says nothing, we say why.
 */
static bool try_force_unload(struct umod_module *mod, unsigned int flags)
{
	struct umod_host *host = mod->host;

	if (!(flags & UMOD_REMOVE_FORCE))
		return false;
	if (!atomic_load(&host->force_unload)) {
		umod_log_printk(host->log, KERN_WARNING "%s: forced unload is not enabled in this host (umod daemon --force-unload)\n",
				mod->name);
		return false;
	}
	umod_host_add_taint(host, UMOD_TAINT_FORCED_RMMOD, UMOD_LOCKDEP_NOW_UNRELIABLE);
	return true;
}

/*
 * With module_mutex held: may @mod go now? In the kernel's order: held by
 * other modules (even forced), not LIVE, permanent, then in use. Stopping
 * the count is the last check, so on success nobody can get a new
 * reference; a forced unload stops it with the users' references held.
 */
static int may_unload(struct umod_module *mod, unsigned int flags)
{
	if (mod->source_list.next != &mod->source_list)
		return -EWOULDBLOCK;	/* other modules depend on it */
	if (atomic_load(&mod->state) != UMOD_MODULE_LIVE)
		return -EBUSY;		/* still coming, or already going */
	if (umod_module_is_permanent(mod) && !try_force_unload(mod, flags))
		return -EBUSY;		/* loaded for good: [permanent] */
	if (umod_refcount_try_stop(mod) == 0)
		return 0;
	if (!try_force_unload(mod, flags))
		return -EWOULDBLOCK;
	umod_refcount_stop_wait(mod, 0);
	return 0;
}

static int remove_module(struct umod_host *host, const char *name, unsigned int flags)
{
	struct umod_module *mod;
	void (*exit_fn)(void) = NULL;
	int err;

	pthread_mutex_lock(&host->module_mutex);
	mod = umod_host_find_locked(host, name);
	err = mod ? may_unload(mod, flags) : -ENOENT;
	if (!err) {
		umod_module_going_locked(mod);
		exit_fn = umod_module_exit_fn(mod);
	}
	pthread_mutex_unlock(&host->module_mutex);
	if (err)
		return err;
	/* an oops in exit leaves the module GOING, its memory mapped */
	if (exit_fn && umod_call_exit(mod, exit_fn) == UMOD_OOPSED)
		return UMOD_OOPSED;
	free_module(host, mod, true);
	return 0;
}

UMOD_API int umod_module_remove(struct umod_host *host, const char *name,
				unsigned int flags)
{
	int err;

	if (!host || !name || !*name)
		return -EINVAL;
	umod_host_ref(host);
	err = remove_module(host, name, flags);
	umod_host_unref(host);
	return err;
}

/*
 * Does a thread run @mod's code that its exit cannot end (an init that
 * has not returned, a request asleep in it, a KUnit case past its
 * timeout, which holds the module)? Its own kernel threads, timers and
 * work are the exit's to stop, unless a user holds it.
 */
static bool module_running(struct umod_host *host, const struct umod_module *mod)
{
	bool running = false, in_use = umod_refcount_read(mod) > 0;

	pthread_mutex_lock(&host->calls_lock);
	for (struct umod_list *n = host->calls.next; n != &host->calls && !running; n = n->next) {
		const struct umod_call *c = umod_container_of(n, struct umod_call, node);

		running = c->mod == mod && (in_use || !(c->task->task.flags & UMOD_PF_KTHREAD));
	}
	pthread_mutex_unlock(&host->calls_lock);
	return running;
}

/*
 * Unloads @mod for good: with its exit if it may be unloaded, else
 * dropped without it (permanent, in use, or left by an oops), as a
 * machine powering off drops it.
 */
static void unload_for_good(struct umod_host *host, struct umod_module *mod)
{
	char name[UMOD_MODULE_NAME_LEN];

	strcpy(name, mod->name);
	if (remove_module(host, name, 0) == 0)
		return;
	pthread_mutex_lock(&host->module_mutex);
	umod_module_going_locked(mod);
	pthread_mutex_unlock(&host->module_mutex);
	umod_refcount_stop_wait(mod, 0);
	free_module(host, mod, false);
}

/* the newest module but @skip, or NULL */
static struct umod_module *next_to_unload(struct umod_host *host, unsigned int skip)
{
	struct umod_list *n;

	pthread_mutex_lock(&host->module_mutex);
	for (n = host->modules.next; n != &host->modules && skip; n = n->next)
		skip--;
	pthread_mutex_unlock(&host->module_mutex);
	return n == &host->modules ? NULL : umod_container_of(n, struct umod_module, list);
}

static const char *running_what(const struct umod_module *mod)
{
	switch (atomic_load(&mod->state)) {
	case UMOD_MODULE_COMING:
		return "its init";
	case UMOD_MODULE_GOING:
		return "its exit";
	default:
		return "a call into it";
	}
}

UMOD_API int umod_host_shutdown(struct umod_host *host)
{
	struct umod_module *mod;
	unsigned int left = 0;

	if (!host)
		return -EINVAL;
	atomic_store(&host->shutting_down, true);
	/* loads waiting for a module of their name give up now */
	pthread_mutex_lock(&host->module_mutex);
	pthread_cond_broadcast(&host->module_wq);
	pthread_mutex_unlock(&host->module_mutex);
	while ((mod = next_to_unload(host, left))) {
		bool held = mod->source_list.next != &mod->source_list;

		if (!held && !module_running(host, mod)) {
			unload_for_good(host, mod);
			continue;
		}
		if (held)
			umod_log_printk(host->log, KERN_WARNING "%s: a module still running uses it: not unloaded\n",
					mod->name);
		else
			umod_log_printk(host->log, KERN_WARNING "%s: %s is still running: not unloaded\n",
					mod->name, running_what(mod));
		left++;
	}
	return (int)left;
}

/*
 * The last reference to the host is going: unload newest first, so users
 * go before what they use, each with its exit where it may be unloaded.
 * Loads and unloads hold the host, so none is running; what was kept for
 * users goes too; no module code may run after this.
 */
void umod_unload_all(struct umod_host *host)
{
	struct umod_module *mod;

	while ((mod = next_to_unload(host, 0)))
		unload_for_good(host, mod);
	release_kept(host);
	umod_board_host_gone(host);
	umod_i2c_host_gone(host);
	umod_spi_host_gone(host);
	umod_usb_host_gone(host);
	umod_gpio_host_gone(host);
	umod_driver_host_gone(host);
	umod_irq_host_gone(host);
	umod_resource_host_gone(host);
	umod_dma_host_gone(host);
	umod_fs_host_gone(host);
}
