// SPDX-License-Identifier: MIT
/*
 * Interrupts of the device tree (Linux 6.1's drivers/of/irq.c): a node's
 * "interrupts-extended", or its "interrupts" cells with the interrupt
 * parent (its own interrupt-parent, else its ancestors'), translated by
 * the controller's domain into a Linux IRQ. A controller whose domain is
 * not registered yet makes of_irq_get() return -EPROBE_DEFER.
 */
#include <errno.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/of/of_private.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/irq/internals.h"
#include "kernel/kapi.h"

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* of_irq_find_parent(): interrupt-parent, up the tree */
static struct device_node *irq_parent(struct umod_of_tree *tree, const struct device_node *np)
{
	uint32_t ph;

	for (const struct device_node *p = np; p; p = p->parent)
		if (!umod_of_property_read_u32(p, "interrupt-parent", 0, &ph))
			return umod_of_find_node_by_phandle(tree, ph);
	return np->parent;
}

/* of_irq_parse_one(): the @index'th interrupt's controller and cells */
int umod_of_irq_parse_one(struct umod_of_tree *tree, const struct device_node *np, int index,
		     struct of_phandle_args *out)
{
	struct device_node *parent;
	const unsigned char *ints;
	uint32_t ncells;
	int len;

	if (!umod_of_parse_phandle_with_args(tree, np, "interrupts-extended", "#interrupt-cells",
					     index, out))
		return 0;
	ints = umod_of_get_property(np, "interrupts", &len);
	parent = irq_parent(tree, np);
	if (!ints || !parent)
		return -EINVAL;
	if (umod_of_property_read_u32(parent, "#interrupt-cells", 0, &ncells) ||
	    !ncells || ncells > MAX_PHANDLE_ARGS)
		return -EINVAL;
	if (index < 0 || ((size_t)index + 1) * ncells * 4 > (size_t)len)
		return -EINVAL;
	out->np = parent;
	out->args_count = (int)ncells;
	for (uint32_t i = 0; i < ncells; i++)
		out->args[i] = be32(ints + ((size_t)index * ncells + i) * 4);
	return 0;
}

int umod_of_irq_get_host(struct umod_host *host, const struct device_node *np, int index)
{
	struct umod_irq_core *core = umod_irq_core(host);
	struct of_phandle_args args;
	int err = umod_of_irq_parse_one(umod_of_tree(host), np, index, &args);

	if (err)
		return err;
	if (!umod_irq_find_host(core, &args.np->fwnode))
		return -EPROBE_DEFER;
	return (int)umod_irq_create_of_mapping(core, &args);
}

/* platform_get_irq()'s way in: the caller's host, or the device's */
int umod_of_irq_get(struct device_node *np, int index)
{
	struct umod_host *host = umod_caller_host();

	return host ? umod_of_irq_get_host(host, np, index) : -EINVAL;
}

static int kapi_of_irq_get(struct device_node *np, int index)
{
	return umod_of_irq_get(np, index);
}

static int kapi_of_irq_get_byname(struct device_node *np, const char *name)
{
	int len, index = 0;
	const char *names = umod_of_get_property(np, "interrupt-names", &len);

	for (const char *p = names; p && p < names + len; p += strlen(p) + 1, index++)
		if (!strcmp(p, name))
			return umod_of_irq_get(np, index);
	return -EINVAL;
}

static unsigned int kapi_irq_of_parse_and_map(struct device_node *np, int index)
{
	int irq = umod_of_irq_get(np, index);

	return irq > 0 ? (unsigned int)irq : 0;
}

static int kapi_of_irq_parse_one(struct device_node *np, int index, struct of_phandle_args *out)
{
	return umod_of_irq_parse_one(umod_of_caller_tree(), np, index, out);
}

static int kapi_of_irq_count(struct device_node *np)
{
	struct of_phandle_args args;
	int n = 0;

	while (!umod_of_irq_parse_one(umod_of_caller_tree(), np, n, &args))
		n++;
	return n;
}

static const struct umod_kapi_export of_irq_exports[] = {
	UMOD_KAPI_GPL("of_irq_get", kapi_of_irq_get),
	UMOD_KAPI_GPL("of_irq_get_byname", kapi_of_irq_get_byname),
	UMOD_KAPI_GPL("irq_of_parse_and_map", kapi_irq_of_parse_and_map),
	UMOD_KAPI_GPL("of_irq_parse_one", kapi_of_irq_parse_one),
	UMOD_KAPI("of_irq_count", kapi_of_irq_count),
};

const struct umod_kapi_table umod_kapi_of_irq = UMOD_KAPI_TABLE(of_irq_exports);
