// SPDX-License-Identifier: MIT
/*
 * regmap over I2C (Linux 6.1's drivers/base/regmap/regmap-i2c.c): an
 * adapter that does plain I2C gets raw transfers (the register's bytes
 * written, then a repeated START to read the values); one that only does
 * SMBus gets whole registers through SMBus word (swapped for a big-endian
 * map) or byte data, when the widths fit; else -ENOTSUPP.
 */
#include <errno.h>
#include <stdlib.h>

#include "drivers/base/regmap/internal.h"
#include "drivers/i2c/i2c-core.h"
#include "kernel/kapi.h"

#define ENOTSUPP_	524

struct i2c_ctx {
	struct i2c_client *client;
	bool swapped;			/* SMBus words on a big-endian map */
};

static int xfer_result(int ret, int want)
{
	if (ret == want)
		return 0;
	return ret < 0 ? ret : -EIO;
}

static int i2c_write(void *ctx, const void *data, size_t count)
{
	struct i2c_client *c = ((struct i2c_ctx *)ctx)->client;
	struct i2c_msg msg = { c->addr, (unsigned short)(c->flags & I2C_M_TEN),
			       (unsigned short)count, (unsigned char *)data };

	return xfer_result(umod_i2c_transfer_locked(c->adapter, &msg, 1), 1);
}

static int i2c_read(void *ctx, const void *reg, size_t reg_size, void *val, size_t val_size)
{
	struct i2c_client *c = ((struct i2c_ctx *)ctx)->client;
	unsigned short ten = (unsigned short)(c->flags & I2C_M_TEN);
	struct i2c_msg msg[2] = {
		{ c->addr, ten, (unsigned short)reg_size, (unsigned char *)reg },
		{ c->addr, (unsigned short)(ten | I2C_M_RD), (unsigned short)val_size, val },
	};

	return xfer_result(umod_i2c_transfer_locked(c->adapter, msg, 2), 2);
}

static int smbus(struct i2c_ctx *x, char rw, unsigned int reg, int size,
		 union i2c_smbus_data *d)
{
	struct i2c_client *c = x->client;

	if (reg > 0xff)
		return -EINVAL;
	return umod_i2c_smbus_xfer(c->adapter, c->addr, c->flags, rw, (unsigned char)reg, size, d);
}

static int word_read(void *ctx, unsigned int reg, unsigned int *val)
{
	struct i2c_ctx *x = ctx;
	union i2c_smbus_data d;
	int ret = smbus(x, I2C_SMBUS_READ, reg, I2C_SMBUS_WORD_DATA, &d);

	if (!ret)
		*val = x->swapped ? (unsigned int)__builtin_bswap16(d.word) : d.word;
	return ret;
}

static int word_write(void *ctx, unsigned int reg, unsigned int val)
{
	struct i2c_ctx *x = ctx;
	union i2c_smbus_data d = { .word = (unsigned short)val };

	if (x->swapped)
		d.word = __builtin_bswap16(d.word);
	return smbus(x, I2C_SMBUS_WRITE, reg, I2C_SMBUS_WORD_DATA, &d);
}

static int byte_read(void *ctx, unsigned int reg, unsigned int *val)
{
	union i2c_smbus_data d;
	int ret = smbus(ctx, I2C_SMBUS_READ, reg, I2C_SMBUS_BYTE_DATA, &d);

	if (!ret)
		*val = d.byte;
	return ret;
}

static int byte_write(void *ctx, unsigned int reg, unsigned int val)
{
	union i2c_smbus_data d = { .byte = (unsigned char)val };

	return smbus(ctx, I2C_SMBUS_WRITE, reg, I2C_SMBUS_BYTE_DATA, &d);
}

static const struct umod_regmap_bus raw_bus = { .write = i2c_write, .read = i2c_read };
static const struct umod_regmap_bus word_bus = { .reg_read = word_read, .reg_write = word_write };
static const struct umod_regmap_bus byte_bus = { .reg_read = byte_read, .reg_write = byte_write };

/* regmap_get_i2c_bus() */
static const struct umod_regmap_bus *pick(struct i2c_client *client,
					  const struct regmap_config *config, bool *swapped)
{
	unsigned int func = umod_i2c_functionality(client->adapter);

	*swapped = false;
	if (func & I2C_FUNC_I2C)
		return &raw_bus;
	if (config->val_bits == 16 && config->reg_bits == 8 && (func & I2C_FUNC_SMBUS_WORD_DATA)) {
		*swapped = config->val_format_endian == REGMAP_ENDIAN_BIG;
		return &word_bus;
	}
	if (config->val_bits == 8 && config->reg_bits == 8 && (func & I2C_FUNC_SMBUS_BYTE_DATA))
		return &byte_bus;
	return NULL;
}

static struct regmap *init_i2c(struct i2c_client *client, const struct regmap_config *config,
			       bool devm)
{
	const struct umod_regmap_bus *bus;
	struct i2c_ctx *ctx;
	bool swapped;

	if (!client || !config)
		return (struct regmap *)(intptr_t)-EINVAL;
	bus = pick(client, config, &swapped);
	if (!bus)
		return (struct regmap *)(intptr_t)-ENOTSUPP_;
	ctx = calloc(1, sizeof(*ctx));
	if (!ctx)
		return (struct regmap *)(intptr_t)-ENOMEM;
	ctx->client = client;
	ctx->swapped = swapped;
	return umod_regmap_new(&client->dev, bus, ctx, config, devm);
}

static struct regmap *kapi___regmap_init_i2c(struct i2c_client *client,
					     const struct regmap_config *config,
					     void *lock_key, const char *lock_name)
{
	return init_i2c(client, config, false);
}

static struct regmap *kapi___devm_regmap_init_i2c(struct i2c_client *client,
						  const struct regmap_config *config,
						  void *lock_key, const char *lock_name)
{
	return init_i2c(client, config, true);
}

static const struct umod_kapi_export regmap_i2c_exports[] = {
	UMOD_KAPI_GPL("__regmap_init_i2c", kapi___regmap_init_i2c),
	UMOD_KAPI_GPL("__devm_regmap_init_i2c", kapi___devm_regmap_init_i2c),
};

const struct umod_kapi_table umod_kapi_regmap_i2c = UMOD_KAPI_TABLE(regmap_i2c_exports);
