/* SPDX-License-Identifier: MIT */
/*
 * What drivers/base/regmap/'s files share (Linux's
 * drivers/base/regmap/internal.h): struct regmap, and the buses the host
 * itself provides (I2C, SPI), whose ops are host code.
 */
#ifndef _UMOD_DRIVERS_BASE_REGMAP_INTERNAL_H
#define _UMOD_DRIVERS_BASE_REGMAP_INTERNAL_H

#include <pthread.h>
#include <stddef.h>

#include <umod/kabi/regmap.h>

#include "kernel/module/module.h"

/* a bus of the host's: raw bytes, or whole registers (SMBus) */
struct umod_regmap_bus {
	int (*write)(void *ctx, const void *data, size_t count);
	int (*read)(void *ctx, const void *reg, size_t reg_size, void *val, size_t val_size);
	int (*reg_read)(void *ctx, unsigned int reg, unsigned int *val);
	int (*reg_write)(void *ctx, unsigned int reg, unsigned int val);
};

struct regmap {
	struct regmap_config cfg;		/* the driver's, copied */
	struct device *dev;
	struct umod_module *owner;		/* whose code the callbacks are */
	const struct umod_regmap_bus *hbus;	/* the host's bus, or NULL */
	const struct regmap_bus *bus;		/* a module's bus, or NULL */
	void *ctx;
	pthread_mutex_t lock;
	unsigned int reg_bytes, val_bytes;
	enum regmap_endian reg_endian, val_endian;
};

/* regmap.c: a map over the host's bus @hbus (@ctx: its context, freed with the map) */
struct regmap *umod_regmap_new(struct device *dev, const struct umod_regmap_bus *hbus,
			       void *ctx, const struct regmap_config *config, bool devm);

#endif /* _UMOD_DRIVERS_BASE_REGMAP_INTERNAL_H */
