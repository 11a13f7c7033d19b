// SPDX-License-Identifier: GPL-2.0
/*
 * An LM75 driver as 6.1 writes one: bound by compatible from the board,
 * its registers through regmap over I2C (8-bit pointer, 16-bit values,
 * big-endian on the wire); the temperature in millidegrees in a sysfs
 * attribute, read from the chip at each read. The probe also checks the
 * same register through SMBus, sets T_OS with regmap_update_bits() and
 * shows that a register past max_register is refused.
 */
#include <linux/i2c.h>
#include <linux/module.h>
#include <linux/regmap.h>

#define LM75_TEMP	0
#define LM75_CONF	1
#define LM75_THYST	2
#define LM75_TOS	3

static const struct regmap_config lm75_regmap_config = {
	.reg_bits = 8,
	.val_bits = 16,
	.max_register = LM75_TOS,
};

static int lm75_millicelsius(unsigned int reg)
{
	return ((s16)reg >> 7) * 500;
}

static ssize_t temp_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct regmap *map = dev_get_drvdata(dev);
	unsigned int val;
	int ret = regmap_read(map, LM75_TEMP, &val);

	if (ret)
		return ret;
	return sysfs_emit(buf, "%d\n", lm75_millicelsius(val));
}
static DEVICE_ATTR_RO(temp);

static struct attribute *lm75_attrs[] = {
	&dev_attr_temp.attr,
	NULL
};
ATTRIBUTE_GROUPS(lm75);

static int lm75_probe(struct i2c_client *client)
{
	struct regmap *map;
	unsigned int val;
	bool changed;
	int ret;

	map = devm_regmap_init_i2c(client, &lm75_regmap_config);
	if (IS_ERR(map))
		return PTR_ERR(map);
	i2c_set_clientdata(client, map);
	ret = regmap_read(map, LM75_TEMP, &val);
	if (ret)
		return ret;
	dev_info(&client->dev, "%s at 0x%02x: %d mC (0x%04x), SMBus swapped 0x%04x\n",
		 client->name, client->addr, lm75_millicelsius(val), val,
		 i2c_smbus_read_word_swapped(client, LM75_TEMP));
	regmap_read(map, LM75_TOS, &val);
	dev_info(&client->dev, "T_OS %d mC\n", lm75_millicelsius(val));
	ret = regmap_update_bits_check(map, LM75_TOS, 0xff80, 85 << 8, &changed);
	regmap_read(map, LM75_TOS, &val);
	dev_info(&client->dev, "T_OS now %d mC (%d, changed %d)\n", lm75_millicelsius(val), ret,
		 changed);
	dev_info(&client->dev, "register 4: %d\n", regmap_read(map, 4, &val));
	return 0;
}

static void lm75_remove(struct i2c_client *client)
{
	dev_info(&client->dev, "remove\n");
}

static const struct i2c_device_id lm75_ids[] = {
	{ "lm75", 0 },
	{ }
};
MODULE_DEVICE_TABLE(i2c, lm75_ids);

static const struct of_device_id lm75_of_match[] = {
	{ .compatible = "national,lm75" },
	{ }
};
MODULE_DEVICE_TABLE(of, lm75_of_match);

static struct i2c_driver lm75_driver = {
	.driver = {
		.name = "lm75-regmap",
		.of_match_table = lm75_of_match,
		.dev_groups = lm75_groups,
	},
	.probe_new = lm75_probe,
	.remove = lm75_remove,
	.id_table = lm75_ids,
};
module_i2c_driver(lm75_driver);
MODULE_LICENSE("GPL");
