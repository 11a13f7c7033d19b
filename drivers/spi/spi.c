// SPDX-License-Identifier: MIT
/*
 * The SPI core (Linux 6.1's drivers/spi/spi.c): the spi bus, whose
 * devices (spiB.C: bus B, chip select C) are made from the children of a
 * controller's device-tree node, their modalias the first compatible
 * without its vendor, matched to protocol drivers by OF compatible, then
 * spi_device_id, then the driver's name; controllers are devices of the
 * spi_master class (spiB). A message runs its transfers in order with
 * the chip select held from the first to the last (cs_change releases it
 * between two), one message at a time per controller; spi_async() runs it
 * at once and then calls its complete() as the driver's code.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/of/of_private.h"
#include "drivers/spi/spi.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/printk/internal.h"
#include "lib/kobject_uevent.h"

#define to_spi(d)	umod_container_of(d, struct spi_device, dev)
#define to_sdrv(d)	umod_container_of(d, struct spi_driver, driver)
#define to_ctlr(d)	umod_container_of(umod_container_of(d, struct spi_controller, dev), \
					  struct umod_spi_ctlr, ctlr)

static struct class spi_master_class = {
	.name = "spi_master",
};

static const struct spi_device_id *match_id(const struct spi_device_id *id, const char *name)
{
	for (; id && id->name[0]; id++)
		if (!strcmp(name, id->name))
			return id;
	return NULL;
}

static int spi_match_device(struct device *dev, struct device_driver *drv)
{
	struct spi_device *spi = to_spi(dev);

	if (spi->driver_override)
		return !strcmp(spi->driver_override, drv->name);
	if (umod_of_driver_match_device(dev, drv))
		return 1;
	if (to_sdrv(drv)->id_table)
		return match_id(to_sdrv(drv)->id_table, spi->modalias) != NULL;
	return !strcmp(spi->modalias, drv->name);
}

static int spi_uevent(struct device *dev, struct kobj_uevent_env *env)
{
	char buf[UEVENT_BUFFER_SIZE];

	if (umod_of_device_modalias(dev, buf, sizeof(buf)) >= 0)
		return umod_add_uevent_var(env, "MODALIAS=%s", buf);
	return umod_add_uevent_var(env, "MODALIAS=%s%s", SPI_MODULE_PREFIX, to_spi(dev)->modalias);
}

struct drv_call {
	struct spi_driver *drv;
	struct spi_device *spi;
};

static long call_probe(void *arg)
{
	struct drv_call *c = arg;

	return c->drv->probe(c->spi);
}

static long call_remove(void *arg)
{
	struct drv_call *c = arg;

	c->drv->remove(c->spi);
	return 0;
}

static int spi_probe(struct device *dev)
{
	struct drv_call c = { to_sdrv(dev->driver), to_spi(dev) };

	if (dev->of_node) {
		int irq = umod_of_irq_get(dev->of_node, 0);

		if (irq == -EPROBE_DEFER)
			return irq;
		c.spi->irq = irq > 0 ? irq : 0;
	}
	if (!c.drv->probe)
		return 0;
	return (int)umod_base_call(umod_module_of(c.drv->driver.owner), call_probe, &c);
}

static void spi_remove(struct device *dev)
{
	struct drv_call c = { to_sdrv(dev->driver), to_spi(dev) };

	if (c.drv->remove)
		umod_base_call(umod_module_of(c.drv->driver.owner), call_remove, &c);
}

struct bus_type umod_spi_bus_type = {
	.name = "spi",
	.match = spi_match_device,
	.uevent = spi_uevent,
	.probe = spi_probe,
	.remove = spi_remove,
};

/* ---- devices ------------------------------------------------------------------------------ */

static void spidev_release(struct device *dev)
{
	free(to_spi(dev));
}

static long modalias_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct device *dev = priv;
	long len = umod_of_device_modalias(dev, page, UMOD_PAGE_SIZE - 1);

	if (len >= 0) {
		page[len++] = '\n';
		return len;
	}
	return snprintf(page, UMOD_PAGE_SIZE, "%s%s\n", SPI_MODULE_PREFIX, to_spi(dev)->modalias);
}

static const struct umod_kernfs_ops modalias_ops = { modalias_show, NULL };

