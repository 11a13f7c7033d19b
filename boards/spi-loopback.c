// SPDX-License-Identifier: MIT
/*
 * An SPI loopback: a wire from MOSI back to MISO on a chip select, the
 * plug developers use to check a controller and a driver. Each byte
 * clocked out comes back in the same clock cycles, so a full-duplex
 * transfer reads what it writes. Properties: reg = <CS>. File "bytes"
 * (r): how many bytes it has looped.
 */
#include <errno.h>
#include <stdio.h>

#include <umod/model.h>

#include "boards/board.h"

struct loopback {
	unsigned long long bytes;
};

static uint8_t xfer(struct umod_model *m, void *state, uint8_t mosi)
{
	((struct loopback *)state)->bytes++;
	return mosi;
}

static ssize_t bytes_show(struct umod_model *m, void *state, char *buf, size_t size)
{
	return snprintf(buf, size, "%llu\n", ((struct loopback *)state)->bytes);
}

static const struct umod_model_spi_ops loopback_spi = {
	.xfer = xfer,
};

static int init(struct umod_model *m, void *state)
{
	if (umod_model_add_spi(m, &loopback_spi)) {
		umod_model_log(m, "spi-loopback: no reg, or not below an SPI controller");
		return -EINVAL;
	}
	return umod_model_add_file(m, "bytes", 0444, bytes_show, NULL);
}

const struct umod_model_type umod_model_spi_loopback = {
	.api_version = UMOD_MODEL_API_VERSION,
	.name = "spi-loopback",
	.state_size = sizeof(struct loopback),
	.init = init,
};
