// SPDX-License-Identifier: MIT
/*
 * configfs's tree (Linux 6.1's fs/configfs/dir.c) in the host's namespace:
 * sys/kernel/config/ holds each registered subsystem, a directory per
 * item and group, a file per attribute of the item's type. mkdir(2) in a
 * group whose type has make_item or make_group makes an item (as the
 * module's code, under the subsystem's su_mutex) and pins the subsystem's
 * module and the item's; rmdir(2) drops it (drop_item, or the group's
 * reference) and unpins them. Default groups come and go with their
 * parent: rmdir of one, or of a subsystem, is -EPERM; rmdir of an item
 * with items below is -ENOTEMPTY. The links between items (ci_parent,
 * ci_group, cg_children) and their references are Linux's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fs/sysfs/sysfs.h"
#include "kernel/printk/internal.h"
#include "kernel/module/module.h"
#include "kernel/kapi.h"
#include "fs/configfs/configfs_internal.h"

static const struct umod_fs_dir_ops group_ops;

static struct umod_fs_node *config_root(struct umod_fs *fs)
{
	return umod_fs_walk(fs, "sys/kernel/config");
}

int umod_configfs_init_fs(struct umod_fs *fs)
{
	struct umod_fs_node *kernel = umod_fs_walk(fs, "sys/kernel");

	/* mounted at boot on Debian (systemd's sys-kernel-config.mount) */
	return kernel && umod_fs_node_add(kernel, "config", UMOD_FS_DIR, S_IFDIR | 0755, NULL) ?
	       0 : -ENOMEM;
}

static struct configfs_dirent *dirent_of(const struct umod_fs_node *n)
{
	return n->inode.i_private;
}

/* ---- links between items, as link_obj()/link_group() ------------------------------ */

static void list_add_tail(struct list_head *n, struct list_head *head)
{
	n->prev = head->prev;
	n->next = head;
	head->prev->next = n;
	head->prev = n;
}

static void list_del_init(struct list_head *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
	n->next = n->prev = n;
}

static void link_obj(struct config_item *parent, struct config_item *item)
{
	struct config_group *group = umod_container_of(parent, struct config_group, cg_item);

	item->ci_parent = parent;
	item->ci_group = group;
	umod_configfs_item_get(parent);		/* for ci_parent */
	list_add_tail(&item->ci_entry, &group->cg_children);
	umod_configfs_item_get(item);			/* for ci_entry */
}

static void unlink_obj(struct config_item *item)
{
	struct config_group *group = item->ci_group;

	if (!group)
		return;
	list_del_init(&item->ci_entry);
	item->ci_group = NULL;
	item->ci_parent = NULL;
	umod_configfs_item_put(item);
	umod_configfs_item_put(&group->cg_item);
}

#define for_each_default(g, group)						\
	for (struct list_head *_l = (group)->default_groups.next;		\
	     _l != &(group)->default_groups &&					\
	     ((g) = umod_container_of(_l, struct config_group, group_entry)); _l = _l->next)

/* @parent NULL: a subsystem, the root of its own links */
static void link_group(struct config_group *parent, struct config_group *group,
		       struct configfs_subsystem *subsys)
{
	struct config_group *g;

	if (parent)
		link_obj(&parent->cg_item, &group->cg_item);
	group->cg_subsys = subsys;
	for_each_default(g, group)
		link_group(group, g, subsys);
}

static void unlink_group(struct config_group *group)
{
	struct config_group *g;

	for_each_default(g, group)
		unlink_group(g);
	group->cg_subsys = NULL;
	unlink_obj(&group->cg_item);
}

/* ---- directories ---------------------------------------------------------------------- */

static void free_dirents(struct umod_fs_node *n)
{
	for (struct umod_list *l = n->children.next; l != &n->children; l = l->next) {
		struct umod_fs_node *c = umod_container_of(l, struct umod_fs_node, sibling);

		if (c->kind == UMOD_FS_DIR)
			free_dirents(c);
	}
	if (n->inode.i_private)
		dirent_of(n)->item->ci_dentry = NULL;
	free(n->inode.i_private);
	n->inode.i_private = NULL;
}

/* fs->lock held: the directory and all below it go (attribute reads end first) */
static void detach(struct umod_fs_node *n)
{
	free_dirents(n);
	umod_fs_node_remove(n);
}

static int attach_attrs(struct umod_fs_node *dir, const struct config_item_type *t)
{
	for (struct configfs_attribute **a = t && t->ct_attrs ? t->ct_attrs : NULL; a && *a; a++) {
		struct umod_fs_node *f;

		if (umod_fs_child(dir, (*a)->ca_name))
			return -EEXIST;
		f = umod_fs_node_add(dir, (*a)->ca_name, UMOD_FS_PROC,
				     S_IFREG | ((*a)->ca_mode & 07777),
				     umod_configfs_umod((*a)->ca_owner));
		if (!f)
			return -ENOMEM;
		f->proc_ops = &umod_configfs_attr_ops;
		f->inode.i_private = *a;
	}
	return 0;
}

