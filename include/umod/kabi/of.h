/* SPDX-License-Identifier: MIT */
/*
 * The device tree as both sides see it (Linux 6.1's include/linux/of.h,
 * fwnode.h): the host unflattens the board's blob into these nodes and
 * properties; modules walk them (np->name, np->full_name, np->parent,
 * pp->value ...). Property values are big-endian, as in the blob. Builtin
 * types only.
 */
#ifndef _UMOD_KABI_OF_H
#define _UMOD_KABI_OF_H

#include <umod/kabi/kobject.h>
#include <umod/kabi/types.h>

struct device;
struct fwnode_operations;

struct fwnode_handle {
	struct fwnode_handle *secondary;
	const struct fwnode_operations *ops;
	struct device *dev;
	struct list_head suppliers;
	struct list_head consumers;
	unsigned char flags;
};

struct property {
	char *name;
	int length;
	void *value;
	struct property *next;
	unsigned long _flags;
};

struct device_node {
	const char *name;		/* "lkmpg_device" (the part before '@') */
	unsigned int phandle;
	const char *full_name;		/* "lkmpg_device@0" (the node's own name) */
	struct fwnode_handle fwnode;
	struct property *properties;
	struct property *deadprops;
	struct device_node *parent;
	struct device_node *child;
	struct device_node *sibling;
	struct kobject kobj;
	unsigned long _flags;
	void *data;
};

#define MAX_PHANDLE_ARGS	16

struct of_phandle_args {
	struct device_node *np;
	int args_count;
	unsigned int args[MAX_PHANDLE_ARGS];
};

#endif /* _UMOD_KABI_OF_H */
