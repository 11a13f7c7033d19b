// SPDX-License-Identifier: MIT
/*
 * configfs items (Linux 6.1's fs/configfs/item.c): names, the reference
 * count, and the release that runs when the last reference goes: the
 * type's release op (the module's code), then the references the item
 * held on its group and parent.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/module/module.h"
#include "kernel/kapi.h"
#include "fs/configfs/configfs_internal.h"
#include "lib/vsprintf.h"

struct umod_module *umod_configfs_umod(struct module *m)
{
	return m ? m->umod : NULL;
}

long umod_configfs_call(struct module *owner, long (*fn)(void *), void *arg)
{
	struct umod_module *mod = umod_configfs_umod(owner);
	long ret;

	if (!mod)
		return fn(arg);
	return umod_call(mod, fn, arg, &ret) ? -EIO : ret;
}

/* the name in ci_namebuf when it fits, else allocated (freed with the item) */
static int kapi_config_item_set_name(struct config_item *item, const char *fmt, ...)
{
	char *name = item->ci_namebuf;
	va_list ap;
	int need;

	va_start(ap, fmt);
	need = umod_vsnprintf(item->ci_namebuf, CONFIGFS_ITEM_NAME_LEN, fmt, ap);
	va_end(ap);
	if (need >= CONFIGFS_ITEM_NAME_LEN) {
		if (!(name = malloc((size_t)need + 1)))
			return -EFAULT;
		va_start(ap, fmt);
		umod_vsnprintf(name, (size_t)need + 1, fmt, ap);
		va_end(ap);
	}
	if (item->ci_name && item->ci_name != item->ci_namebuf)
		free(item->ci_name);
	item->ci_name = name;
	return 0;
}

static void item_init(struct config_item *item)
{
	__atomic_store_n(&item->ci_kref.refcount.refs.counter, 1, __ATOMIC_RELAXED);
	item->ci_entry.next = item->ci_entry.prev = &item->ci_entry;
}

static void kapi_config_item_init_type_name(struct config_item *item, const char *name,
					    const struct config_item_type *type)
{
	kapi_config_item_set_name(item, "%s", name);
	item->ci_type = type;
	item_init(item);
}

static void kapi_config_group_init(struct config_group *group)
{
	item_init(&group->cg_item);
	group->cg_children.next = group->cg_children.prev = &group->cg_children;
	group->default_groups.next = group->default_groups.prev = &group->default_groups;
}

void umod_config_group_init_type_name(struct config_group *group, const char *name,
				      const struct config_item_type *type)
{
	kapi_config_item_set_name(&group->cg_item, "%s", name);
	group->cg_item.ci_type = type;
	kapi_config_group_init(group);
}

struct config_item *umod_configfs_item_get(struct config_item *item)
{
	if (item)
		__atomic_fetch_add(&item->ci_kref.refcount.refs.counter, 1, __ATOMIC_RELAXED);
	return item;
}

static struct config_item *kapi_config_item_get_unless_zero(struct config_item *item)
{
	int old = item ? __atomic_load_n(&item->ci_kref.refcount.refs.counter,
					 __ATOMIC_RELAXED) : 0;

	while (old > 0)
		if (__atomic_compare_exchange_n(&item->ci_kref.refcount.refs.counter, &old,
						old + 1, false, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return item;
	return NULL;
}

static long call_release(void *arg)
{
	struct config_item *item = arg;

	item->ci_type->ct_item_ops->release(item);
	return 0;
}

/* config_item_cleanup(): the name, the type's release, then group and parent */
static void item_cleanup(struct config_item *item)
{
	const struct config_item_type *t = item->ci_type;
	struct config_group *group = item->ci_group;
	struct config_item *parent = item->ci_parent;

	if (item->ci_name != item->ci_namebuf)
		free(item->ci_name);
	item->ci_name = NULL;
	if (t && t->ct_item_ops && t->ct_item_ops->release)
		umod_configfs_call(t->ct_owner, call_release, item);
	if (group)
		umod_configfs_item_put(&group->cg_item);
	if (parent)
		umod_configfs_item_put(parent);
}

void umod_configfs_item_put(struct config_item *item)
{
	if (item && __atomic_sub_fetch(&item->ci_kref.refcount.refs.counter, 1,
				       __ATOMIC_ACQ_REL) == 0)
		item_cleanup(item);
}

/* a child of @group by name, with a reference */
static struct config_item *kapi_config_group_find_item(struct config_group *group,
						       const char *name)
{
	for (struct list_head *l = group->cg_children.next; l != &group->cg_children;
	     l = l->next) {
		struct config_item *item = umod_container_of(l, struct config_item, ci_entry);

		if (item->ci_name && !strcmp(item->ci_name, name))
			return umod_configfs_item_get(item);
	}
	return NULL;
}

static const struct umod_kapi_export configfs_item_exports[] = {
	UMOD_KAPI("config_item_set_name", kapi_config_item_set_name),
	UMOD_KAPI("config_item_init_type_name", kapi_config_item_init_type_name),
	UMOD_KAPI("config_group_init_type_name", umod_config_group_init_type_name),
	UMOD_KAPI("config_group_init", kapi_config_group_init),
	UMOD_KAPI("config_item_get", umod_configfs_item_get),
	UMOD_KAPI("config_item_get_unless_zero", kapi_config_item_get_unless_zero),
	UMOD_KAPI("config_item_put", umod_configfs_item_put),
	UMOD_KAPI("config_group_find_item", kapi_config_group_find_item),
};

const struct umod_kapi_table umod_kapi_configfs_item = UMOD_KAPI_TABLE(configfs_item_exports);
