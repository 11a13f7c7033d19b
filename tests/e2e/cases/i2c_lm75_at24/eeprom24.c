// SPDX-License-Identifier: GPL-2.0
/*
 * A small at24-like EEPROM driver as 6.1 writes one: no device-tree node,
 * the client made from user space (echo at24 0x50 > .../new_device); the
 * 256 bytes read with regmap_bulk_read() into an "eeprom" attribute,
 * written a byte at a time with SMBus; both poll the chip through its
 * write cycle as at24 does (it does not acknowledge until it is done).
 */
#include <linux/delay.h>
#include <linux/i2c.h>
#include <linux/module.h>
#include <linux/regmap.h>

#define EEPROM_SIZE	256

static const struct regmap_config eeprom_regmap_config = {
	.reg_bits = 8,
	.val_bits = 8,
	.disable_locking = true,
};

static ssize_t eeprom_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct regmap *map = dev_get_drvdata(dev);
	int tries, ret;

	/* a write cycle may still run: the chip answers once it is done */
	for (tries = 0; tries < 25; tries++) {
		ret = regmap_bulk_read(map, 0, buf, EEPROM_SIZE);
		if (ret != -ENXIO)
			break;
		usleep_range(1000, 1500);
	}
	return ret ? ret : EEPROM_SIZE;
}

/* "OFFSET TEXT": the text's bytes written from OFFSET */
static ssize_t eeprom_store(struct device *dev, struct device_attribute *attr,
			    const char *buf, size_t count)
{
	struct i2c_client *client = to_i2c_client(dev);
	unsigned int offset;
	int n, tries, ret = 0;
	size_t i;

	if (sscanf(buf, "%u %n", &offset, &n) != 1 || offset >= EEPROM_SIZE)
		return -EINVAL;
	for (i = n; i < count && buf[i] != '\n' && offset < EEPROM_SIZE; i++, offset++) {
		for (tries = 0; tries < 25; tries++) {
			ret = i2c_smbus_write_byte_data(client, offset, buf[i]);
			if (ret != -ENXIO)
				break;
			usleep_range(1000, 1500);
		}
		if (ret)
			return ret;
	}
	return count;
}
static DEVICE_ATTR_RW(eeprom);

static struct attribute *eeprom_attrs[] = {
	&dev_attr_eeprom.attr,
	NULL
};
ATTRIBUTE_GROUPS(eeprom);

static int eeprom_probe(struct i2c_client *client, const struct i2c_device_id *id)
{
	struct regmap *map;
	int first;

	if (!i2c_check_functionality(client->adapter, I2C_FUNC_SMBUS_BYTE_DATA))
		return -EOPNOTSUPP;
	map = devm_regmap_init_i2c(client, &eeprom_regmap_config);
	if (IS_ERR(map))
		return PTR_ERR(map);
	dev_set_drvdata(&client->dev, map);
	first = i2c_smbus_read_byte_data(client, 0);
	dev_info(&client->dev, "%u byte %s EEPROM (id %s), first byte 0x%02x\n", EEPROM_SIZE,
		 client->name, id ? id->name : "?", first);
	return 0;
}

static void eeprom_remove(struct i2c_client *client)
{
	dev_info(&client->dev, "remove\n");
}

static const struct i2c_device_id eeprom_ids[] = {
	{ "24c02", 0 },
	{ "at24", 0 },
	{ }
};
MODULE_DEVICE_TABLE(i2c, eeprom_ids);

static struct i2c_driver eeprom_driver = {
	.driver = {
		.name = "eeprom24",
		.dev_groups = eeprom_groups,
	},
	.probe = eeprom_probe,
	.remove = eeprom_remove,
	.id_table = eeprom_ids,
};
module_i2c_driver(eeprom_driver);
MODULE_LICENSE("GPL");
