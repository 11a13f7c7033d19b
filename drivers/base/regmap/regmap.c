// SPDX-License-Identifier: MIT
/*
 * Register maps (Linux 6.1's drivers/base/regmap/regmap.c): a register
 * number and value formatted as the configuration says (the register's
 * bytes big-endian by default, with read_flag_mask or write_flag_mask in
 * its first byte; the value's bytes in val_format_endian, big by default)
 * and sent over the map's bus; or the configuration's own reg_read and
 * reg_write. Every access is checked first as 6.1's: a register not on
 * the stride is -EINVAL, one past max_register or refused by the
 * readable/writeable callbacks or access tables is -EIO. No cache is
 * kept: every read reaches the device (the values are the same, the bus
 * sees more traffic). The driver's callbacks run as its module's code.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/base/regmap/internal.h"
#include "kernel/kapi.h"

#define ENOTSUPP_	524

/* ---- the driver's callbacks, as its code ------------------------------------------------- */

struct cb_call {
	struct regmap *map;
	int op;
	unsigned int reg, val, *valp;
	const void *buf;
	void *out;
	size_t len, len2;
};

enum { CB_READABLE, CB_WRITEABLE, CB_CFG_READ, CB_CFG_WRITE, CB_BUS_READ, CB_BUS_WRITE,
       CB_BUS_RAW_READ, CB_BUS_RAW_WRITE, CB_LOCK, CB_UNLOCK };

static long run_cb(void *arg)
{
	struct cb_call *c = arg;
	struct regmap *m = c->map;

	switch (c->op) {
	case CB_READABLE:
		return m->cfg.readable_reg(m->dev, c->reg);
	case CB_WRITEABLE:
		return m->cfg.writeable_reg(m->dev, c->reg);
	case CB_CFG_READ:
		return m->cfg.reg_read(m->ctx, c->reg, c->valp);
	case CB_CFG_WRITE:
		return m->cfg.reg_write(m->ctx, c->reg, c->val);
	case CB_BUS_READ:
		return m->bus->reg_read(m->ctx, c->reg, c->valp);
	case CB_BUS_WRITE:
		return m->bus->reg_write(m->ctx, c->reg, c->val);
	case CB_BUS_RAW_READ:
		return m->bus->read(m->ctx, c->buf, c->len, c->out, c->len2);
	case CB_BUS_RAW_WRITE:
		return m->bus->write(m->ctx, c->buf, c->len);
	case CB_LOCK:
		m->cfg.lock(m->cfg.lock_arg);
		return 0;
	default:
		m->cfg.unlock(m->cfg.lock_arg);
		return 0;
	}
}

static long cb(struct regmap *map, struct cb_call c)
{
	c.map = map;
	return umod_base_call(map->owner, run_cb, &c);
}

static void map_lock(struct regmap *map)
{
	if (map->cfg.lock)
		cb(map, (struct cb_call){ .op = CB_LOCK });
	else if (!map->cfg.disable_locking)
		pthread_mutex_lock(&map->lock);
}

static void map_unlock(struct regmap *map)
{
	if (map->cfg.unlock)
		cb(map, (struct cb_call){ .op = CB_UNLOCK });
	else if (!map->cfg.disable_locking)
		pthread_mutex_unlock(&map->lock);
}

/* ---- access checks ------------------------------------------------------------------------- */

static bool in_ranges(const struct regmap_range *r, unsigned int n, unsigned int reg)
{
	for (unsigned int i = 0; i < n; i++)
		if (reg >= r[i].range_min && reg <= r[i].range_max)
			return true;
	return false;
}

/* regmap_check_range_table() */
static bool table_allows(const struct regmap_access_table *t, unsigned int reg)
{
	if (in_ranges(t->no_ranges, t->n_no_ranges, reg))
		return false;
	if (!t->n_yes_ranges)
		return true;
	return in_ranges(t->yes_ranges, t->n_yes_ranges, reg);
}

static bool readable(struct regmap *map, unsigned int reg)
{
	if (map->cfg.max_register && reg > map->cfg.max_register)
		return false;
	if (map->cfg.readable_reg)
		return cb(map, (struct cb_call){ .op = CB_READABLE, .reg = reg }) != 0;
	return !map->cfg.rd_table || table_allows(map->cfg.rd_table, reg);
}

