// SPDX-License-Identifier: MIT
/*
 * Unified device properties (Linux 6.1's drivers/base/property.c): the
 * device_property_* and fwnode_property_* calls, answered from the
 * device's device-tree node (the only firmware node a board has here),
 * with 6.1's errnos: -EINVAL without the property, -ENODATA empty,
 * -EOVERFLOW too short; a NULL value array asks how many there are.
 */
#include <errno.h>
#include <string.h>

#include "drivers/of/of_private.h"
#include "kernel/kapi.h"

static struct device_node *to_node(const struct fwnode_handle *fwnode)
{
	return fwnode ? umod_container_of(fwnode, struct device_node, fwnode) : NULL;
}

static const struct device_node *dev_node(const struct device *dev)
{
	return dev->of_node ? dev->of_node : to_node(dev->fwnode);
}

static void store(void *val, size_t i, unsigned int size, uint64_t x)
{
	if (size == 1)
		((uint8_t *)val)[i] = (uint8_t)x;
	else if (size == 2)
		((uint16_t *)val)[i] = (uint16_t)x;
	else if (size == 4)
		((uint32_t *)val)[i] = (uint32_t)x;
	else
		((uint64_t *)val)[i] = x;
}

/* of_property_read_int_array()'s logic: @size-byte big-endian elements */
static int read_ints(const struct device_node *np, const char *name, unsigned int size,
		     void *val, size_t nval)
{
	int len;
	const unsigned char *v = umod_of_get_property(np, name, &len);

	if (!umod_of_find_property(np, name, NULL))
		return -EINVAL;
	if (!val)
		return len % size ? -EINVAL : len / (int)size;
	if (!v)
		return -ENODATA;
	if ((size_t)len < nval * size)
		return -EOVERFLOW;
	for (size_t i = 0; i < nval; i++) {
		uint64_t x = 0;

		for (unsigned int b = 0; b < size; b++)
			x = x << 8 | v[i * size + b];
		store(val, i, size, x);
	}
	return 0;
}

static int read_strings(const struct device_node *np, const char *name, const char **val,
			size_t nval)
{
	int len, n = 0;
	const char *v = umod_of_get_property(np, name, &len);

	if (!umod_of_find_property(np, name, NULL))
		return -EINVAL;
	if (!v || !len)
		return -ENODATA;
	if (v[len - 1])
		return -EILSEQ;
	for (const char *p = v; p < v + len; p += strlen(p) + 1, n++)
		if (val && (size_t)n < nval)
			val[n] = p;
	if (!val)
		return n;
	return n < (int)nval ? n : (int)nval;
}

/* ---- fwnode_* ------------------------------------------------------------------- */

static bool kapi_fwnode_property_present(const struct fwnode_handle *fwnode, const char *name)
{
	return umod_of_find_property(to_node(fwnode), name, NULL) != NULL;
}

#define FWNODE_INTS(bits, size)							\
static int kapi_fwnode_property_read_u##bits##_array(const struct fwnode_handle *f,	\
						    const char *name, void *val,	\
						    size_t nval)			\
{											\
	return read_ints(to_node(f), name, size, val, nval);				\
}											\
static int kapi_device_property_read_u##bits##_array(const struct device *dev,		\
						    const char *name, void *val,	\
						    size_t nval)			\
{											\
	return read_ints(dev_node(dev), name, size, val, nval);				\
}

FWNODE_INTS(8, 1)
FWNODE_INTS(16, 2)
FWNODE_INTS(32, 4)
FWNODE_INTS(64, 8)

static int kapi_fwnode_property_read_string_array(const struct fwnode_handle *f,
						  const char *name, const char **val,
						  size_t nval)
{
	return read_strings(to_node(f), name, val, nval);
}

static int kapi_fwnode_property_read_string(const struct fwnode_handle *f, const char *name,
					    const char **val)
{
	int n = read_strings(to_node(f), name, val, 1);

	return n < 0 ? n : 0;
}

static int kapi_fwnode_property_match_string(const struct fwnode_handle *f, const char *name,
					     const char *string)
{
	int len, i = 0;
	const char *v = umod_of_get_property(to_node(f), name, &len);

	if (!umod_of_find_property(to_node(f), name, NULL))
		return -EINVAL;
	for (const char *p = v; p && p < v + len; p += strlen(p) + 1, i++)
		if (!strcmp(p, string))
			return i;
	return -ENODATA;
}

/* ---- device_* ----------------------------------------------------------------------- */

static struct fwnode_handle *kapi_dev_fwnode(const struct device *dev)
{
	const struct device_node *np = dev_node(dev);

	return np ? (struct fwnode_handle *)&np->fwnode : NULL;
}

