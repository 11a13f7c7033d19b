// SPDX-License-Identifier: MIT
/*
 * The board's SPI controllers, simulated: a platform driver of the host
 * that takes a controller node (compatible "umod,spi-sim", or the
 * Raspberry Pi's "brcm,bcm2835-spi", standing in for spi-bcm2835) and
 * registers a controller for it (spiB: B the tree's spiB alias, else one
 * past the highest alias, and on), two chip selects unless
 * "num-cs" says otherwise. Its transfers reach the models placed below
 * the node (boards/bus.c); a chip select nobody answers reads 0xff, as a
 * MISO line pulled up.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <umod/kabi/of.h>

#include "boards/board.h"
#include "drivers/base/base.h"
#include "drivers/of/of_private.h"
#include "drivers/spi/spi.h"

struct sim_host {
	struct umod_host *host;
	struct platform_driver *drv;
	int next_dynamic;
	struct sim_host *next;
};

static pthread_mutex_t sims_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sim_host *sims;

static struct sim_host *sim_of(struct umod_host *host)
{
	struct sim_host *s;

	pthread_mutex_lock(&sims_lock);
	for (s = sims; s && s->host != host; s = s->next)
		;
	pthread_mutex_unlock(&sims_lock);
	return s;
}

static int sim_transfer(struct umod_spi_ctlr *c, unsigned int cs, const uint8_t *tx,
			uint8_t *rx, size_t len, bool select, bool deselect)
{
	int err = umod_board_spi_transfer(c->host, c->ctlr.dev.of_node, cs, tx, rx, len, select,
					  deselect);

	if (err == -ENODEV && rx)
		memset(rx, 0xff, len);
	return 0;
}

static int bus_number(struct sim_host *s, struct device_node *np)
{
	struct umod_of_tree *tree = umod_of_tree(s->host);
	int nr = umod_of_alias_get_id(tree, np, "spi");

	if (nr >= 0)
		return nr;
	pthread_mutex_lock(&sims_lock);
	if (s->next_dynamic <= umod_of_alias_get_highest_id(tree, "spi"))
		s->next_dynamic = umod_of_alias_get_highest_id(tree, "spi") + 1;
	nr = s->next_dynamic++;
	pthread_mutex_unlock(&sims_lock);
	return nr;
}

static int sim_probe(struct platform_device *pdev)
{
	struct umod_driver_core *dcore = umod_dev_core(&pdev->dev);
	struct device_node *np = pdev->dev.of_node;
	struct umod_spi_ctlr *c = calloc(1, sizeof(*c));
	uint32_t ncs;
	int err;

	if (!c)
		return -ENOMEM;
	c->host = dcore->host;
	c->transfer = sim_transfer;
	c->ctlr.dev.parent = &pdev->dev;
	c->ctlr.dev.of_node = np;
	c->ctlr.bus_num = (short)bus_number(sim_of(c->host), np);
	c->ctlr.num_chipselect = umod_of_property_read_u32(np, "num-cs", 0, &ncs) ? 2 :
				 (unsigned short)ncs;
	c->ctlr.mode_bits = SPI_CPOL | SPI_CPHA | SPI_CS_HIGH | SPI_NO_CS | SPI_3WIRE;
	c->ctlr.bits_per_word_mask = 1u << 7;
	c->ctlr.min_speed_hz = 3814;
	c->ctlr.max_speed_hz = 125000000;
	err = umod_spi_register_controller(c);
	if (err)
		return err;
	pdev->dev.driver_data = c;
	return 0;
}

static int sim_remove(struct platform_device *pdev)
{
	umod_spi_unregister_controller(pdev->dev.driver_data);
	return 0;
}

static const struct of_device_id sim_of_match[] = {
	{ .compatible = "umod,spi-sim" },
	{ .compatible = "brcm,bcm2835-spi" },
	{ .compatible = "" }
};

int umod_spi_sim_register(struct umod_host *host)
{
	struct umod_driver_core *dcore = umod_driver_core(host);
	struct sim_host *s;
	int err;

	if (!dcore)
		return -ENODEV;
	if (sim_of(host))
		return 0;
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	s->host = host;
	/* listed first: a probe during the registration numbers its bus from it */
	pthread_mutex_lock(&sims_lock);
	s->next = sims;
	sims = s;
	pthread_mutex_unlock(&sims_lock);
	err = umod_platform_host_driver(dcore, "spi-sim", sim_of_match, sim_probe, sim_remove,
					&s->drv);
	if (err)
		umod_spi_sim_unregister(host);
	return err;
}

void umod_spi_sim_unregister(struct umod_host *host)
{
	struct sim_host *s = NULL;

	pthread_mutex_lock(&sims_lock);
	for (struct sim_host **pp = &sims; *pp; pp = &(*pp)->next)
		if ((*pp)->host == host) {
			s = *pp;
			*pp = s->next;
			break;
		}
	pthread_mutex_unlock(&sims_lock);
	if (!s)
		return;
	umod_platform_host_driver_free(s->drv);
	free(s);
}