static bool writeable(struct regmap *map, unsigned int reg)
{
	if (map->cfg.max_register && reg > map->cfg.max_register)
		return false;
	if (map->cfg.writeable_reg)
		return cb(map, (struct cb_call){ .op = CB_WRITEABLE, .reg = reg }) != 0;
	return !map->cfg.wr_table || table_allows(map->cfg.wr_table, reg);
}

/* ---- formatting ------------------------------------------------------------------------------- */

static void put_be_le(unsigned char *buf, unsigned int bytes, unsigned int v, bool little)
{
	for (unsigned int i = 0; i < bytes; i++) {
		unsigned int shift = 8 * (little ? i : bytes - 1 - i);

		buf[i] = (unsigned char)(v >> shift);
	}
}

static unsigned int get_be_le(const unsigned char *buf, unsigned int bytes, bool little)
{
	unsigned int v = 0;

	for (unsigned int i = 0; i < bytes; i++)
		v |= (unsigned int)buf[i] << (8 * (little ? i : bytes - 1 - i));
	return v;
}

static bool is_little(enum regmap_endian e)
{
	return e == REGMAP_ENDIAN_LITTLE ||
	       (e == REGMAP_ENDIAN_NATIVE && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__);
}

static unsigned int bus_reg(struct regmap *map, unsigned int reg)
{
	reg += map->cfg.reg_base;
	if (map->cfg.reg_downshift > 0)
		reg >>= map->cfg.reg_downshift;
	else if (map->cfg.reg_downshift < 0)
		reg <<= -map->cfg.reg_downshift;
	return reg;
}

static void format_reg(struct regmap *map, unsigned char *buf, unsigned int reg,
		       unsigned long flag_mask)
{
	put_be_le(buf, map->reg_bytes, bus_reg(map, reg), is_little(map->reg_endian));
	buf[0] |= (unsigned char)flag_mask;
}

static int raw_read(struct regmap *map, unsigned int reg, void *val, size_t len)
{
	unsigned char rbuf[4];

	format_reg(map, rbuf, reg, map->cfg.read_flag_mask);
	if (map->hbus && map->hbus->read)
		return map->hbus->read(map->ctx, rbuf, map->reg_bytes, val, len);
	if (map->bus && map->bus->read)
		return (int)cb(map, (struct cb_call){ .op = CB_BUS_RAW_READ, .buf = rbuf,
						      .len = map->reg_bytes, .out = val,
						      .len2 = len });
	return -ENOTSUPP_;
}

static int raw_write(struct regmap *map, unsigned int reg, const void *val, size_t len)
{
	unsigned char *buf = malloc(map->reg_bytes + len);
	int ret = -ENOTSUPP_;

	if (!buf)
		return -ENOMEM;
	format_reg(map, buf, reg, map->cfg.write_flag_mask);
	memcpy(buf + map->reg_bytes, val, len);
	if (map->hbus && map->hbus->write)
		ret = map->hbus->write(map->ctx, buf, map->reg_bytes + len);
	else if (map->bus && map->bus->write)
		ret = (int)cb(map, (struct cb_call){ .op = CB_BUS_RAW_WRITE, .buf = buf,
						     .len = map->reg_bytes + len });
	free(buf);
	return ret;
}

/* one register, the map locked: the config's, the bus's whole-register op, else raw */
static int read_one(struct regmap *map, unsigned int reg, unsigned int *val)
{
	unsigned char vbuf[4];
	int ret;

	if (map->cfg.reg_read)
		return (int)cb(map, (struct cb_call){ .op = CB_CFG_READ, .reg = reg, .valp = val });
	if (map->hbus && map->hbus->reg_read)
		return map->hbus->reg_read(map->ctx, bus_reg(map, reg), val);
	if (map->bus && map->bus->reg_read)
		return (int)cb(map, (struct cb_call){ .op = CB_BUS_READ, .reg = bus_reg(map, reg),
						      .valp = val });
	ret = raw_read(map, reg, vbuf, map->val_bytes);
	if (!ret)
		*val = get_be_le(vbuf, map->val_bytes, is_little(map->val_endian));
	return ret;
}

