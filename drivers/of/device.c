// SPDX-License-Identifier: MIT
/*
 * What the driver core asks of a device's node (Linux 6.1's
 * drivers/of/device.c): matching against a driver's of_match_table, the
 * match's data, the modalias ("of:NnameT(null)Ccompatible...", spaces
 * made underscores) and the uevent's OF_* variables. A device without a
 * node has none of them.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/of/of_private.h"
#include "kernel/kapi.h"
#include "lib/kobject_uevent.h"

static const char *const_type(const struct device_node *np)
{
	const char *t = umod_of_get_property(np, "device_type", NULL);

	return t ? t : "(null)";	/* what 6.1's vsnprintf prints for a NULL %s */
}

static void put(char *buf, size_t size, size_t *len, const char *s)
{
	size_t n = strlen(s);

	if (*len < size)
		snprintf(buf + *len, size - *len, "%s", s);
	*len += n;
}

long umod_of_device_modalias(struct device *dev, char *buf, size_t size)
{
	const struct device_node *np = dev->of_node;
	struct property *pp;
	char head[128];
	size_t len = 0;

	if (!np || dev->of_node_reused)
		return -ENODEV;
	snprintf(head, sizeof(head), "of:N%sT%s", np->name, const_type(np));
	put(buf, size, &len, head);
	pp = umod_of_find_property(np, "compatible", NULL);
	for (const char *c = pp ? pp->value : NULL; c && c < (char *)pp->value + pp->length;
	     c += strlen(c) + 1) {
		size_t at = len;

		put(buf, size, &len, "C");
		put(buf, size, &len, c);
		for (size_t i = at; i < len && i < size; i++)
			if (buf[i] == ' ')
				buf[i] = '_';
	}
	if (size)
		buf[len < size ? len : size - 1] = '\0';
	return (long)len;
}

/* of_device_uevent(): the node's name and path, its type, each compatible */
void umod_of_device_uevent(struct device *dev, struct kobj_uevent_env *env)
{
	const struct device_node *np = dev->of_node;
	struct property *pp;
	char path[256];
	int n = 0;

	if (!np)
		return;
	umod_of_node_path(np, path, sizeof(path));
	umod_add_uevent_var(env, "OF_NAME=%s", np->name);
	umod_add_uevent_var(env, "OF_FULLNAME=%s", path);
	if (umod_of_get_property(np, "device_type", NULL))
		umod_add_uevent_var(env, "OF_TYPE=%s", const_type(np));
	pp = umod_of_find_property(np, "compatible", NULL);
	for (const char *c = pp ? pp->value : NULL; c && c < (char *)pp->value + pp->length;
	     c += strlen(c) + 1)
		umod_add_uevent_var(env, "OF_COMPATIBLE_%d=%s", n++, c);
	umod_add_uevent_var(env, "OF_COMPATIBLE_N=%d", n);
}

bool umod_of_driver_match_device(struct device *dev, const struct device_driver *drv)
{
	return dev->of_node && drv->of_match_table &&
	       umod_of_match_node(drv->of_match_table, dev->of_node);
}

/* ---- the exports ------------------------------------------------------------------- */

static const struct of_device_id *kapi_of_match_device(const struct of_device_id *matches,
							const struct device *dev)
{
	return dev && matches ? umod_of_match_node(matches, dev->of_node) : NULL;
}

static const void *kapi_of_device_get_match_data(const struct device *dev)
{
	const struct of_device_id *match;

	if (!dev->driver)
		return NULL;
	match = kapi_of_match_device(dev->driver->of_match_table, dev);
	return match ? match->data : NULL;
}

static long kapi_of_device_modalias(struct device *dev, char *str, long len)
{
	long n = umod_of_device_modalias(dev, str, len > 0 ? (size_t)len : 0);

	if (n < 0 || n + 1 >= len)
		return n < 0 ? n : -ENOMEM;
	str[n++] = '\n';
	str[n] = '\0';
	return n;
}

static int kapi_of_device_uevent_modalias(struct device *dev, struct kobj_uevent_env *env)
{
	char buf[UEVENT_BUFFER_SIZE];

	if (umod_of_device_modalias(dev, buf, sizeof(buf)) < 0)
		return -ENODEV;
	return umod_add_uevent_var(env, "MODALIAS=%s", buf);
}

static const struct umod_kapi_export of_device_exports[] = {
	UMOD_KAPI("of_match_device", kapi_of_match_device),
	UMOD_KAPI("of_device_get_match_data", kapi_of_device_get_match_data),
	UMOD_KAPI_GPL("of_device_modalias", kapi_of_device_modalias),
	UMOD_KAPI_GPL("of_device_uevent_modalias", kapi_of_device_uevent_modalias),
};

const struct umod_kapi_table umod_kapi_of_device = UMOD_KAPI_TABLE(of_device_exports);
