// SPDX-License-Identifier: MIT
/*
 * regmap over SPI (Linux 6.1's drivers/base/regmap/regmap-spi.c): a
 * write is one transfer of the register and the values; a read writes
 * the register (with read_flag_mask, 0x80 unless the configuration sets
 * its own) and reads the values, with spi_write_then_read().
 */
#include <errno.h>
#include <stdlib.h>

#include "drivers/base/regmap/internal.h"
#include "drivers/spi/spi.h"
#include "kernel/kapi.h"

static int spi_write_raw(void *ctx, const void *data, size_t count)
{
	return umod_spi_write_then_read(*(struct spi_device **)ctx, data, (unsigned int)count,
					NULL, 0);
}

static int spi_read_raw(void *ctx, const void *reg, size_t reg_size, void *val,
			size_t val_size)
{
	return umod_spi_write_then_read(*(struct spi_device **)ctx, reg, (unsigned int)reg_size,
					val, (unsigned int)val_size);
}

static const struct umod_regmap_bus spi_bus = { .write = spi_write_raw, .read = spi_read_raw };

static struct regmap *init_spi(struct spi_device *spi, const struct regmap_config *config,
			       bool devm)
{
	struct spi_device **ctx;
	struct regmap_config cfg;

	if (!spi || !config)
		return (struct regmap *)(intptr_t)-EINVAL;
	ctx = malloc(sizeof(*ctx));
	if (!ctx)
		return (struct regmap *)(intptr_t)-ENOMEM;
	*ctx = spi;
	cfg = *config;
	if (!cfg.read_flag_mask && !cfg.zero_flag_mask)
		cfg.read_flag_mask = 0x80;
	return umod_regmap_new(&spi->dev, &spi_bus, ctx, &cfg, devm);
}

static struct regmap *kapi___regmap_init_spi(struct spi_device *spi,
					     const struct regmap_config *config,
					     void *lock_key, const char *lock_name)
{
	return init_spi(spi, config, false);
}

static struct regmap *kapi___devm_regmap_init_spi(struct spi_device *spi,
						  const struct regmap_config *config,
						  void *lock_key, const char *lock_name)
{
	return init_spi(spi, config, true);
}

static const struct umod_kapi_export regmap_spi_exports[] = {
	UMOD_KAPI_GPL("__regmap_init_spi", kapi___regmap_init_spi),
	UMOD_KAPI_GPL("__devm_regmap_init_spi", kapi___devm_regmap_init_spi),
};

const struct umod_kapi_table umod_kapi_regmap_spi = UMOD_KAPI_TABLE(regmap_spi_exports);
