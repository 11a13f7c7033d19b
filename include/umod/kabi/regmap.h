/* SPDX-License-Identifier: MIT */
/*
 * regmap's configuration as both sides see it (Linux 6.1's
 * include/linux/regmap.h): a driver fills a struct regmap_config, the
 * host's regmap (drivers/base/regmap/) reads it. struct regmap itself is
 * the host's, opaque to modules as in Linux.
 */
#ifndef _UMOD_KABI_REGMAP_H
#define _UMOD_KABI_REGMAP_H

struct device;
struct regmap;

enum regcache_type {
	REGCACHE_NONE,
	REGCACHE_RBTREE,
	REGCACHE_COMPRESSED,
	REGCACHE_FLAT,
};

struct reg_default {
	unsigned int reg;
	unsigned int def;
};

struct reg_sequence {
	unsigned int reg;
	unsigned int def;
	unsigned int delay_us;
};

enum regmap_endian {
	REGMAP_ENDIAN_DEFAULT = 0,
	REGMAP_ENDIAN_BIG,
	REGMAP_ENDIAN_LITTLE,
	REGMAP_ENDIAN_NATIVE,
};

struct regmap_range {
	unsigned int range_min;
	unsigned int range_max;
};

struct regmap_access_table {
	const struct regmap_range *yes_ranges;
	unsigned int n_yes_ranges;
	const struct regmap_range *no_ranges;
	unsigned int n_no_ranges;
};

typedef void (*regmap_lock)(void *);
typedef void (*regmap_unlock)(void *);

struct regmap_range_cfg;

struct regmap_config {
	const char *name;
	int reg_bits;
	int reg_stride;
	int reg_downshift;
	unsigned int reg_base;
	int pad_bits;
	int val_bits;
	_Bool (*writeable_reg)(struct device *dev, unsigned int reg);
	_Bool (*readable_reg)(struct device *dev, unsigned int reg);
	_Bool (*volatile_reg)(struct device *dev, unsigned int reg);
	_Bool (*precious_reg)(struct device *dev, unsigned int reg);
	_Bool (*writeable_noinc_reg)(struct device *dev, unsigned int reg);
	_Bool (*readable_noinc_reg)(struct device *dev, unsigned int reg);
	_Bool disable_locking;
	regmap_lock lock;
	regmap_unlock unlock;
	void *lock_arg;
	int (*reg_read)(void *context, unsigned int reg, unsigned int *val);
	int (*reg_write)(void *context, unsigned int reg, unsigned int val);
	int (*reg_update_bits)(void *context, unsigned int reg, unsigned int mask,
			       unsigned int val);
	int (*read)(void *context, const void *reg_buf, __SIZE_TYPE__ reg_size, void *val_buf,
		    __SIZE_TYPE__ val_size);
	int (*write)(void *context, const void *data, __SIZE_TYPE__ count);
	__SIZE_TYPE__ max_raw_read;
	__SIZE_TYPE__ max_raw_write;
	_Bool fast_io;
	_Bool io_port;
	unsigned int max_register;
	const struct regmap_access_table *wr_table;
	const struct regmap_access_table *rd_table;
	const struct regmap_access_table *volatile_table;
	const struct regmap_access_table *precious_table;
	const struct regmap_access_table *wr_noinc_table;
	const struct regmap_access_table *rd_noinc_table;
	const struct reg_default *reg_defaults;
	unsigned int num_reg_defaults;
	enum regcache_type cache_type;
	const void *reg_defaults_raw;
	unsigned int num_reg_defaults_raw;
	unsigned long read_flag_mask;
	unsigned long write_flag_mask;
	_Bool zero_flag_mask;
	_Bool use_single_read;
	_Bool use_single_write;
	_Bool use_relaxed_mmio;
	_Bool can_multi_write;
	enum regmap_endian reg_format_endian;
	enum regmap_endian val_format_endian;
	const struct regmap_range_cfg *ranges;
	unsigned int num_ranges;
	_Bool use_hwlock;
	_Bool use_raw_spinlock;
	unsigned int hwlock_id;
	unsigned int hwlock_mode;
	_Bool can_sleep;
};

/* a bus of a module's own (__regmap_init() with a bus): raw reads and writes */
struct regmap_bus {
	_Bool fast_io;
	int (*write)(void *context, const void *data, __SIZE_TYPE__ count);
	int (*gather_write)(void *context, const void *reg, __SIZE_TYPE__ reg_len,
			    const void *val, __SIZE_TYPE__ val_len);
	void *async_write;
	int (*reg_write)(void *context, unsigned int reg, unsigned int val);
	int (*reg_update_bits)(void *context, unsigned int reg, unsigned int mask,
			       unsigned int val);
	int (*read)(void *context, const void *reg_buf, __SIZE_TYPE__ reg_size, void *val_buf,
		    __SIZE_TYPE__ val_size);
	int (*reg_read)(void *context, unsigned int reg, unsigned int *val);
	void (*free_context)(void *context);
	void *async_alloc;
	unsigned char read_flag_mask;
	enum regmap_endian reg_format_endian_default;
	enum regmap_endian val_format_endian_default;
	__SIZE_TYPE__ max_raw_read;
	__SIZE_TYPE__ max_raw_write;
	_Bool free_on_exit;
};

#endif /* _UMOD_KABI_REGMAP_H */
