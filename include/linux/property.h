/* SPDX-License-Identifier: MIT */
/*
 * Unified device properties (Linux 6.1's include/linux/property.h): a
 * driver reads its device's properties without knowing where they come
 * from; here they come from its device-tree node.
 */
#ifndef _LINUX_PROPERTY_H
#define _LINUX_PROPERTY_H

#include <linux/bits.h>
#include <linux/types.h>
#include <umod/kabi/of.h>
#include <linux/list.h>	/* 6.1: through linux/fwnode.h */
#include <linux/bitops.h>
#include <linux/err.h>

struct device;

struct fwnode_handle *dev_fwnode(const struct device *dev);

bool device_property_present(const struct device *dev, const char *propname);
int device_property_read_u8_array(const struct device *dev, const char *propname,
				  u8 *val, size_t nval);
int device_property_read_u16_array(const struct device *dev, const char *propname,
				   u16 *val, size_t nval);
int device_property_read_u32_array(const struct device *dev, const char *propname,
				   u32 *val, size_t nval);
int device_property_read_u64_array(const struct device *dev, const char *propname,
				   u64 *val, size_t nval);
int device_property_read_string_array(const struct device *dev, const char *propname,
				      const char **val, size_t nval);
int device_property_read_string(const struct device *dev, const char *propname,
				const char **val);
int device_property_match_string(const struct device *dev, const char *propname,
				 const char *string);

bool fwnode_property_present(const struct fwnode_handle *fwnode, const char *propname);
int fwnode_property_read_u8_array(const struct fwnode_handle *fwnode, const char *propname,
				  u8 *val, size_t nval);
int fwnode_property_read_u16_array(const struct fwnode_handle *fwnode, const char *propname,
				   u16 *val, size_t nval);
int fwnode_property_read_u32_array(const struct fwnode_handle *fwnode, const char *propname,
				   u32 *val, size_t nval);
int fwnode_property_read_u64_array(const struct fwnode_handle *fwnode, const char *propname,
				   u64 *val, size_t nval);
int fwnode_property_read_string_array(const struct fwnode_handle *fwnode,
				      const char *propname, const char **val, size_t nval);
int fwnode_property_read_string(const struct fwnode_handle *fwnode, const char *propname,
				const char **val);
int fwnode_property_match_string(const struct fwnode_handle *fwnode, const char *propname,
				 const char *string);

struct fwnode_handle *fwnode_get_next_child_node(const struct fwnode_handle *fwnode,
						 struct fwnode_handle *child);
struct fwnode_handle *device_get_next_child_node(const struct device *dev,
						 struct fwnode_handle *child);
struct fwnode_handle *fwnode_handle_get(struct fwnode_handle *fwnode);
void fwnode_handle_put(struct fwnode_handle *fwnode);
unsigned int device_get_child_node_count(const struct device *dev);
const void *device_get_match_data(const struct device *dev);

#define fwnode_for_each_child_node(fwnode, child)			\
	for (child = fwnode_get_next_child_node(fwnode, NULL); child;	\
	     child = fwnode_get_next_child_node(fwnode, child))

#define device_for_each_child_node(dev, child)				\
	for (child = device_get_next_child_node(dev, NULL); child;	\
	     child = device_get_next_child_node(dev, child))

static inline bool device_property_read_bool(const struct device *dev, const char *propname)
{
	return device_property_present(dev, propname);
}

static inline int device_property_read_u8(const struct device *dev, const char *propname,
					  u8 *val)
{
	return device_property_read_u8_array(dev, propname, val, 1);
}

static inline int device_property_read_u16(const struct device *dev, const char *propname,
					   u16 *val)
{
	return device_property_read_u16_array(dev, propname, val, 1);
}

static inline int device_property_read_u32(const struct device *dev, const char *propname,
					   u32 *val)
{
	return device_property_read_u32_array(dev, propname, val, 1);
}

static inline int device_property_read_u64(const struct device *dev, const char *propname,
					   u64 *val)
{
	return device_property_read_u64_array(dev, propname, val, 1);
}

static inline int device_property_count_u32(const struct device *dev, const char *propname)
{
	return device_property_read_u32_array(dev, propname, NULL, 0);
}

static inline int device_property_string_array_count(const struct device *dev,
						     const char *propname)
{
	return device_property_read_string_array(dev, propname, NULL, 0);
}

static inline bool fwnode_property_read_bool(const struct fwnode_handle *fwnode,
					     const char *propname)
{
	return fwnode_property_present(fwnode, propname);
}

static inline int fwnode_property_read_u32(const struct fwnode_handle *fwnode,
					   const char *propname, u32 *val)
{
	return fwnode_property_read_u32_array(fwnode, propname, val, 1);
}

#endif /* _LINUX_PROPERTY_H */