/* of_register_spi_device(): reg is the chip select, the rest the node's spi-* properties */
static int of_spi_device(struct umod_spi_ctlr *c, struct device_node *np)
{
	struct umod_driver_core *core = umod_driver_core(c->host);
	struct spi_device *spi = calloc(1, sizeof(*spi));
	const char *compat = umod_of_get_property(np, "compatible", NULL);
	char path[256];
	uint32_t cs, hz;
	int err;

	umod_of_node_path(np, path, sizeof(path));
	if (!spi)
		return -ENOMEM;
	if (umod_of_property_read_u32(np, "reg", 0, &cs) || cs >= c->ctlr.num_chipselect) {
		umod_dev_printk(KERN_ERR, &c->ctlr.dev, "%s has no valid 'reg' property (%d)\n",
				path, -EINVAL);
		free(spi);
		return -EINVAL;
	}
	snprintf(spi->modalias, sizeof(spi->modalias), "%s",
		 strchr(compat, ',') ? strchr(compat, ',') + 1 : compat);
	spi->controller = spi->master = &c->ctlr;
	spi->chip_select = (unsigned char)cs;
	spi->bits_per_word = 8;
	spi->max_speed_hz = umod_of_property_read_u32(np, "spi-max-frequency", 0, &hz) ?
			    c->ctlr.max_speed_hz : hz;
	spi->mode = (umod_of_find_property(np, "spi-cpha", NULL) ? SPI_CPHA : 0) |
		    (umod_of_find_property(np, "spi-cpol", NULL) ? SPI_CPOL : 0) |
		    (umod_of_find_property(np, "spi-cs-high", NULL) ? SPI_CS_HIGH : 0);
	umod_device_initialize(core, &spi->dev);
	if (spi->dev.p)
		spi->dev.p->owner = NULL;
	spi->dev.parent = &c->ctlr.dev;
	spi->dev.bus = &umod_spi_bus_type;
	spi->dev.release = spidev_release;
	spi->dev.of_node = np;
	err = umod_dev_set_name(&spi->dev, "spi%d.%u", c->ctlr.bus_num, cs);
	if (!err)
		err = umod_device_add(core, &spi->dev);
	if (!err)
		err = umod_base_file(&spi->dev.kobj, "modalias", 0444, &modalias_ops, &spi->dev);
	if (err) {
		umod_dev_printk(KERN_ERR, &c->ctlr.dev, "Failed to create SPI device for %s\n",
				path);
		umod_device_del(&spi->dev);
		umod_put_device(&spi->dev);
	}
	return err;
}

/* the controller goes with its last reference */
static void ctlr_release(struct device *dev)
{
	free(to_ctlr(dev));
}

int umod_spi_register_controller(struct umod_spi_ctlr *c)
{
	struct umod_driver_core *core = umod_driver_core(c->host);
	struct device_node *np = c->ctlr.dev.of_node;
	int err;

	pthread_mutex_init(&c->bus_lock, NULL);
	umod_device_initialize(core, &c->ctlr.dev);
	if (c->ctlr.dev.p)
		c->ctlr.dev.p->owner = NULL;
	c->ctlr.dev.class = &spi_master_class;
	c->ctlr.dev.release = ctlr_release;
	err = umod_dev_set_name(&c->ctlr.dev, "spi%d", c->ctlr.bus_num);
	if (!err)
		err = umod_device_add(core, &c->ctlr.dev);
	if (err) {
		pthread_mutex_destroy(&c->bus_lock);
		umod_put_device(&c->ctlr.dev);
		return err;
	}
	for (struct device_node *ch = np ? np->child : NULL; ch; ch = ch->sibling)
		if (umod_of_device_is_available(ch) &&
		    umod_of_find_property(ch, "compatible", NULL))
			of_spi_device(c, ch);
	return 0;
}

static void remove_children(struct umod_spi_ctlr *c)
{
	struct umod_driver_core *core = umod_driver_core(c->host);
	struct subsys_private *sp = umod_bus_private(core, &umod_spi_bus_type);
	struct device **v;
	size_t n;

	if (!sp)
		return;
	v = umod_base_collect(core, &sp->devices, offsetof(struct device_private, node_bus), &n);
	for (size_t i = 0; i < n; i++)
		if (to_spi(v[i])->controller == &c->ctlr && v[i]->p->added) {
			umod_device_del(v[i]);
			umod_put_device(v[i]);
		}
	umod_base_put_all(v, n);
}

void umod_spi_unregister_controller(struct umod_spi_ctlr *c)
{
	remove_children(c);
	pthread_mutex_destroy(&c->bus_lock);
	umod_device_del(&c->ctlr.dev);
	umod_put_device(&c->ctlr.dev);
}

/* ---- messages ---------------------------------------------------------------------------- */

int umod_spi_sync(struct spi_device *spi, struct spi_message *msg)
{
	struct umod_spi_ctlr *c = to_ctlr(&spi->controller->dev);
	struct list_head *head = &msg->transfers;
	bool selected = false;
	int err = 0;

	msg->spi = spi;
	msg->actual_length = 0;
	msg->frame_length = 0;
	for (struct list_head *l = head->next; l != head; l = l->next)
		msg->frame_length += umod_container_of(l, struct spi_transfer, transfer_list)->len;
	pthread_mutex_lock(&c->bus_lock);
	for (struct list_head *l = head->next; l != head && !err; l = l->next) {
		struct spi_transfer *t = umod_container_of(l, struct spi_transfer, transfer_list);
		bool last = l->next == head;
		bool release = last ? !t->cs_change : t->cs_change;

		err = c->transfer(c, spi->chip_select, t->tx_buf, t->rx_buf, t->len, !selected,
				  release);
		selected = !release;
		if (!err)
			msg->actual_length += t->len;
	}
	if (err && selected)
		c->transfer(c, spi->chip_select, NULL, NULL, 0, false, true);
	pthread_mutex_unlock(&c->bus_lock);
	msg->status = err;
	return err;
}

