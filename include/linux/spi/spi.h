/* SPDX-License-Identifier: MIT */
/*
 * SPI (Linux 6.1's include/linux/spi/spi.h): protocol drivers bound to
 * the devices on a controller's chip selects by OF compatible,
 * spi_device_id or name; messages of transfers run synchronously
 * (spi_sync()) or with a completion (spi_async()). The structures are
 * shared with the host (umod/kabi/spi.h); controllers are the board's.
 */
#ifndef __LINUX_SPI_H
#define __LINUX_SPI_H

#include <linux/bits.h>
#include <linux/completion.h>
#include <linux/device.h>
#include <linux/kthread.h>
#include <linux/mod_devicetable.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <umod/kabi/spi.h>
/* what 6.1's brings in through headers umod does not ship */
#include <linux/ctype.h>
#include <linux/gpio/consumer.h>
#include <linux/irqdomain.h>
#include <linux/irqhandler.h>
#include <linux/of.h>
#include <linux/property.h>
#include <linux/u64_stats_sync.h>

extern struct bus_type spi_bus_type;

#define SPI_BPW_MASK(bits)	BIT((bits) - 1)

static inline struct spi_device *to_spi_device(const struct device *dev)
{
	return dev ? container_of(dev, struct spi_device, dev) : NULL;
}

static inline struct spi_device *spi_dev_get(struct spi_device *spi)
{
	return (spi && get_device(&spi->dev)) ? spi : NULL;
}

static inline void spi_dev_put(struct spi_device *spi)
{
	if (spi)
		put_device(&spi->dev);
}

static inline void *spi_get_drvdata(struct spi_device *spi)
{
	return dev_get_drvdata(&spi->dev);
}

static inline void spi_set_drvdata(struct spi_device *spi, void *data)
{
	dev_set_drvdata(&spi->dev, data);
}

static inline struct spi_driver *to_spi_driver(struct device_driver *drv)
{
	return drv ? container_of(drv, struct spi_driver, driver) : NULL;
}

int __spi_register_driver(struct module *owner, struct spi_driver *sdrv);

static inline void spi_unregister_driver(struct spi_driver *sdrv)
{
	if (sdrv)
		driver_unregister(&sdrv->driver);
}

#define spi_register_driver(driver) \
	__spi_register_driver(THIS_MODULE, driver)

#define module_spi_driver(__spi_driver) \
	module_driver(__spi_driver, spi_register_driver, spi_unregister_driver)

const struct spi_device_id *spi_get_device_id(const struct spi_device *sdev);

/* ---- messages ------------------------------------------------------------------ */

static inline void spi_message_init_no_memset(struct spi_message *m)
{
	INIT_LIST_HEAD(&m->transfers);
	INIT_LIST_HEAD(&m->resources);
}

static inline void spi_message_init(struct spi_message *m)
{
	memset(m, 0, sizeof(*m));
	spi_message_init_no_memset(m);
}

static inline void spi_message_add_tail(struct spi_transfer *t, struct spi_message *m)
{
	list_add_tail(&t->transfer_list, &m->transfers);
}

static inline void spi_transfer_del(struct spi_transfer *t)
{
	list_del(&t->transfer_list);
}

static inline void spi_message_init_with_transfers(struct spi_message *m,
						   struct spi_transfer *xfers,
						   unsigned int num_xfers)
{
	unsigned int i;

	spi_message_init(m);
	for (i = 0; i < num_xfers; ++i)
		spi_message_add_tail(&xfers[i], m);
}

int spi_setup(struct spi_device *spi);
int spi_async(struct spi_device *spi, struct spi_message *message);
int spi_sync(struct spi_device *spi, struct spi_message *message);
int spi_sync_locked(struct spi_device *spi, struct spi_message *message);
int spi_write_then_read(struct spi_device *spi, const void *txbuf, unsigned n_tx,
			void *rxbuf, unsigned n_rx);

static inline int spi_sync_transfer(struct spi_device *spi, struct spi_transfer *xfers,
				    unsigned int num_xfers)
{
	struct spi_message msg;

	spi_message_init_with_transfers(&msg, xfers, num_xfers);
	return spi_sync(spi, &msg);
}

static inline int spi_write(struct spi_device *spi, const void *buf, size_t len)
{
	struct spi_transfer t = {
		.tx_buf = buf,
		.len = len,
	};

	return spi_sync_transfer(spi, &t, 1);
}

static inline int spi_read(struct spi_device *spi, void *buf, size_t len)
{
	struct spi_transfer t = {
		.rx_buf = buf,
		.len = len,
	};

	return spi_sync_transfer(spi, &t, 1);
}

static inline ssize_t spi_w8r8(struct spi_device *spi, u8 cmd)
{
	ssize_t status;
	u8 result;

	status = spi_write_then_read(spi, &cmd, 1, &result, 1);
	return (status < 0) ? status : result;
}

static inline ssize_t spi_w8r16(struct spi_device *spi, u8 cmd)
{
	ssize_t status;
	u16 result;

	status = spi_write_then_read(spi, &cmd, 1, &result, 2);
	return (status < 0) ? status : result;
}

static inline ssize_t spi_w8r16be(struct spi_device *spi, u8 cmd)
{
	ssize_t status;
	__be16 result;

	status = spi_write_then_read(spi, &cmd, 1, &result, 2);
	if (status < 0)
		return status;
	return be16_to_cpu(result);
}

#endif /* __LINUX_SPI_H */
