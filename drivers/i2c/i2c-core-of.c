// SPDX-License-Identifier: MIT
/*
 * I2C and the device tree (Linux 6.1's drivers/i2c/i2c-core-of.c): an
 * adapter with a node gets a client for each available child, its type
 * the first compatible without the vendor ("atmel,24c02" -> "24c02"), its
 * address the reg. umod's boards also place chips' models below a
 * controller: a child with umod,model and no compatible is only the chip
 * (no client: one is made later, from new_device or a driver).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "drivers/base/base.h"
#include "drivers/i2c/i2c-core.h"
#include "drivers/of/of_private.h"
#include "kernel/printk/internal.h"

#define I2C_TEN_BIT_ADDRESS	(1u << 31)
#define I2C_OWN_SLAVE_ADDRESS	(1u << 30)

/* of_alias_from_compatible(): the first compatible, from after its comma */
static int alias_from_compatible(const struct device_node *np, char *type, size_t size)
{
	int len;
	const char *compat = umod_of_get_property(np, "compatible", &len);
	const char *p;

	if (!compat || len <= 0 || !memchr(compat, '\0', (size_t)len))
		return -ENODEV;
	p = strchr(compat, ',');
	snprintf(type, size, "%s", p ? p + 1 : compat);
	return 0;
}

static int board_info(struct i2c_adapter *adap, struct device_node *np,
		      struct i2c_board_info *info)
{
	char path[256];
	uint32_t addr;

	umod_of_node_path(np, path, sizeof(path));
	memset(info, 0, sizeof(*info));
	if (alias_from_compatible(np, info->type, sizeof(info->type)) < 0) {
		umod_dev_printk(KERN_ERR, &adap->dev, "of_i2c: modalias failure on %s\n", path);
		return -EINVAL;
	}
	if (umod_of_property_read_u32(np, "reg", 0, &addr)) {
		umod_dev_printk(KERN_ERR, &adap->dev, "of_i2c: invalid reg on %s\n", path);
		return -EINVAL;
	}
	if (addr & I2C_TEN_BIT_ADDRESS) {
		addr &= ~I2C_TEN_BIT_ADDRESS;
		info->flags |= I2C_CLIENT_TEN;
	}
	if (addr & I2C_OWN_SLAVE_ADDRESS) {
		addr &= ~I2C_OWN_SLAVE_ADDRESS;
		info->flags |= I2C_CLIENT_SLAVE;
	}
	info->addr = (unsigned short)addr;
	info->of_node = np;
	if (umod_of_find_property(np, "wakeup-source", NULL))
		info->flags |= I2C_CLIENT_WAKE;
	return 0;
}

void umod_of_i2c_register_devices(struct i2c_adapter *adap)
{
	struct device_node *bus = adap->dev.of_node;

	if (!bus)
		return;
	/* the clients may sit in an "i2c-bus" child */
	for (struct device_node *c = bus->child; c; c = c->sibling)
		if (!strcmp(c->full_name, "i2c-bus"))
			bus = c;
	for (struct device_node *np = bus->child; np; np = np->sibling) {
		struct i2c_board_info info;
		struct i2c_client *client;
		char path[256];

		if (!umod_of_device_is_available(np) ||
		    (umod_of_find_property(np, "umod,model", NULL) &&
		     !umod_of_find_property(np, "compatible", NULL)))
			continue;
		if (board_info(adap, np, &info))
			continue;
		client = umod_i2c_new_client_device(adap, &info);
		if ((uintptr_t)client >= (uintptr_t)-4095) {
			umod_of_node_path(np, path, sizeof(path));
			umod_dev_printk(KERN_ERR, &adap->dev, "of_i2c: Failure registering %s\n",
					path);
		}
	}
}

/* a client made from sysfs: "24c02" matches "atmel,24c02" (i2c_of_match_device_sysfs) */
static const struct of_device_id *match_sysfs(const struct of_device_id *m,
					      const struct i2c_client *client)
{
	for (; m->compatible[0] || m->name[0] || m->type[0]; m++) {
		const char *name;

		if (!strcasecmp(client->name, m->compatible))
			return m;
		name = strchr(m->compatible, ',');
		if (name && !strcasecmp(client->name, name + 1))
			return m;
	}
	return NULL;
}

const struct of_device_id *umod_i2c_of_match_device(const struct of_device_id *matches,
						    struct i2c_client *client)
{
	const struct of_device_id *m;

	if (!client || !matches)
		return NULL;
	m = client->dev.of_node ? umod_of_match_node(matches, client->dev.of_node) : NULL;
	return m ? m : match_sysfs(matches, client);
}