static bool kapi_device_property_present(const struct device *dev, const char *name)
{
	return umod_of_find_property(dev_node(dev), name, NULL) != NULL;
}

static int kapi_device_property_read_string_array(const struct device *dev, const char *name,
						  const char **val, size_t nval)
{
	return read_strings(dev_node(dev), name, val, nval);
}

static int kapi_device_property_read_string(const struct device *dev, const char *name,
					    const char **val)
{
	int n = read_strings(dev_node(dev), name, val, 1);

	return n < 0 ? n : 0;
}

static int kapi_device_property_match_string(const struct device *dev, const char *name,
					     const char *string)
{
	return kapi_fwnode_property_match_string(kapi_dev_fwnode(dev), name, string);
}

static const void *kapi_device_get_match_data(const struct device *dev)
{
	const struct of_device_id *match;

	if (!dev->driver || !dev->of_node)
		return NULL;
	match = umod_of_match_node(dev->driver->of_match_table, dev->of_node);
	return match ? match->data : NULL;
}

static unsigned int kapi_device_get_child_node_count(const struct device *dev)
{
	const struct device_node *np = dev_node(dev);
	unsigned int n = 0;

	for (struct device_node *c = np ? np->child : NULL; c; c = c->sibling)
		n += umod_of_device_is_available(c);
	return n;
}

static struct fwnode_handle *kapi_fwnode_get_next_child_node(const struct fwnode_handle *f,
							     struct fwnode_handle *child)
{
	struct device_node *c = child ? to_node(child)->sibling : to_node(f) ? to_node(f)->child
									     : NULL;

	return c ? &c->fwnode : NULL;
}

static struct fwnode_handle *kapi_device_get_next_child_node(const struct device *dev,
							     struct fwnode_handle *child)
{
	return kapi_fwnode_get_next_child_node(kapi_dev_fwnode(dev), child);
}

static struct fwnode_handle *kapi_fwnode_handle_get(struct fwnode_handle *f)
{
	return f;
}

static void kapi_fwnode_handle_put(struct fwnode_handle *f)
{
}

static const struct umod_kapi_export property_exports[] = {
	UMOD_KAPI_GPL("dev_fwnode", kapi_dev_fwnode),
	UMOD_KAPI_GPL("device_property_present", kapi_device_property_present),
	UMOD_KAPI_GPL("device_property_read_u8_array", kapi_device_property_read_u8_array),
	UMOD_KAPI_GPL("device_property_read_u16_array", kapi_device_property_read_u16_array),
	UMOD_KAPI_GPL("device_property_read_u32_array", kapi_device_property_read_u32_array),
	UMOD_KAPI_GPL("device_property_read_u64_array", kapi_device_property_read_u64_array),
	UMOD_KAPI_GPL("device_property_read_string_array", kapi_device_property_read_string_array),
	UMOD_KAPI_GPL("device_property_read_string", kapi_device_property_read_string),
	UMOD_KAPI_GPL("device_property_match_string", kapi_device_property_match_string),
	UMOD_KAPI_GPL("device_get_match_data", kapi_device_get_match_data),
	UMOD_KAPI_GPL("device_get_child_node_count", kapi_device_get_child_node_count),
	UMOD_KAPI_GPL("device_get_next_child_node", kapi_device_get_next_child_node),
	UMOD_KAPI_GPL("fwnode_property_present", kapi_fwnode_property_present),
	UMOD_KAPI_GPL("fwnode_property_read_u8_array", kapi_fwnode_property_read_u8_array),
	UMOD_KAPI_GPL("fwnode_property_read_u16_array", kapi_fwnode_property_read_u16_array),
	UMOD_KAPI_GPL("fwnode_property_read_u32_array", kapi_fwnode_property_read_u32_array),
	UMOD_KAPI_GPL("fwnode_property_read_u64_array", kapi_fwnode_property_read_u64_array),
	UMOD_KAPI_GPL("fwnode_property_read_string_array", kapi_fwnode_property_read_string_array),
	UMOD_KAPI_GPL("fwnode_property_read_string", kapi_fwnode_property_read_string),
	UMOD_KAPI_GPL("fwnode_property_match_string", kapi_fwnode_property_match_string),
	UMOD_KAPI_GPL("fwnode_get_next_child_node", kapi_fwnode_get_next_child_node),
	UMOD_KAPI_GPL("fwnode_handle_get", kapi_fwnode_handle_get),
	UMOD_KAPI_GPL("fwnode_handle_put", kapi_fwnode_handle_put),
};

const struct umod_kapi_table umod_kapi_property = UMOD_KAPI_TABLE(property_exports);
