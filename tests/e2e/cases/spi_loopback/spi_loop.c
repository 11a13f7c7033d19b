// SPDX-License-Identifier: GPL-2.0
/*
 * An SPI protocol driver as 6.1 writes one, bound by compatible to a
 * device on chip select 0 whose MOSI is wired back to MISO: a full-duplex
 * transfer reads what it writes; spi_write_then_read() reads what the
 * controller clocks out while it reads (zeros); spi_async() completes
 * through its callback; regmap over SPI sets the read flag on the
 * register byte, which comes back on the wire.
 */
#include <linux/completion.h>
#include <linux/module.h>
#include <linux/regmap.h>
#include <linux/spi/spi.h>

static void loop_done(void *context)
{
	complete(context);
}

static const struct regmap_config loop_regmap_config = {
	.reg_bits = 8,
	.val_bits = 8,
};

static int loop_probe(struct spi_device *spi)
{
	DECLARE_COMPLETION_ONSTACK(done);
	char tx[] = "umod spi", rx[sizeof(tx)] = "";
	struct spi_transfer t = { .tx_buf = tx, .rx_buf = rx, .len = sizeof(tx) };
	struct spi_message m;
	struct regmap *map;
	u8 cmd = 0x9f, id[3] = { 1, 2, 3 };
	unsigned int val;
	int ret;

	ret = spi_setup(spi);
	if (ret)
		return ret;
	dev_info(&spi->dev, "%s on spi%d, chip select %d, %u Hz, mode %u\n", spi->modalias,
		 spi->controller->bus_num, spi->chip_select, spi->max_speed_hz, spi->mode);
	ret = spi_sync_transfer(spi, &t, 1);
	dev_info(&spi->dev, "full duplex: %d, \"%s\"\n", ret, rx);
	ret = spi_write_then_read(spi, &cmd, 1, id, sizeof(id));
	dev_info(&spi->dev, "write then read: %d, %02x %02x %02x\n", ret, id[0], id[1], id[2]);
	memset(rx, 0, sizeof(rx));
	spi_message_init(&m);
	spi_message_add_tail(&t, &m);
	m.complete = loop_done;
	m.context = &done;
	ret = spi_async(spi, &m);
	wait_for_completion(&done);
	dev_info(&spi->dev, "async: %d, status %d, %u bytes, \"%s\"\n", ret, m.status,
		 m.actual_length, rx);
	map = devm_regmap_init_spi(spi, &loop_regmap_config);
	if (IS_ERR(map))
		return PTR_ERR(map);
	ret = regmap_raw_read(map, 0x12, id, 1);
	dev_info(&spi->dev, "regmap raw read of 0x12: %d, %02x\n", ret, id[0]);
	ret = regmap_read(map, 0x12, &val);
	dev_info(&spi->dev, "regmap read of 0x12: %d, %02x\n", ret, val);
	return 0;
}

static void loop_remove(struct spi_device *spi)
{
	dev_info(&spi->dev, "remove\n");
}

static const struct of_device_id loop_of_match[] = {
	{ .compatible = "umod-test,loopback" },
	{ }
};
MODULE_DEVICE_TABLE(of, loop_of_match);

static const struct spi_device_id loop_ids[] = {
	{ "loopback", 0 },
	{ }
};
MODULE_DEVICE_TABLE(spi, loop_ids);

static struct spi_driver loop_driver = {
	.driver = {
		.name = "spi-loop",
		.of_match_table = loop_of_match,
	},
	.probe = loop_probe,
	.remove = loop_remove,
	.id_table = loop_ids,
};
module_spi_driver(loop_driver);
MODULE_LICENSE("GPL");
