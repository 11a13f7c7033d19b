/* SPDX-License-Identifier: MIT */
/*
 * The device tree (Linux 6.1's include/linux/of.h): the board's nodes and
 * properties, found by path, name, compatible and phandle, their values
 * read as big-endian cells and strings with 6.1's errnos (-EINVAL: no such
 * property, -ENODATA: no value, -EOVERFLOW: too short). The structures
 * are shared with the host (umod/kabi/of.h); a node lives as long as its
 * board, of_node_put() never frees it.
 */
#ifndef _LINUX_OF_H
#define _LINUX_OF_H

#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/kobject.h>
#include <linux/list.h>
#include <linux/mod_devicetable.h>
#include <linux/property.h>
#include <linux/string.h>
#include <linux/types.h>
#include <umod/kabi/of.h>
#include <linux/spinlock.h>
#include <asm/byteorder.h>
#include <asm/errno.h>

typedef u32 phandle;
typedef u32 ihandle;

#define OF_BAD_ADDR	((u64)-1)

struct device_node *of_node_get(struct device_node *node);
void of_node_put(struct device_node *node);

static inline struct fwnode_handle *of_node_to_fwnode(struct device_node *node)
{
	return node ? &node->fwnode : NULL;
}

#define of_fwnode_handle(node) of_node_to_fwnode(node)

static inline bool is_of_node(const struct fwnode_handle *fwnode)
{
	return fwnode != NULL;
}

#define to_of_node(__fwnode)						\
	({								\
		typeof(__fwnode) __to_of_node_fwnode = (__fwnode);	\
									\
		__to_of_node_fwnode ?					\
			container_of(__to_of_node_fwnode,		\
				     struct device_node, fwnode) :	\
			NULL;						\
	})

static inline const char *of_node_full_name(const struct device_node *np)
{
	return np ? np->full_name : "<no-node>";
}

static inline bool of_node_is_root(const struct device_node *node)
{
	return node && node->parent == NULL;
}

struct device_node *of_find_node_by_name(struct device_node *from, const char *name);
struct device_node *of_find_node_by_type(struct device_node *from, const char *type);
struct device_node *of_find_compatible_node(struct device_node *from, const char *type,
					    const char *compat);
struct device_node *of_find_matching_node_and_match(struct device_node *from,
						    const struct of_device_id *matches,
						    const struct of_device_id **match);
struct device_node *of_find_node_opts_by_path(const char *path, const char **opts);
static inline struct device_node *of_find_node_by_path(const char *path)
{
	return of_find_node_opts_by_path(path, NULL);
}
struct device_node *of_find_node_by_phandle(phandle handle);
struct device_node *of_get_parent(const struct device_node *node);
struct device_node *of_get_next_parent(struct device_node *node);
struct device_node *of_get_next_child(const struct device_node *node,
				      struct device_node *prev);
struct device_node *of_get_next_available_child(const struct device_node *node,
						struct device_node *prev);
struct device_node *of_get_compatible_child(const struct device_node *parent,
					    const char *compatible);
struct device_node *of_get_child_by_name(const struct device_node *node, const char *name);
bool of_node_name_eq(const struct device_node *np, const char *name);
bool of_node_name_prefix(const struct device_node *np, const char *prefix);

static inline struct device_node *of_find_matching_node(struct device_node *from,
							const struct of_device_id *matches)
{
	return of_find_matching_node_and_match(from, matches, NULL);
}

struct property *of_find_property(const struct device_node *np, const char *name, int *lenp);
const void *of_get_property(const struct device_node *node, const char *name, int *lenp);
int of_property_count_elems_of_size(const struct device_node *np, const char *propname,
				    int elem_size);
int of_property_read_u32_index(const struct device_node *np, const char *propname, u32 index,
			       u32 *out_value);
int of_property_read_u64(const struct device_node *np, const char *propname, u64 *out_value);
int of_property_read_variable_u8_array(const struct device_node *np, const char *propname,
				       u8 *out_values, size_t sz_min, size_t sz_max);