/*
 * configfs_attach_item()/_group(), fs->lock held: @item's directory @name
 * in @parent with its attributes, and for a group its default groups;
 * all or nothing.
 */
static int attach(struct umod_fs_node *parent, const char *name, struct config_item *item,
		  bool group, int type)
{
	const struct config_item_type *t = item->ci_type;
	struct configfs_dirent *sd = calloc(1, sizeof(*sd));
	struct umod_fs_node *n = NULL;
	struct config_group *g;
	int err = -ENOMEM;

	if (umod_fs_child(parent, name))
		err = -EEXIST;
	else if (sd)
		n = umod_fs_node_add(parent, name, UMOD_FS_DIR, S_IFDIR | 0755,
				     umod_configfs_umod(t ? t->ct_owner : NULL));
	if (!n) {
		free(sd);
		return err;
	}
	*sd = (struct configfs_dirent){ .item = item, .type = type };
	n->inode.i_private = sd;
	item->ci_dentry = &n->dentry;
	err = attach_attrs(n, t);
	if (group) {
		n->dir_ops = &group_ops;
		for_each_default(g, umod_container_of(item, struct config_group, cg_item))
			if (!err)
				err = attach(n, g->cg_item.ci_name, &g->cg_item, true,
					     CONFIGFS_DEFAULT);
	}
	if (err)
		detach(n);
	return err;
}

/* the node of @item's directory, or NULL */
static struct umod_fs_node *node_of(const struct config_item *item)
{
	return item->ci_dentry ? umod_container_of(item->ci_dentry, struct umod_fs_node, dentry) :
	       NULL;
}

/* the namespace of @group's module's host (or the caller's) */
static struct umod_fs *fs_of_group(const struct config_group *group)
{
	const struct config_item_type *t = group->cg_item.ci_type;
	struct umod_module *mod = umod_configfs_umod(t ? t->ct_owner : NULL);

	return umod_fs_of(mod ? mod->host : umod_caller_host());
}

/* ---- subsystems and groups ---------------------------------------------------------- */

static int kapi_configfs_register_subsystem(struct configfs_subsystem *subsys)
{
	struct config_group *group = &subsys->su_group;
	struct umod_fs *fs = fs_of_group(group);
	struct umod_fs_node *root;
	int err = -ENOENT;

	if (!fs)
		return -ENOMEM;
	if (!group->cg_item.ci_name)
		group->cg_item.ci_name = group->cg_item.ci_namebuf;
	link_group(NULL, group, subsys);
	pthread_mutex_lock(&fs->lock);
	if ((root = config_root(fs)))
		err = attach(root, group->cg_item.ci_name, &group->cg_item, true, CONFIGFS_SUBSYS);
	pthread_mutex_unlock(&fs->lock);
	if (err)
		unlink_group(group);
	return err;
}

/* fs->lock held: whether anything below @n was made by mkdir (detach_prep) */
static bool has_made(const struct umod_fs_node *n)
{
	for (struct umod_list *l = n->children.next; l != &n->children; l = l->next) {
		const struct umod_fs_node *c = umod_container_of(l, struct umod_fs_node, sibling);

		if (c->kind == UMOD_FS_DIR && (dirent_of(c)->type == CONFIGFS_MADE || has_made(c)))
			return true;
	}
	return false;
}

static void kapi_configfs_unregister_subsystem(struct configfs_subsystem *subsys)
{
	struct config_group *group = &subsys->su_group;
	struct umod_fs_node *n = node_of(&group->cg_item);
	struct umod_fs *fs = n ? n->fs : NULL;

	if (!fs)
		return;
	pthread_mutex_lock(&fs->lock);
	if (n->parent != config_root(fs)) {
		umod_log_printk(fs->host->log, KERN_ERR "Tried to unregister non-subsystem!\n");
		pthread_mutex_unlock(&fs->lock);
		return;
	}
	if (has_made(n))
		umod_log_printk(fs->host->log, KERN_ERR "Tried to unregister non-empty subsystem!\n");
	detach(n);
	pthread_mutex_unlock(&fs->lock);
	unlink_group(group);
}