static int write_one(struct regmap *map, unsigned int reg, unsigned int val)
{
	unsigned char vbuf[4];

	if (map->cfg.reg_write)
		return (int)cb(map, (struct cb_call){ .op = CB_CFG_WRITE, .reg = reg, .val = val });
	if (map->hbus && map->hbus->reg_write)
		return map->hbus->reg_write(map->ctx, bus_reg(map, reg), val);
	if (map->bus && map->bus->reg_write)
		return (int)cb(map, (struct cb_call){ .op = CB_BUS_WRITE, .reg = bus_reg(map, reg),
						      .val = val });
	put_be_le(vbuf, map->val_bytes, val, is_little(map->val_endian));
	return raw_write(map, reg, vbuf, map->val_bytes);
}

static int check(struct regmap *map, unsigned int reg, bool write)
{
	if (map->cfg.reg_stride > 1 && reg % (unsigned int)map->cfg.reg_stride)
		return -EINVAL;
	if (write ? !writeable(map, reg) : !readable(map, reg))
		return -EIO;
	return 0;
}

/* ---- maps -------------------------------------------------------------------------------------- */

static struct regmap *map_new(struct device *dev, const struct regmap_config *config)
{
	struct regmap *map;

	if (!config || (!config->reg_read && (config->reg_bits <= 0 || config->reg_bits > 32 ||
					      config->reg_bits % 8)) ||
	    config->val_bits <= 0 || config->val_bits > 32 || config->val_bits % 8)
		return NULL;
	map = calloc(1, sizeof(*map));
	if (!map)
		return NULL;
	map->cfg = *config;
	map->dev = dev;
	map->owner = umod_caller_module();
	map->reg_bytes = (unsigned int)(config->reg_bits + config->pad_bits) / 8;
	map->val_bytes = (unsigned int)config->val_bits / 8;
	map->reg_endian = config->reg_format_endian;
	map->val_endian = config->val_format_endian;
	pthread_mutex_init(&map->lock, NULL);
	return map;
}

static void map_free(struct regmap *map)
{
	if (map->hbus)
		free(map->ctx);
	pthread_mutex_destroy(&map->lock);
	free(map);
}

struct devm_map {
	struct regmap *map;
};

static void devm_map_release(struct device *dev, void *res)
{
	map_free(((struct devm_map *)res)->map);
}

static struct regmap *finish(struct regmap *map, bool devm)
{
	struct devm_map *res;

	if (!devm || !map->dev)
		return map;
	res = umod_devres_alloc(devm_map_release, sizeof(*res));
	if (!res) {
		map_free(map);
		return (struct regmap *)(intptr_t)-ENOMEM;
	}
	res->map = map;
	umod_devres_add(map->dev, res);
	return map;
}

struct regmap *umod_regmap_new(struct device *dev, const struct umod_regmap_bus *hbus,
			       void *ctx, const struct regmap_config *config, bool devm)
{
	struct regmap *map = map_new(dev, config);

	if (!map) {
		free(ctx);
		return (struct regmap *)(intptr_t)-EINVAL;
	}
	map->hbus = hbus;
	map->ctx = ctx;
	return finish(map, devm);
}

static struct regmap *init_bus(struct device *dev, const struct regmap_bus *bus, void *ctx,
			       const struct regmap_config *config, bool devm)
{
	struct regmap *map = map_new(dev, config);

	if (!map)
		return (struct regmap *)(intptr_t)-EINVAL;
	map->bus = bus;
	map->ctx = ctx;
	if (bus && map->reg_endian == REGMAP_ENDIAN_DEFAULT)
		map->reg_endian = bus->reg_format_endian_default;
	if (bus && map->val_endian == REGMAP_ENDIAN_DEFAULT)
		map->val_endian = bus->val_format_endian_default;
	if (bus && !config->read_flag_mask)
		map->cfg.read_flag_mask = bus->read_flag_mask;
	return finish(map, devm);
}

static struct regmap *kapi___regmap_init(struct device *dev, const struct regmap_bus *bus,
					 void *bus_context, const struct regmap_config *config,
					 void *lock_key, const char *lock_name)
{
	return init_bus(dev, bus, bus_context, config, false);
}