int of_property_read_variable_u16_array(const struct device_node *np, const char *propname,
					u16 *out_values, size_t sz_min, size_t sz_max);
int of_property_read_variable_u32_array(const struct device_node *np, const char *propname,
					u32 *out_values, size_t sz_min, size_t sz_max);
int of_property_read_variable_u64_array(const struct device_node *np, const char *propname,
					u64 *out_values, size_t sz_min, size_t sz_max);
int of_property_read_string(const struct device_node *np, const char *propname,
			    const char **out_string);
int of_property_match_string(const struct device_node *np, const char *propname,
			     const char *string);
int of_property_read_string_helper(const struct device_node *np, const char *propname,
				   const char **out_strs, size_t sz, int index);
int of_device_is_compatible(const struct device_node *device, const char *compat);
bool of_device_is_available(const struct device_node *device);
bool of_machine_is_compatible(const char *compat);
const struct of_device_id *of_match_node(const struct of_device_id *matches,
					 const struct device_node *node);
int of_n_addr_cells(struct device_node *np);
int of_n_size_cells(struct device_node *np);
int of_alias_get_id(struct device_node *np, const char *stem);
int of_alias_get_highest_id(const char *stem);
int __of_parse_phandle_with_args(const struct device_node *np, const char *list_name,
				 const char *cells_name, int cell_count, int index,
				 struct of_phandle_args *out_args);
int of_count_phandle_with_args(const struct device_node *np, const char *list_name,
			       const char *cells_name);

static inline int of_property_read_u8_array(const struct device_node *np,
					    const char *propname, u8 *out_values, size_t sz)
{
	int ret = of_property_read_variable_u8_array(np, propname, out_values, sz, 0);

	return ret >= 0 ? 0 : ret;
}

static inline int of_property_read_u16_array(const struct device_node *np,
					     const char *propname, u16 *out_values, size_t sz)
{
	int ret = of_property_read_variable_u16_array(np, propname, out_values, sz, 0);

	return ret >= 0 ? 0 : ret;
}

static inline int of_property_read_u32_array(const struct device_node *np,
					     const char *propname, u32 *out_values, size_t sz)
{
	int ret = of_property_read_variable_u32_array(np, propname, out_values, sz, 0);

	return ret >= 0 ? 0 : ret;
}

static inline int of_property_read_u64_array(const struct device_node *np,
					     const char *propname, u64 *out_values, size_t sz)
{
	int ret = of_property_read_variable_u64_array(np, propname, out_values, sz, 0);

	return ret >= 0 ? 0 : ret;
}

static inline int of_property_read_u8(const struct device_node *np, const char *propname,
				      u8 *out_value)
{
	return of_property_read_u8_array(np, propname, out_value, 1);
}

static inline int of_property_read_u16(const struct device_node *np, const char *propname,
				       u16 *out_value)
{
	return of_property_read_u16_array(np, propname, out_value, 1);
}

static inline int of_property_read_u32(const struct device_node *np, const char *propname,
				       u32 *out_value)
{
	return of_property_read_u32_array(np, propname, out_value, 1);
}

static inline int of_property_read_s32(const struct device_node *np, const char *propname,
				       s32 *out_value)
{
	return of_property_read_u32(np, propname, (u32 *)out_value);
}

static inline bool of_property_read_bool(const struct device_node *np, const char *propname)
{
	return of_find_property(np, propname, NULL) ? true : false;
}

static inline int of_property_count_u8_elems(const struct device_node *np, const char *propname)
{
	return of_property_count_elems_of_size(np, propname, sizeof(u8));
}

static inline int of_property_count_u16_elems(const struct device_node *np,
					      const char *propname)
{
	return of_property_count_elems_of_size(np, propname, sizeof(u16));
}

static inline int of_property_count_u32_elems(const struct device_node *np,
					      const char *propname)
{
	return of_property_count_elems_of_size(np, propname, sizeof(u32));
}

