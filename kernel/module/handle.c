// SPDX-License-Identifier: MIT
/*
 * Module handles. A handle's reference count is its memory lifetime only:
 * the host's module list holds one reference while the module is loaded,
 * callers hold others. Unloading never waits for handles, and a handle
 * never keeps a module loaded.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/module/internal.h"

int umod_module_alloc(struct umod_host *host, const char *name,
		      struct umod_module **modp)
{
	struct umod_module *mod;

	if (strlen(name) >= UMOD_MODULE_NAME_LEN)
		return -ENAMETOOLONG;
	/* aligned: each stripe of the use count has a cache line to itself */
	mod = aligned_alloc(_Alignof(struct umod_module), sizeof(*mod));
	if (!mod)
		return -ENOMEM;
	memset(mod, 0, sizeof(*mod));
	atomic_init(&mod->refs, 1);
	atomic_init(&mod->state, UMOD_MODULE_UNFORMED);
	mod->init_off = offsetof(struct module, init);
	mod->exit_off = offsetof(struct module, exit);
	mod->host = host;
	strcpy(mod->name, name);
	umod_list_init(&mod->list);
	umod_list_init(&mod->source_list);
	umod_list_init(&mod->target_list);
	pthread_mutex_init(&mod->param_lock, NULL);
	*modp = mod;
	return 0;
}

const struct umod_section *umod_module_find_section(const struct umod_module *mod,
						    const char *name)
{
	/* most names differ in their first two bytes (".text", "__param"):
	 * strcmp only for those that do not (names are NUL-terminated) */
	for (unsigned int i = 0; i < mod->num_sections; i++) {
		const char *n = mod->sections[i].name;

		if (n[0] == name[0] && (!n[0] || n[1] == name[1]) && !strcmp(n, name))
			return &mod->sections[i];
	}
	return NULL;
}

UMOD_API struct umod_module *umod_module_ref(struct umod_module *mod)
{
	if (mod)
		atomic_fetch_add(&mod->refs, 1);
	return mod;
}

UMOD_API struct umod_module *umod_module_unref(struct umod_module *mod)
{
	if (!mod || atomic_fetch_sub(&mod->refs, 1) > 1)
		return mod;
	pthread_mutex_destroy(&mod->param_lock);
	free(mod);
	return NULL;
}

UMOD_API const char *umod_module_get_name(const struct umod_module *mod)
{
	return mod ? mod->name : NULL;
}

UMOD_API enum umod_module_state umod_module_get_state(const struct umod_module *mod)
{
	return mod ? (enum umod_module_state)atomic_load(&mod->state) : UMOD_MODULE_GONE;
}

UMOD_API size_t umod_module_get_core_size(const struct umod_module *mod)
{
	return mod ? mod->core.size : 0;
}

UMOD_API size_t umod_module_get_init_size(const struct umod_module *mod)
{
	return mod ? mod->init.size : 0;
}

umod_initcall_t umod_module_init_fn(const struct umod_module *mod)
{
	umod_initcall_t fn = NULL;

	if (mod->kmod)
		memcpy(&fn, (const char *)mod->kmod + mod->init_off, sizeof(fn));
	return fn;
}

umod_exitcall_t umod_module_exit_fn(const struct umod_module *mod)
{
	umod_exitcall_t fn = NULL;

	if (mod->kmod)
		memcpy(&fn, (const char *)mod->kmod + mod->exit_off, sizeof(fn));
	return fn;
}

UMOD_API int umod_module_is_permanent(const struct umod_module *mod)
{
	return mod && umod_module_init_fn(mod) && !umod_module_exit_fn(mod);
}

/*
 * Module code reads the state in its struct module (6.1's
 * module_is_live()), in 6.1's numbering; GONE leaves it alone, as the
 * memory may be gone by then.
 */
void umod_module_set_state(struct umod_module *mod, int state)
{
	static const int kstate[] = {
		[UMOD_MODULE_UNFORMED] = UMOD_KMOD_STATE_UNFORMED,
		[UMOD_MODULE_COMING] = UMOD_KMOD_STATE_COMING,
		[UMOD_MODULE_LIVE] = UMOD_KMOD_STATE_LIVE,
		[UMOD_MODULE_GOING] = UMOD_KMOD_STATE_GOING,
	};

	atomic_store(&mod->state, state);
	if (mod->kmod && state != UMOD_MODULE_GONE)
		__atomic_store_n(&mod->kmod->state, kstate[state], __ATOMIC_RELEASE);
}
