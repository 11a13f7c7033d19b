// SPDX-License-Identifier: MIT
/*
 * Unloading, the kernel's delete_module(): under the module mutex decide
 * and mark the module GOING (so nothing new can use it), then call exit
 * without the mutex (exit may log, or in time unload others), then take the
 * module out of the list and free its memory.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "internal.h"

void umod_module_free_memory(struct umod_module *mod)
{
	umod_mod_sysfs_teardown(mod);	/* first: its readers may run module code */
	if (mod->kp)
		umod_params_free(mod->kp, mod->num_kp);
	mod->kp = NULL;
	mod->num_kp = 0;
	if (mod->map)
		munmap(mod->map, mod->map_size);
	mod->map = NULL;
	mod->map_size = 0;
	mod->kmod = NULL;
	mod->core.base = mod->init.base = NULL;
	free(mod->sections);
	mod->sections = NULL;
	mod->num_sections = 0;
	umod_kallsyms_free(mod);
	mod->syms = mod->gpl_syms = NULL;
	mod->crcs = mod->gpl_crcs = NULL;
	mod->num_syms = mod->num_gpl_syms = 0;
}

/*
 * The module is GOING and its exit has run: its exports leave the table
 * (their names live in its memory), its uses of other modules are
 * released, then it leaves the list and its memory goes.
 */
static void free_module(struct umod_host *host, struct umod_module *mod)
{
	pthread_mutex_lock(&host->module_mutex);
	umod_exports_del(mod);
	umod_module_unuse_all(mod);
	umod_list_del(&mod->list);
	pthread_cond_broadcast(&host->module_wq);
	pthread_mutex_unlock(&host->module_mutex);
	umod_module_free_memory(mod);
	atomic_store(&mod->state, UMOD_MODULE_GONE);
	umod_module_unref(mod);		/* the list's reference */
}

/*
 * With module_mutex held: may @mod go now? In the kernel's order: held by
 * other modules, not LIVE, permanent, then in use. The last check takes
 * the base reference away, so on success nobody can get a new one.
 */
static int may_unload(struct umod_module *mod)
{
	if (mod->source_list.next != &mod->source_list)
		return -EWOULDBLOCK;	/* other modules depend on it */
	if (atomic_load(&mod->state) != UMOD_MODULE_LIVE)
		return -EBUSY;		/* still coming, or already going */
	if (mod->kmod->init && !mod->kmod->exit)
		return -EBUSY;		/* loaded for good: [permanent] */
	return umod_refcount_try_stop(mod);
}

UMOD_API int umod_module_remove(struct umod_host *host, const char *name,
				unsigned int flags)
{
	struct umod_module *mod;
	void (*exit_fn)(void);
	int err;

	(void)flags;
	if (!host || !name || !*name)
		return -EINVAL;
	pthread_mutex_lock(&host->module_mutex);
	mod = umod_host_find_locked(host, name);
	if (!mod) {
		pthread_mutex_unlock(&host->module_mutex);
		return -ENOENT;
	}
	err = may_unload(mod);
	if (err) {
		pthread_mutex_unlock(&host->module_mutex);
		return err;
	}
	atomic_store(&mod->state, UMOD_MODULE_GOING);
	exit_fn = mod->kmod->exit;
	pthread_mutex_unlock(&host->module_mutex);

	if (exit_fn)
		exit_fn();
	free_module(host, mod);
	return 0;
}

/*
 * The last reference to the host is going: unload newest first, so users
 * go before what they use. A module that cannot be unloaded (permanent)
 * is dropped without its exit, as a machine powering off drops it; no
 * module code may run after this.
 */
void umod_unload_all(struct umod_host *host)
{
	for (;;) {
		struct umod_module *mod;
		char name[UMOD_MODULE_NAME_LEN];

		pthread_mutex_lock(&host->module_mutex);
		if (host->modules.next == &host->modules) {
			pthread_mutex_unlock(&host->module_mutex);
			return;
		}
		mod = umod_container_of(host->modules.next, struct umod_module, list);
		strcpy(name, mod->name);
		pthread_mutex_unlock(&host->module_mutex);
		if (umod_module_remove(host, name, 0) == 0)
			continue;
		atomic_store(&mod->state, UMOD_MODULE_GOING);
		free_module(host, mod);
	}
}