static struct regmap *kapi___devm_regmap_init(struct device *dev, const struct regmap_bus *bus,
					      void *bus_context,
					      const struct regmap_config *config,
					      void *lock_key, const char *lock_name)
{
	return init_bus(dev, bus, bus_context, config, true);
}

static void kapi_regmap_exit(struct regmap *map)
{
	if (map && (uintptr_t)map < (uintptr_t)-4095)
		map_free(map);
}

static struct device *kapi_regmap_get_device(struct regmap *map)
{
	return map->dev;
}

static int kapi_regmap_read(struct regmap *map, unsigned int reg, unsigned int *val)
{
	int ret = check(map, reg, false);

	if (ret)
		return ret;
	map_lock(map);
	ret = read_one(map, reg, val);
	map_unlock(map);
	return ret;
}

static int kapi_regmap_write(struct regmap *map, unsigned int reg, unsigned int val)
{
	int ret = check(map, reg, true);

	if (ret)
		return ret;
	map_lock(map);
	ret = write_one(map, reg, val);
	map_unlock(map);
	return ret;
}

static int kapi_regmap_update_bits_base(struct regmap *map, unsigned int reg, unsigned int mask,
					unsigned int val, bool *change, bool async, bool force)
{
	unsigned int orig, tmp;
	int ret = check(map, reg, true);

	if (change)
		*change = false;
	if (ret)
		return ret;
	map_lock(map);
	ret = read_one(map, reg, &orig);
	tmp = (orig & ~mask) | (val & mask);
	if (!ret && (force || tmp != orig)) {
		ret = write_one(map, reg, tmp);
		if (!ret && change)
			*change = true;
	}
	map_unlock(map);
	return ret;
}

static int kapi_regmap_test_bits(struct regmap *map, unsigned int reg, unsigned int bits)
{
	unsigned int val;
	int ret = kapi_regmap_read(map, reg, &val);

	return ret ? ret : (val & bits) == bits;
}

/* @i-th value of @buf, @bytes wide, in the CPU's order */
static void store_native(void *buf, size_t i, unsigned int bytes, unsigned int v)
{
	if (bytes == 1)
		((unsigned char *)buf)[i] = (unsigned char)v;
	else if (bytes == 2)
		((unsigned short *)buf)[i] = (unsigned short)v;
	else
		((unsigned int *)buf)[i] = v;
}

static unsigned int load_native(const void *buf, size_t i, unsigned int bytes)
{
	if (bytes == 1)
		return ((const unsigned char *)buf)[i];
	if (bytes == 2)
		return ((const unsigned short *)buf)[i];
	return ((const unsigned int *)buf)[i];
}

static bool whole_registers(struct regmap *map)
{
	return map->cfg.reg_read || (map->hbus && map->hbus->reg_read) ||
	       (map->bus && map->bus->reg_read) || map->cfg.use_single_read ||
	       map->val_bytes == 3;
}

static int kapi_regmap_bulk_read(struct regmap *map, unsigned int reg, void *val,
				 size_t count)
{
	unsigned int stride = map->cfg.reg_stride > 1 ? (unsigned int)map->cfg.reg_stride : 1;
	unsigned char *raw;
	int ret = 0;

	for (size_t i = 0; i < count && !ret; i++)
		ret = check(map, reg + (unsigned int)i * stride, false);
	if (ret)
		return ret;
	map_lock(map);
	if (whole_registers(map)) {
		for (size_t i = 0; i < count && !ret; i++) {
			unsigned int v;

			ret = read_one(map, reg + (unsigned int)i * stride, &v);
			if (!ret)
				store_native(val, i, map->val_bytes, v);
		}
	} else if ((raw = malloc(count * map->val_bytes + 1))) {
		ret = raw_read(map, reg, raw, count * map->val_bytes);
		for (size_t i = 0; i < count && !ret; i++)
			store_native(val, i, map->val_bytes,
				     get_be_le(raw + i * map->val_bytes, map->val_bytes,
					       is_little(map->val_endian)));
		free(raw);
	} else {
		ret = -ENOMEM;
	}
	map_unlock(map);
	return ret;
}