static int kapi_configfs_register_group(struct config_group *parent, struct config_group *group)
{
	struct umod_fs_node *dir = node_of(&parent->cg_item);
	int err = -ENOENT;

	link_group(parent, group, parent->cg_subsys);
	if (dir) {
		pthread_mutex_lock(&dir->fs->lock);
		err = dir->removed ? -ENOENT :
		      attach(dir, group->cg_item.ci_name, &group->cg_item, true, CONFIGFS_DEFAULT);
		pthread_mutex_unlock(&dir->fs->lock);
	}
	if (err)
		unlink_group(group);
	return err;
}

static void kapi_configfs_unregister_group(struct config_group *group)
{
	struct umod_fs_node *n = node_of(&group->cg_item);

	if (n) {
		struct umod_fs *fs = n->fs;	/* n may be freed by detach() */

		pthread_mutex_lock(&fs->lock);
		if (!n->removed)
			detach(n);
		pthread_mutex_unlock(&fs->lock);
	}
	unlink_group(group);
}

static struct config_group *kapi_configfs_register_default_group(struct config_group *parent,
								 const char *name,
								 const struct config_item_type *t)
{
	struct config_group *group = calloc(1, sizeof(*group));
	int err;

	if (!group)
		return (struct config_group *)(intptr_t)-ENOMEM;
	umod_config_group_init_type_name(group, name, t);
	err = kapi_configfs_register_group(parent, group);
	if (err) {
		free(group);
		return (struct config_group *)(intptr_t)err;
	}
	return group;
}

static void kapi_configfs_unregister_default_group(struct config_group *group)
{
	kapi_configfs_unregister_group(group);
	free(group);
}

static void kapi_configfs_remove_default_groups(struct config_group *group)
{
	while (group->default_groups.next != &group->default_groups) {
		struct config_group *g = umod_container_of(group->default_groups.next,
							   struct config_group, group_entry);

		list_del_init(&g->group_entry);
		umod_configfs_item_put(&g->cg_item);
	}
}

/* ---- mkdir(2) and rmdir(2) ------------------------------------------------------------ */

struct make_call {
	struct config_group *parent;
	const char *name;
	struct config_item *item;	/* in: rmdir's; out: mkdir's */
	bool group;
	void (*lock)(struct mutex *);
	void (*unlock)(struct mutex *);
};

static bool is_err(const void *p)
{
	return (uintptr_t)p >= (uintptr_t)-4095;
}

/* make_group() or make_item() under su_mutex, as the group's module's code */
static long call_make(void *arg)
{
	struct make_call *c = arg;
	struct configfs_group_operations *ops = c->parent->cg_item.ci_type->ct_group_ops;
	struct mutex *su = &c->parent->cg_subsys->su_mutex;
	struct config_group *g;

	c->lock(su);
	c->group = ops->make_group != NULL;
	if (c->group) {
		g = ops->make_group(c->parent, c->name);
		c->item = !g ? (struct config_item *)(intptr_t)-ENOMEM :
			  is_err(g) ? (struct config_item *)g : &g->cg_item;
		if (!is_err(c->item))
			link_group(c->parent, g, c->parent->cg_subsys);
	} else {
		c->item = ops->make_item(c->parent, c->name);
		if (!c->item)
			c->item = (struct config_item *)(intptr_t)-ENOMEM;
		if (!is_err(c->item))
			link_obj(&c->parent->cg_item, c->item);
	}
	c->unlock(su);
	return is_err(c->item) ? (long)(intptr_t)c->item : 0;
}

/* client_disconnect_notify(), unlink, client_drop_item(), under su_mutex */
static long call_drop(void *arg)
{
	struct make_call *c = arg;
	struct configfs_group_operations *ops = c->parent->cg_item.ci_type->ct_group_ops;

	c->lock(&c->parent->cg_subsys->su_mutex);
	if (ops && ops->disconnect_notify)
		ops->disconnect_notify(c->parent, c->item);
	if (c->group)
		unlink_group(umod_container_of(c->item, struct config_group, cg_item));
	else
		unlink_obj(c->item);
	if (ops && ops->drop_item)
		ops->drop_item(c->parent, c->item);
	else
		umod_configfs_item_put(c->item);
	c->unlock(&c->parent->cg_subsys->su_mutex);
	return 0;
}

static bool find_locks(struct umod_fs *fs, struct make_call *c)
{
	c->lock = (void (*)(struct mutex *))(uintptr_t)umod_kapi_addr(fs->host, "mutex_lock");
	c->unlock = (void (*)(struct mutex *))(uintptr_t)umod_kapi_addr(fs->host, "mutex_unlock");
	return c->lock && c->unlock;
}

static struct module *owner_of(const struct config_item *item)
{
	return item && item->ci_type ? item->ci_type->ct_owner : NULL;
}

static bool pin(struct module *m)
{
	return !m || umod_refcount_try_get(m->umod);
}

