/* SPDX-License-Identifier: MIT */
/*
 * Register maps (Linux 6.1's include/linux/regmap.h): a device's
 * registers read and written by number over I2C, SPI or a bus of the
 * driver's own, formatted as the configuration says (register and value
 * widths, endianness, flag masks), checked against its max_register,
 * access tables and callbacks. The configuration is shared with the host
 * (umod/kabi/regmap.h); struct regmap is the host's.
 */
#ifndef __LINUX_REGMAP_H
#define __LINUX_REGMAP_H

#include <linux/bug.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/rbtree.h>
#include <linux/stringify.h>
#include <umod/kabi/regmap.h>
/* what 6.1's brings in through headers umod does not ship */
#include <asm/io.h>
#include <linux/io.h>
#include <linux/vmalloc.h>

struct module;
struct device;
struct device_node;
struct i2c_client;
struct spi_device;

#define regmap_reg_range(low, high) { .range_min = low, .range_max = high, }

#define REGMAP_UPSHIFT(s)	(-(s))
#define REGMAP_DOWNSHIFT(s)	(s)

struct regmap *__regmap_init(struct device *dev, const struct regmap_bus *bus, void *bus_context,
			     const struct regmap_config *config, struct lock_class_key *lock_key,
			     const char *lock_name);
struct regmap *__regmap_init_i2c(struct i2c_client *i2c, const struct regmap_config *config,
				 struct lock_class_key *lock_key, const char *lock_name);
struct regmap *__regmap_init_spi(struct spi_device *dev, const struct regmap_config *config,
				 struct lock_class_key *lock_key, const char *lock_name);
struct regmap *__devm_regmap_init(struct device *dev, const struct regmap_bus *bus,
				  void *bus_context, const struct regmap_config *config,
				  struct lock_class_key *lock_key, const char *lock_name);
struct regmap *__devm_regmap_init_i2c(struct i2c_client *i2c,
				      const struct regmap_config *config,
				      struct lock_class_key *lock_key, const char *lock_name);
struct regmap *__devm_regmap_init_spi(struct spi_device *dev,
				      const struct regmap_config *config,
				      struct lock_class_key *lock_key, const char *lock_name);

/* no lockdep: the lock key and name are not made (6.1 without CONFIG_LOCKDEP) */
#define __regmap_lockdep_wrapper(fn, name, ...) fn(__VA_ARGS__, NULL, NULL)

#define regmap_init(dev, bus, bus_context, config) \
	__regmap_lockdep_wrapper(__regmap_init, #config, dev, bus, bus_context, config)
#define regmap_init_i2c(i2c, config) \
	__regmap_lockdep_wrapper(__regmap_init_i2c, #config, i2c, config)
#define regmap_init_spi(dev, config) \
	__regmap_lockdep_wrapper(__regmap_init_spi, #config, dev, config)
#define devm_regmap_init(dev, bus, bus_context, config) \
	__regmap_lockdep_wrapper(__devm_regmap_init, #config, dev, bus, bus_context, config)
#define devm_regmap_init_i2c(i2c, config) \
	__regmap_lockdep_wrapper(__devm_regmap_init_i2c, #config, i2c, config)
#define devm_regmap_init_spi(dev, config) \
	__regmap_lockdep_wrapper(__devm_regmap_init_spi, #config, dev, config)

void regmap_exit(struct regmap *map);
struct device *regmap_get_device(struct regmap *map);
int regmap_write(struct regmap *map, unsigned int reg, unsigned int val);
int regmap_read(struct regmap *map, unsigned int reg, unsigned int *val);
int regmap_raw_write(struct regmap *map, unsigned int reg, const void *val, size_t val_len);
int regmap_raw_read(struct regmap *map, unsigned int reg, void *val, size_t val_len);
int regmap_bulk_write(struct regmap *map, unsigned int reg, const void *val, size_t val_count);
int regmap_bulk_read(struct regmap *map, unsigned int reg, void *val, size_t val_count);
int regmap_multi_reg_write(struct regmap *map, const struct reg_sequence *regs,
			   int num_regs);
int regmap_update_bits_base(struct regmap *map, unsigned int reg, unsigned int mask,
			    unsigned int val, bool *change, bool async, bool force);
int regmap_test_bits(struct regmap *map, unsigned int reg, unsigned int bits);
int regmap_get_val_bytes(struct regmap *map);
int regmap_get_max_register(struct regmap *map);
int regmap_get_reg_stride(struct regmap *map);

static inline int regmap_update_bits(struct regmap *map, unsigned int reg, unsigned int mask,
				     unsigned int val)
{
	return regmap_update_bits_base(map, reg, mask, val, NULL, false, false);
}

static inline int regmap_update_bits_check(struct regmap *map, unsigned int reg,
					   unsigned int mask, unsigned int val, bool *change)
{
	return regmap_update_bits_base(map, reg, mask, val, change, false, false);
}

static inline int regmap_write_bits(struct regmap *map, unsigned int reg, unsigned int mask,
				    unsigned int val)
{
	return regmap_update_bits_base(map, reg, mask, val, NULL, false, true);
}

static inline int regmap_set_bits(struct regmap *map, unsigned int reg, unsigned int bits)
{
	return regmap_update_bits_base(map, reg, bits, bits, NULL, false, false);
}

static inline int regmap_clear_bits(struct regmap *map, unsigned int reg, unsigned int bits)
{
	return regmap_update_bits_base(map, reg, bits, 0, NULL, false, false);
}

/* the cache is not kept (every access reaches the device): these only answer */
int regcache_sync(struct regmap *map);
void regcache_cache_only(struct regmap *map, bool enable);
void regcache_cache_bypass(struct regmap *map, bool enable);
void regcache_mark_dirty(struct regmap *map);

#endif /* __LINUX_REGMAP_H */
