// SPDX-License-Identifier: MIT
/*
 * Who uses whom: when a module resolves a symbol another module exports,
 * it becomes a holder of that module (the kernel's struct module_use,
 * /sys/module/NAME/holders, lsmod's "Used by"). A link carries one use
 * count on its target, so the target cannot be unloaded while held. Links
 * are made and dropped under the host's module_mutex, which also guards
 * the lists.
 */
#include <errno.h>
#include <stdlib.h>

#include "kernel/module/internal.h"

int umod_strong_try_module_get(struct umod_module *mod)
{
	if (!mod)
		return 0;
	if (atomic_load(&mod->state) == UMOD_MODULE_COMING)
		return -EBUSY;
	return umod_refcount_try_get(mod) ? 0 : -ENOENT;
}

/* does @a already use @b? */
static bool already_uses(const struct umod_module *a, const struct umod_module *b)
{
	for (const struct umod_list *n = b->source_list.next; n != &b->source_list; n = n->next) {
		const struct umod_module_use *use =
			umod_container_of(n, struct umod_module_use, source_list);

		if (use->source == a)
			return true;
	}
	return false;
}

static int add_module_usage(struct umod_module *a, struct umod_module *b)
{
	struct umod_module_use *use = malloc(sizeof(*use));

	if (!use)
		return -ENOMEM;
	use->source = a;
	use->target = b;
	pthread_mutex_lock(&a->host->use_lock);
	umod_list_add(&use->source_list, &b->source_list);
	umod_list_add(&use->target_list, &a->target_list);
	pthread_mutex_unlock(&a->host->use_lock);
	return 0;
}

int umod_ref_module(struct umod_module *a, struct umod_module *b)
{
	int err;

	if (!b || already_uses(a, b))
		return 0;
	err = umod_strong_try_module_get(b);
	if (err)
		return err;
	err = add_module_usage(a, b);
	if (err)
		umod_refcount_put(b);
	return err;
}

void umod_module_unuse_all(struct umod_module *mod)
{
	pthread_mutex_lock(&mod->host->use_lock);
	while (mod->target_list.next != &mod->target_list) {
		struct umod_module_use *use = umod_container_of(mod->target_list.next,
								struct umod_module_use,
								target_list);

		umod_refcount_put(use->target);
		umod_list_del(&use->source_list);
		umod_list_del(&use->target_list);
		free(use);
	}
	pthread_mutex_unlock(&mod->host->use_lock);
}

/* ---- what lsmod and sysfs show ---------------------------------------------- */

UMOD_API int umod_module_for_each_holder(struct umod_module *mod,
					 int (*fn)(struct umod_module *holder, void *data),
					 void *data)
{
	struct umod_host *host;
	int ret = 0;

	if (!mod || !fn)
		return -EINVAL;
	if (atomic_load(&mod->state) == UMOD_MODULE_GONE)
		return 0;
	host = mod->host;
	pthread_mutex_lock(&host->use_lock);
	for (struct umod_list *n = mod->source_list.next; !ret && n != &mod->source_list;
	     n = n->next)
		ret = fn(umod_container_of(n, struct umod_module_use, source_list)->source, data);
	pthread_mutex_unlock(&host->use_lock);
	return ret;
}