static void unpin(struct module *m)
{
	if (m)
		umod_refcount_put(m->umod);
}

static int group_mkdir(struct umod_fs *fs, struct umod_fs_node *dir, const char *name)
{
	struct config_group *parent = umod_container_of(dirent_of(dir)->item,
							struct config_group, cg_item);
	const struct config_item_type *t = parent->cg_item.ci_type;
	struct make_call c = { .parent = parent, .name = name };
	struct module *subsys_owner;
	int err;

	if (!t || !t->ct_group_ops || (!t->ct_group_ops->make_group && !t->ct_group_ops->make_item))
		return -EPERM;	/* lack of mkdir */
	subsys_owner = owner_of(&parent->cg_subsys->su_group.cg_item);
	if (!parent->cg_subsys->su_group.cg_item.ci_type || !find_locks(fs, &c) ||
	    !pin(subsys_owner))
		return -EINVAL;
	err = (int)umod_configfs_call(t->ct_owner, call_make, &c);
	if (err) {
		unpin(subsys_owner);
		return err;
	}
	if (!c.item->ci_type || !pin(owner_of(c.item))) {
		err = -EINVAL;
	} else {
		pthread_mutex_lock(&fs->lock);
		err = dir->removed ? -ENOENT : attach(dir, name, c.item, c.group, CONFIGFS_MADE);
		if (!err) {
			struct configfs_dirent *sd = dirent_of(umod_fs_child(dir, name));

			sd->subsys_owner = umod_configfs_umod(subsys_owner);
			sd->item_owner = umod_configfs_umod(owner_of(c.item));
		}
		pthread_mutex_unlock(&fs->lock);
		if (err)
			unpin(owner_of(c.item));
	}
	if (err) {
		umod_configfs_call(t->ct_owner, call_drop, &c);
		unpin(subsys_owner);
	}
	return err;
}

static int group_rmdir(struct umod_fs *fs, struct umod_fs_node *n)
{
	struct configfs_dirent *sd;
	struct make_call c = { 0 };
	struct umod_module *subsys_owner, *item_owner;

	pthread_mutex_lock(&fs->lock);
	sd = n->removed ? NULL : dirent_of(n);
	if (!sd || sd->type != CONFIGFS_MADE || has_made(n) || !find_locks(fs, &c)) {
		int err = !sd ? -ENOENT : sd->type != CONFIGFS_MADE ? -EPERM :
			  has_made(n) ? -ENOTEMPTY : -EINVAL;

		pthread_mutex_unlock(&fs->lock);
		return err;
	}
	c.item = sd->item;
	c.parent = c.item->ci_group;
	c.group = n->dir_ops != NULL;
	subsys_owner = sd->subsys_owner;
	item_owner = sd->item_owner;
	detach(n);
	pthread_mutex_unlock(&fs->lock);
	umod_configfs_call(c.parent->cg_item.ci_type->ct_owner, call_drop, &c);
	if (item_owner)
		umod_refcount_put(item_owner);
	if (subsys_owner)
		umod_refcount_put(subsys_owner);
	return 0;
}

static const struct umod_fs_dir_ops group_ops = {
	.mkdir = group_mkdir,
	.rmdir = group_rmdir,
};

/* ---- what a module leaves ------------------------------------------------------------- */

void umod_configfs_leftovers(struct umod_fs *fs, struct umod_module *mod)
{
	struct umod_fs_node *root = config_root(fs);
	struct umod_list *l = root ? root->children.next : NULL;

	while (root && l != &root->children) {
		struct umod_fs_node *n = umod_container_of(l, struct umod_fs_node, sibling);

		l = l->next;
		if (n->owner != mod)
			continue;
		umod_log_printk(fs->host->log, KERN_WARNING "%s: exit left configfs subsystem /sys/kernel/config/%s registered: unregistered\n",
				mod->name, n->name);
		detach(n);
	}
}

static const struct umod_kapi_export configfs_dir_exports[] = {
	UMOD_KAPI("configfs_register_subsystem", kapi_configfs_register_subsystem),
	UMOD_KAPI("configfs_unregister_subsystem", kapi_configfs_unregister_subsystem),
	UMOD_KAPI("configfs_register_group", kapi_configfs_register_group),
	UMOD_KAPI("configfs_unregister_group", kapi_configfs_unregister_group),
	UMOD_KAPI("configfs_register_default_group", kapi_configfs_register_default_group),
	UMOD_KAPI("configfs_unregister_default_group", kapi_configfs_unregister_default_group),
	UMOD_KAPI("configfs_remove_default_groups", kapi_configfs_remove_default_groups),
};

const struct umod_kapi_table umod_kapi_configfs_dir = UMOD_KAPI_TABLE(configfs_dir_exports);
