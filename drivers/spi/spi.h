/* SPDX-License-Identifier: MIT */
/*
 * What drivers/spi/'s files share: the SPI core of one host and its
 * controllers (the board's, spi-sim.c), whose transfers the core runs.
 * (Linux has no drivers/spi/ owner header; its internals are static in
 * spi.c. Here the board's controller driver is a second file.)
 */
#ifndef _UMOD_DRIVERS_SPI_H
#define _UMOD_DRIVERS_SPI_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <umod/kabi/spi.h>

#include "kernel/module/module.h"

struct platform_driver;

/* a controller of the host's: the module-visible part first */
struct umod_spi_ctlr {
	struct spi_controller ctlr;
	struct umod_host *host;
	pthread_mutex_t bus_lock;	/* one message at a time */
	/* clock @len bytes to chip select @cs; select/deselect around them */
	int (*transfer)(struct umod_spi_ctlr *c, unsigned int cs, const uint8_t *tx, uint8_t *rx,
			size_t len, bool select, bool deselect);
};

/* ---- spi.c ------------------------------------------------------------------------- */

extern struct bus_type umod_spi_bus_type;
/* the controller's device (spiN, class spi_master) and the devices of its node's children */
int umod_spi_register_controller(struct umod_spi_ctlr *c);
void umod_spi_unregister_controller(struct umod_spi_ctlr *c);
/* spi_sync() and spi_write_then_read() for host code (regmap-spi.c) */
int umod_spi_sync(struct spi_device *spi, struct spi_message *msg);
int umod_spi_write_then_read(struct spi_device *spi, const void *tx, unsigned int n_tx,
			     void *rx, unsigned int n_rx);
int umod_spi_init(struct umod_host *host);
void umod_spi_host_gone(struct umod_host *host);

/* ---- spi-sim.c: the board's controllers ----------------------------------------------- */

int umod_spi_sim_register(struct umod_host *host);
void umod_spi_sim_unregister(struct umod_host *host);

#endif /* _UMOD_DRIVERS_SPI_H */