int umod_spi_write_then_read(struct spi_device *spi, const void *tx, unsigned int n_tx,
			     void *rx, unsigned int n_rx)
{
	unsigned char *buf = malloc((size_t)n_tx + n_rx + 1);
	struct spi_transfer x[2] = { { 0 } };
	struct spi_message msg = { 0 };
	int err;

	if (!buf)
		return -ENOMEM;
	umod_list_init((struct umod_list *)&msg.transfers);
	umod_list_init((struct umod_list *)&msg.resources);
	if (n_tx)
		memcpy(buf, tx, n_tx);
	x[0].tx_buf = buf;
	x[0].len = n_tx;
	x[1].rx_buf = buf + n_tx;
	x[1].len = n_rx;
	for (int i = 0; i < 2; i++)
		if (x[i].len)
			umod_list_add((struct umod_list *)&x[i].transfer_list,
				      (struct umod_list *)msg.transfers.prev);
	err = umod_spi_sync(spi, &msg);
	if (!err && n_rx)
		memcpy(rx, buf + n_tx, n_rx);
	free(buf);
	return err;
}

/* ---- the exports -------------------------------------------------------------------------- */

static int kapi___spi_register_driver(struct module *owner, struct spi_driver *sdrv)
{
	struct umod_module *mod = umod_module_of(owner);
	struct umod_driver_core *core = mod ? umod_driver_core(mod->host) : umod_caller_core();

	if (!sdrv || !core)
		return -EINVAL;
	sdrv->driver.owner = owner;
	sdrv->driver.bus = &umod_spi_bus_type;
	return umod_driver_register(core, &sdrv->driver);
}

static const struct spi_device_id *kapi_spi_get_device_id(const struct spi_device *sdev)
{
	const struct spi_driver *sdrv = sdev->dev.driver ? to_sdrv(sdev->dev.driver) : NULL;

	return sdrv ? match_id(sdrv->id_table, sdev->modalias) : NULL;
}

static int kapi_spi_setup(struct spi_device *spi)
{
	if (!spi->bits_per_word)
		spi->bits_per_word = 8;
	if (spi->bits_per_word != 8) {
		umod_dev_printk(KERN_ERR, &spi->dev, "setup: %u bits/word, controller does 8\n",
				spi->bits_per_word);
		return -EINVAL;
	}
	if (!spi->max_speed_hz || spi->max_speed_hz > spi->controller->max_speed_hz)
		spi->max_speed_hz = spi->controller->max_speed_hz;
	return 0;
}

static int kapi_spi_sync(struct spi_device *spi, struct spi_message *msg)
{
	return spi && msg ? umod_spi_sync(spi, msg) : -EINVAL;
}

struct complete_call {
	struct spi_message *msg;
};

static long call_complete(void *arg)
{
	struct spi_message *msg = ((struct complete_call *)arg)->msg;

	msg->complete(msg->context);
	return 0;
}

static int kapi_spi_async(struct spi_device *spi, struct spi_message *msg)
{
	struct complete_call c = { msg };

	if (!spi || !msg)
		return -EINVAL;
	umod_spi_sync(spi, msg);
	if (msg->complete)
		umod_base_call(umod_caller_module(), call_complete, &c);
	return 0;
}

static int kapi_spi_write_then_read(struct spi_device *spi, const void *tx, unsigned int n_tx,
				    void *rx, unsigned int n_rx)
{
	return umod_spi_write_then_read(spi, tx, n_tx, rx, n_rx);
}

static const struct umod_kapi_export spi_exports[] = {
	UMOD_KAPI_GPL("spi_bus_type", &umod_spi_bus_type),
	UMOD_KAPI_GPL("__spi_register_driver", kapi___spi_register_driver),
	UMOD_KAPI_GPL("spi_get_device_id", kapi_spi_get_device_id),
	UMOD_KAPI_GPL("spi_setup", kapi_spi_setup),
	UMOD_KAPI_GPL("spi_sync", kapi_spi_sync),
	UMOD_KAPI_GPL("spi_sync_locked", kapi_spi_sync),
	UMOD_KAPI_GPL("spi_async", kapi_spi_async),
	UMOD_KAPI_GPL("spi_write_then_read", kapi_spi_write_then_read),
};

const struct umod_kapi_table umod_kapi_spi = UMOD_KAPI_TABLE(spi_exports);

/* ---- the host's part ------------------------------------------------------------------------ */

int umod_spi_init(struct umod_host *host)
{
	struct umod_driver_core *core = umod_driver_core(host);
	int err;

	if (!core)
		return -ENOMEM;
	err = umod_bus_register(core, &umod_spi_bus_type, NULL);
	if (!err && (err = umod_class_register(core, &spi_master_class, NULL)))
		umod_bus_unregister(core, &umod_spi_bus_type);
	return err;
}

void umod_spi_host_gone(struct umod_host *host)
{
	struct umod_driver_core *core = umod_driver_core(host);

	umod_spi_sim_unregister(host);
	if (!core)
		return;
	umod_class_unregister(core, &spi_master_class);
	umod_bus_unregister(core, &umod_spi_bus_type);
}
