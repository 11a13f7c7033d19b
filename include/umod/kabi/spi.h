/* SPDX-License-Identifier: MIT */
/*
 * SPI as both sides see it (Linux 6.1's include/linux/spi/spi.h):
 * devices, drivers, messages and their transfers; the controller's
 * leading fields. Module code fills messages and reads devices; the
 * host's SPI core (drivers/spi/) registers them and runs the transfers.
 * Controllers are the host's (the board's), so only the fields a
 * device's driver reads are laid out here.
 */
#ifndef _UMOD_KABI_SPI_H
#define _UMOD_KABI_SPI_H

#include <umod/kabi/device.h>
#include <umod/kabi/mutex.h>
#include <umod/kabi/types.h>

struct spi_controller;
struct spi_message;
struct gpio_desc;

#define SPI_CPHA		(1u << 0)
#define SPI_CPOL		(1u << 1)
#define SPI_MODE_0		(0 | 0)
#define SPI_MODE_1		(0 | SPI_CPHA)
#define SPI_MODE_2		(SPI_CPOL | 0)
#define SPI_MODE_3		(SPI_CPOL | SPI_CPHA)
#define SPI_MODE_X_MASK		(SPI_CPOL | SPI_CPHA)
#define SPI_CS_HIGH		(1u << 2)
#define SPI_LSB_FIRST		(1u << 3)
#define SPI_3WIRE		(1u << 4)
#define SPI_LOOP		(1u << 5)
#define SPI_NO_CS		(1u << 6)
#define SPI_READY		(1u << 7)
#define SPI_TX_DUAL		(1u << 8)
#define SPI_TX_QUAD		(1u << 9)
#define SPI_RX_DUAL		(1u << 10)
#define SPI_RX_QUAD		(1u << 11)
#define SPI_CS_WORD		(1u << 12)
#define SPI_TX_OCTAL		(1u << 13)
#define SPI_RX_OCTAL		(1u << 14)
#define SPI_3WIRE_HIZ		(1u << 15)

struct spi_delay {
#define SPI_DELAY_UNIT_USECS	0
#define SPI_DELAY_UNIT_NSECS	1
#define SPI_DELAY_UNIT_SCK	2
	unsigned short value;
	unsigned char unit;
};

struct spi_statistics;

struct spi_device {
	struct device dev;
	struct spi_controller *controller;
	struct spi_controller *master;	/* the same: the old name */
	unsigned int max_speed_hz;
	unsigned char chip_select;
	unsigned char bits_per_word;
	_Bool rt;
	unsigned int mode;
	int irq;
	void *controller_state;
	void *controller_data;
	char modalias[SPI_NAME_SIZE];
	const char *driver_override;
	struct gpio_desc *cs_gpiod;
	struct spi_delay word_delay;
	struct spi_delay cs_setup;
	struct spi_delay cs_hold;
	struct spi_delay cs_inactive;
	struct spi_statistics *pcpu_statistics;
};

struct spi_driver {
	const struct spi_device_id *id_table;
	int (*probe)(struct spi_device *spi);
	void (*remove)(struct spi_device *spi);
	void (*shutdown)(struct spi_device *spi);
	struct device_driver driver;
};

struct spi_transfer {
	const void *tx_buf;
	void *rx_buf;
	unsigned int len;
	unsigned long long tx_dma;	/* dma_addr_t */
	unsigned long long rx_dma;
	void *tx_sg_sgl;		/* struct sg_table tx_sg: not used */
	unsigned int tx_sg_nents, tx_sg_orig_nents;
	void *rx_sg_sgl;
	unsigned int rx_sg_nents, rx_sg_orig_nents;
	unsigned dummy_data:1;
	unsigned cs_off:1;
	unsigned cs_change:1;
	unsigned tx_nbits:3;
	unsigned rx_nbits:3;
	unsigned timestamped:1;
#define SPI_NBITS_SINGLE	0x01
#define SPI_NBITS_DUAL		0x02
#define SPI_NBITS_QUAD		0x04
	unsigned char bits_per_word;
	struct spi_delay delay;
	struct spi_delay cs_change_delay;
	struct spi_delay word_delay;
	unsigned int speed_hz;
	unsigned int effective_speed_hz;
	unsigned int ptp_sts_word_pre;
	unsigned int ptp_sts_word_post;
	void *ptp_sts;
	struct list_head transfer_list;
	unsigned int error;
};

struct spi_message {
	struct list_head transfers;
	struct spi_device *spi;
	unsigned is_dma_mapped:1;
	void (*complete)(void *context);
	void *context;
	unsigned frame_length;
	unsigned actual_length;
	int status;
	struct list_head queue;
	void *state;
	struct list_head resources;
	_Bool prepared;
};

/* the controller's first fields, as 6.1's struct spi_controller has them */
struct spi_controller {
	struct device dev;
	struct list_head list;
	short bus_num;
	unsigned short num_chipselect;
	unsigned short dma_alignment;
	unsigned int mode_bits;
	unsigned int buswidth_override_bits;
	unsigned int bits_per_word_mask;
	unsigned int min_speed_hz;
	unsigned int max_speed_hz;
	unsigned short flags;
};

#endif /* _UMOD_KABI_SPI_H */
