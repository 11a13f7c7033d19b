/* SPDX-License-Identifier: MIT */
/*
 * What drivers/of/'s files share (Linux's drivers/of/of_private.h): the
 * device tree of one host, unflattened from its board's blob (fdt.c),
 * searched by the of_* API (base.c), shown in /sys/firmware/devicetree
 * (kobj.c) and turned into platform devices (platform.c).
 */
#ifndef _UMOD_DRIVERS_OF_PRIVATE_H
#define _UMOD_DRIVERS_OF_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

#include <umod/kabi/device.h>
#include <umod/kabi/of.h>

#include "kernel/module/module.h"
#include "util/list.h"

/* the blob's header, big-endian (Linux's struct fdt_header) */
#define UMOD_FDT_MAGIC		0xd00dfeedu
#define UMOD_FDT_BEGIN_NODE	1u
#define UMOD_FDT_END_NODE	2u
#define UMOD_FDT_PROP		3u
#define UMOD_FDT_NOP		4u
#define UMOD_FDT_END		9u
/* deeper than any real tree: the parser's recursion stops there */
#define UMOD_FDT_MAX_DEPTH	64
/* a blob bigger than this is refused before anything is read */
#define UMOD_FDT_MAX_SIZE	(16u << 20)

/* one host's tree: every node and property in one owner, freed together */
struct umod_of_tree {
	struct device_node *root;
	struct device_node **nodes;	/* every node, in blob order (of_find_*) */
	size_t nr_nodes;
	void *blob;			/* a copy of the blob, what properties point into */
	size_t blob_len;
	struct umod_of_tree *next_blob;	/* overlays merged in: their blobs hold values */
};

/* ---- fdt.c ---------------------------------------------------------------- */

/*
 * The blob @fdt (@len bytes) unflattened into *@treep. Every offset and
 * length is checked against the blob before it is read:
 *   the header fits, its magic is FDT_MAGIC, totalsize <= @len
 *   the structure and strings blocks lie inside totalsize
 *   version >= 16 (tokens as dtc writes them), last_comp_version <= 17
 *   every token, name and value lies inside the structure block, names are
 *     NUL-terminated inside it, property names inside the strings block
 *   nodes nest at most UMOD_FDT_MAX_DEPTH deep and close before FDT_END
 * Returns 0, -EINVAL (logged through @report) or -ENOMEM.
 */
int umod_fdt_unflatten(const void *fdt, size_t len, struct umod_of_tree **treep,
		       void (*report)(void *data, const char *msg), void *data);
void umod_of_tree_free(struct umod_of_tree *tree);
/* is @tree an overlay (a /plugin/'s fragments with __overlay__ nodes)? */
bool umod_fdt_is_overlay(const struct umod_of_tree *tree);
/* merges the overlay's fragments (target-path only) into @base */
int umod_of_overlay_apply(struct umod_of_tree *base, struct umod_of_tree *overlay,
			  void (*report)(void *data, const char *msg), void *data);

/* of_node_set_flag(np, OF_POPULATED): no platform device is made for the node */
#define UMOD_OF_POPULATED	3

/* ---- base.c ------------------------------------------------------------------ */

/* the host's tree, or NULL when it has no board */
struct umod_of_tree *umod_of_tree(struct umod_host *host);
int umod_of_set_tree(struct umod_host *host, struct umod_of_tree *tree);
void umod_of_host_gone(struct umod_host *host);
/* the calling module's host's tree */
struct umod_of_tree *umod_of_caller_tree(void);
struct property *umod_of_find_property(const struct device_node *np, const char *name,
				       int *lenp);
const void *umod_of_get_property(const struct device_node *np, const char *name, int *lenp);
bool umod_of_device_is_available(const struct device_node *np);
int umod_of_device_is_compatible(const struct device_node *np, const char *compat);
int umod_of_property_read_u32(const struct device_node *np, const char *name,
			      unsigned int index, uint32_t *out);
struct device_node *umod_of_find_node_by_phandle(struct umod_of_tree *tree, unsigned int ph);
/* the #NAME-cells of @np's bus (its parent's), with Linux's defaults */
unsigned int umod_of_n_addr_cells(const struct device_node *np);
unsigned int umod_of_n_size_cells(const struct device_node *np);
/* of_parse_phandle_with_args(): 0, -ENOENT, -EINVAL */
int umod_of_parse_phandle_with_args(struct umod_of_tree *tree, const struct device_node *np,
				    const char *list_name, const char *cells_name, int index,
				    struct of_phandle_args *out);
/* of_match_node(): the best entry of @matches for @np, or NULL */
const struct of_device_id *umod_of_match_node(const struct of_device_id *matches,
					      const struct device_node *np);
/* "/soc/gpio@7e200000": the node's path (%pOF) */
void umod_of_node_path(const struct device_node *np, char *buf, size_t size);
/* of_alias_get_id(), of_alias_get_highest_id(): -ENODEV without one */
int umod_of_alias_get_id(struct umod_of_tree *tree, const struct device_node *np,
			 const char *stem);
int umod_of_alias_get_highest_id(struct umod_of_tree *tree, const char *stem);

/* ---- address.c: reg, ranges, resources ------------------------------------------ */

#define UMOD_OF_BAD_ADDR	(~0ull)
/* the CPU address of @np's reg entry @index, its size (UMOD_OF_BAD_ADDR if none) */
uint64_t umod_of_translate_reg(const struct device_node *np, int index, uint64_t *sizep);
/*
 * reg entry @index of a node on an ISA bus (device_type "isa": two address
 * cells, the first 1 for I/O space, 0 for memory): its port, its size;
 * UMOD_OF_BAD_ADDR if it is no I/O entry (of_translate_ioport()'s case)
 */
uint64_t umod_of_isa_ioport(const struct device_node *np, int index, uint64_t *sizep);

/* ---- irq.c ------------------------------------------------------------------------- */

/* of_irq_parse_one(): the @index'th interrupt's controller and cells */
int umod_of_irq_parse_one(struct umod_of_tree *tree, const struct device_node *np, int index,
			  struct of_phandle_args *out);
/* of_irq_get() in @host: the Linux IRQ, -EPROBE_DEFER (no domain yet), -EINVAL */
int umod_of_irq_get_host(struct umod_host *host, const struct device_node *np, int index);

/* base.c: of_node_put() for host code */
void umod_of_node_put(struct device_node *np);

/* ---- kobj.c: /sys/firmware/devicetree/base, /proc/device-tree -------------------- */

int umod_of_sysfs_add(struct umod_host *host, struct umod_of_tree *tree);
void umod_of_sysfs_remove(struct umod_host *host);

/* ---- platform.c: the board's devices ---------------------------------------------- */

/* of_platform_default_populate(): a platform device per available node */
int umod_of_platform_populate(struct umod_host *host);
void umod_of_platform_depopulate(struct umod_host *host);

/* ---- device.c ------------------------------------------------------------------------ */

#endif /* _UMOD_DRIVERS_OF_PRIVATE_H */
