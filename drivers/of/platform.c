// SPDX-License-Identifier: MIT
/*
 * The board's devices (Linux 6.1's drivers/of/platform.c): each available
 * child of the root with a "compatible" becomes a platform device below
 * /sys/devices/platform, named as of_device_make_bus_id() names it
 * ("40000000.lkmpg_device" from its translated reg, else its node name),
 * with its reg entries as IORESOURCE_MEM resources; the children of a
 * simple-bus (and the other default buses) become its children.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/of/of_private.h"
#include "kernel/kapi.h"
#include "mm/internal.h"

#define IORESOURCE_MEM	0x00000200

static const char *const default_buses[] = {
	"simple-bus", "simple-mfd", "isa", "arm,amba-bus",
};

static bool is_bus(const struct device_node *np)
{
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(default_buses); i++)
		if (umod_of_device_is_compatible(np, default_buses[i]))
			return true;
	return false;
}

/* of_device_make_bus_id(): the first translatable reg up the tree names it */
static int make_bus_id(struct device *dev, const struct device_node *np)
{
	char name[256] = "", tail[256];

	for (; np && np->parent; np = np->parent) {
		uint64_t addr = umod_of_translate_reg(np, 0, NULL);

		memcpy(tail, name, sizeof(tail));
		if (addr != UMOD_OF_BAD_ADDR) {
			if (tail[0])
				return umod_dev_set_name(dev, "%llx.%s:%s", (unsigned long long)addr,
							 np->name, tail);
			return umod_dev_set_name(dev, "%llx.%s", (unsigned long long)addr, np->name);
		}
		if (snprintf(name, sizeof(name), tail[0] ? "%s:%s" : "%s", np->full_name, tail) >=
		    (int)sizeof(name))
			return -ENAMETOOLONG;
	}
	return umod_dev_set_name(dev, "%s", name);
}

/* of_device_alloc()'s resources: each reg entry, translated */
static int add_resources(struct platform_device *pdev, const struct device_node *np)
{
	unsigned int n = 0;
	uint64_t size;

	while (umod_of_translate_reg(np, (int)n, &size) != UMOD_OF_BAD_ADDR)
		n++;
	if (!n)
		return 0;
	pdev->resource = umod_kmalloc_caller(NULL, n * sizeof(*pdev->resource), UMOD_GFP_ZERO,
					     NULL);
	if (!pdev->resource)
		return -ENOMEM;
	for (unsigned int i = 0; i < n; i++) {
		uint64_t start = umod_of_translate_reg(np, (int)i, &size);

		pdev->resource[i].start = start;
		pdev->resource[i].end = start + size - 1;
		pdev->resource[i].flags = IORESOURCE_MEM;
		pdev->resource[i].name = np->full_name;
	}
	pdev->num_resources = n;
	return 0;
}

static struct platform_device *create_device(struct umod_driver_core *core,
					     struct device_node *np, struct device *parent)
{
	struct platform_device *pdev = umod_platform_device_alloc(core, "", -1);
	int err;

	if (!pdev)
		return NULL;
	pdev->dev.of_node = np;
	pdev->dev.fwnode = &np->fwnode;
	pdev->dev.parent = parent;
	np->fwnode.dev = &pdev->dev;
	err = add_resources(pdev, np);
	if (!err)
		err = make_bus_id(&pdev->dev, np);
	if (!err)
		err = umod_platform_device_add(core, pdev);
	if (err) {
		np->fwnode.dev = NULL;
		umod_put_device(&pdev->dev);
		return NULL;
	}
	return pdev;
}

/* of_platform_bus_create(), strict: only nodes with a compatible */
static void bus_create(struct umod_driver_core *core, struct device_node *np,
		       struct device *parent)
{
	struct device *dev = np->fwnode.dev;	/* made already: an overlay came */

	if (!umod_of_find_property(np, "compatible", NULL) || !umod_of_device_is_available(np) ||
	    (np->_flags & (1ul << UMOD_OF_POPULATED)))
		return;
	if (!dev) {
		struct platform_device *pdev = create_device(core, np, parent);

		dev = pdev ? &pdev->dev : NULL;
	}
	if (!dev || !is_bus(np))
		return;
	for (struct device_node *c = np->child; c; c = c->sibling)
		bus_create(core, c, dev);
}

int umod_of_platform_populate(struct umod_host *host)
{
	struct umod_of_tree *tree = umod_of_tree(host);
	struct umod_driver_core *core = umod_driver_core(host);

	if (!tree || !core)
		return -ENODEV;
	for (struct device_node *c = tree->root->child; c; c = c->sibling)
		bus_create(core, c, NULL);
	return 0;
}

/* the board's devices go, children before parents, newest first */
void umod_of_platform_depopulate(struct umod_host *host)
{
	struct umod_of_tree *tree = umod_of_tree(host);

	for (size_t i = tree ? tree->nr_nodes : 0; i-- > 0;) {
		struct device *dev = tree->nodes[i]->fwnode.dev;

		if (!dev)
			continue;
		tree->nodes[i]->fwnode.dev = NULL;
		umod_platform_device_del(umod_container_of(dev, struct platform_device, dev));
		umod_put_device(dev);
	}
}

/* ---- the exports ------------------------------------------------------------------- */

static struct platform_device *kapi_of_find_device_by_node(struct device_node *np)
{
	struct device *dev = np ? np->fwnode.dev : NULL;

	return dev ? umod_container_of(umod_get_device(dev), struct platform_device, dev) : NULL;
}

static const struct umod_kapi_export of_platform_exports[] = {
	UMOD_KAPI("of_find_device_by_node", kapi_of_find_device_by_node),
};

const struct umod_kapi_table umod_kapi_of_platform = UMOD_KAPI_TABLE(of_platform_exports);