static int kapi_regmap_bulk_write(struct regmap *map, unsigned int reg, const void *val,
				  size_t count)
{
	unsigned int stride = map->cfg.reg_stride > 1 ? (unsigned int)map->cfg.reg_stride : 1;
	int ret = 0;

	for (size_t i = 0; i < count && !ret; i++)
		ret = check(map, reg + (unsigned int)i * stride, true);
	map_lock(map);
	for (size_t i = 0; i < count && !ret; i++)
		ret = write_one(map, reg + (unsigned int)i * stride,
				load_native(val, i, map->val_bytes));
	map_unlock(map);
	return ret;
}

static int kapi_regmap_raw_read(struct regmap *map, unsigned int reg, void *val, size_t len)
{
	int ret;

	if (len % map->val_bytes)
		return -EINVAL;
	ret = check(map, reg, false);
	if (ret)
		return ret;
	map_lock(map);
	ret = raw_read(map, reg, val, len);
	map_unlock(map);
	return ret;
}

static int kapi_regmap_raw_write(struct regmap *map, unsigned int reg, const void *val,
				 size_t len)
{
	int ret;

	if (len % map->val_bytes)
		return -EINVAL;
	ret = check(map, reg, true);
	if (ret)
		return ret;
	map_lock(map);
	ret = raw_write(map, reg, val, len);
	map_unlock(map);
	return ret;
}

static int kapi_regmap_multi_reg_write(struct regmap *map, const struct reg_sequence *regs,
				       int num)
{
	int ret = 0;

	for (int i = 0; i < num && !ret; i++)
		ret = kapi_regmap_write(map, regs[i].reg, regs[i].def);
	return ret;
}

static int kapi_regmap_get_val_bytes(struct regmap *map)
{
	return (int)map->val_bytes;
}

static int kapi_regmap_get_max_register(struct regmap *map)
{
	return map->cfg.max_register ? (int)map->cfg.max_register : -EINVAL;
}

static int kapi_regmap_get_reg_stride(struct regmap *map)
{
	return map->cfg.reg_stride > 0 ? map->cfg.reg_stride : 1;
}

static int kapi_regcache_sync(struct regmap *map)
{
	return 0;
}

static void kapi_regcache_noop(struct regmap *map, bool enable)
{
}

static void kapi_regcache_mark_dirty(struct regmap *map)
{
}

static const struct umod_kapi_export regmap_exports[] = {
	UMOD_KAPI_GPL("__regmap_init", kapi___regmap_init),
	UMOD_KAPI_GPL("__devm_regmap_init", kapi___devm_regmap_init),
	UMOD_KAPI_GPL("regmap_exit", kapi_regmap_exit),
	UMOD_KAPI_GPL("regmap_get_device", kapi_regmap_get_device),
	UMOD_KAPI_GPL("regmap_read", kapi_regmap_read),
	UMOD_KAPI_GPL("regmap_write", kapi_regmap_write),
	UMOD_KAPI_GPL("regmap_update_bits_base", kapi_regmap_update_bits_base),
	UMOD_KAPI_GPL("regmap_test_bits", kapi_regmap_test_bits),
	UMOD_KAPI_GPL("regmap_bulk_read", kapi_regmap_bulk_read),
	UMOD_KAPI_GPL("regmap_bulk_write", kapi_regmap_bulk_write),
	UMOD_KAPI_GPL("regmap_raw_read", kapi_regmap_raw_read),
	UMOD_KAPI_GPL("regmap_raw_write", kapi_regmap_raw_write),
	UMOD_KAPI_GPL("regmap_multi_reg_write", kapi_regmap_multi_reg_write),
	UMOD_KAPI_GPL("regmap_get_val_bytes", kapi_regmap_get_val_bytes),
	UMOD_KAPI_GPL("regmap_get_max_register", kapi_regmap_get_max_register),
	UMOD_KAPI_GPL("regmap_get_reg_stride", kapi_regmap_get_reg_stride),
	UMOD_KAPI_GPL("regcache_sync", kapi_regcache_sync),
	UMOD_KAPI_GPL("regcache_cache_only", kapi_regcache_noop),
	UMOD_KAPI_GPL("regcache_cache_bypass", kapi_regcache_noop),
	UMOD_KAPI_GPL("regcache_mark_dirty", kapi_regcache_mark_dirty),
};

const struct umod_kapi_table umod_kapi_regmap = UMOD_KAPI_TABLE(regmap_exports);