static inline int of_property_count_u64_elems(const struct device_node *np,
					      const char *propname)
{
	return of_property_count_elems_of_size(np, propname, sizeof(u64));
}

static inline int of_property_read_string_array(const struct device_node *np,
						const char *propname, const char **out_strs,
						size_t sz)
{
	return of_property_read_string_helper(np, propname, out_strs, sz, 0);
}

static inline int of_property_count_strings(const struct device_node *np,
					    const char *propname)
{
	return of_property_read_string_helper(np, propname, NULL, 0, 0);
}

static inline int of_property_read_string_index(const struct device_node *np,
						const char *propname, int index,
						const char **output)
{
	int rc = of_property_read_string_helper(np, propname, output, 1, index);

	return rc < 0 ? rc : 0;
}

static inline struct device_node *of_parse_phandle(const struct device_node *np,
						   const char *phandle_name, int index)
{
	struct of_phandle_args args;

	if (__of_parse_phandle_with_args(np, phandle_name, NULL, 0, index, &args))
		return NULL;
	return args.np;
}

static inline int of_parse_phandle_with_args(const struct device_node *np,
					     const char *list_name, const char *cells_name,
					     int index, struct of_phandle_args *out_args)
{
	int cell_count = -1;

	/* If cells_name is NULL we assume a cell count of 0 */
	if (!cells_name)
		cell_count = 0;
	return __of_parse_phandle_with_args(np, list_name, cells_name, cell_count, index,
					    out_args);
}

static inline int of_parse_phandle_with_fixed_args(const struct device_node *np,
						   const char *list_name, int cell_count,
						   int index, struct of_phandle_args *out_args)
{
	return __of_parse_phandle_with_args(np, list_name, NULL, cell_count, index, out_args);
}

/* the next string of a string-list property after @cur (NULL: the first) */
static inline const char *of_prop_next_string(struct property *prop, const char *cur)
{
	const void *curv = cur;

	if (!prop)
		return NULL;
	if (!cur)
		return prop->value;
	curv += strlen(cur) + 1;
	if (curv >= prop->value + prop->length)
		return NULL;
	return curv;
}

#define of_property_for_each_string(np, propname, prop, s)	\
	for (prop = of_find_property(np, propname, NULL),	\
		s = of_prop_next_string(prop, NULL);		\
		s;						\
		s = of_prop_next_string(prop, s))

#define for_each_node_by_name(dn, name) \
	for (dn = of_find_node_by_name(NULL, name); dn; dn = of_find_node_by_name(dn, name))
#define for_each_node_by_type(dn, type) \
	for (dn = of_find_node_by_type(NULL, type); dn; dn = of_find_node_by_type(dn, type))
#define for_each_compatible_node(dn, type, compatible) \
	for (dn = of_find_compatible_node(NULL, type, compatible); dn; \
	     dn = of_find_compatible_node(dn, type, compatible))
#define for_each_matching_node(dn, matches) \
	for (dn = of_find_matching_node(NULL, matches); dn; \
	     dn = of_find_matching_node(dn, matches))
#define for_each_matching_node_and_match(dn, matches, match) \
	for (dn = of_find_matching_node_and_match(NULL, matches, match); \
	     dn; dn = of_find_matching_node_and_match(dn, matches, match))
#define for_each_child_of_node(parent, child) \
	for (child = of_get_next_child(parent, NULL); child != NULL; \
	     child = of_get_next_child(parent, child))
#define for_each_available_child_of_node(parent, child) \
	for (child = of_get_next_available_child(parent, NULL); child != NULL; \
	     child = of_get_next_available_child(parent, child))

static inline int of_get_child_count(const struct device_node *np)
{
	struct device_node *child;
	int num = 0;

	for_each_child_of_node(np, child)
		num++;
	return num;
}

static inline int of_get_available_child_count(const struct device_node *np)
{
	struct device_node *child;
	int num = 0;

	for_each_available_child_of_node(np, child)
		num++;
	return num;
}

#endif /* _LINUX_OF_H */
