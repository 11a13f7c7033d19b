// SPDX-License-Identifier: MIT
/*
 * /sys/firmware/devicetree/base (Linux 6.1's drivers/of/kobj.c): a
 * directory per node, named as the node (name@unit), and a read-only file
 * per property holding its raw bytes; /proc/device-tree is a link to it
 * (the daemon's tree makes that link: fs/ has no links).
 */
#include <errno.h>
#include <string.h>

#include "drivers/of/of_private.h"
#include "fs/sysfs/sysfs.h"

static long prop_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct property *pp = priv;
	size_t n = (size_t)pp->length < UMOD_PAGE_SIZE - 1 ? (size_t)pp->length : UMOD_PAGE_SIZE - 1;

	memcpy(page, pp->value, n);
	return (long)n;
}

static const struct umod_kernfs_ops prop_ops = { prop_show, NULL };

static int add_dir(struct umod_host *host, struct kernfs_node *parent, const char *name,
		   struct kernfs_node **dir)
{
	struct umod_kernfs_new nw = {
		.parent = parent, .host = host, .name = name, .type = UMOD_SYSFS_DIR,
		.kind = UMOD_KN_PLAIN, .mode = 0755,
	};

	return umod_kernfs_create(&nw, dir);
}

static int add_node(struct umod_host *host, struct kernfs_node *dir, struct device_node *np)
{
	int err = 0;

	for (struct property *pp = np->properties; pp && !err; pp = pp->next) {
		struct umod_kernfs_new nw = {
			.parent = dir, .host = host, .name = pp->name, .type = UMOD_SYSFS_FILE,
			.kind = UMOD_KN_PLAIN, .mode = 0444, .ops = &prop_ops, .priv = pp,
		};

		err = umod_kernfs_create(&nw, NULL);
		if (err == -EEXIST)	/* a name twice in one node: the first is shown */
			err = 0;
	}
	for (struct device_node *c = np->child; c && !err; c = c->sibling) {
		struct kernfs_node *sub;

		err = add_dir(host, dir, c->full_name, &sub);
		if (!err)
			err = add_node(host, sub, c);
	}
	return err;
}

int umod_of_sysfs_add(struct umod_host *host, struct umod_of_tree *tree)
{
	struct kernfs_node *dt, *base;
	int err = add_dir(host, umod_kernfs_root(UMOD_KERNFS_FIRMWARE), "devicetree", &dt);

	if (!err)
		err = add_dir(host, dt, "base", &base);
	if (!err)
		err = add_node(host, base, tree->root);
	if (err)
		umod_of_sysfs_remove(host);
	return err;
}

void umod_of_sysfs_remove(struct umod_host *host)
{
	umod_kernfs_remove_by_name(umod_kernfs_root(UMOD_KERNFS_FIRMWARE), host, "devicetree");
}
