// SPDX-License-Identifier: MIT
/*
 * The board's PCI bus (Linux 6.1's drivers/pci/probe.c, what the firmware
 * and the enumeration do): a node with device_type "pci" is the host
 * bridge of bus 0000:00; each child whose reg's first cell holds a devfn
 * (the PCI binding: dev << 11 | fn << 8) is a function. Its config header
 * comes from the node (vendor-id, device-id, class-code, revision-id,
 * subsystem-vendor-id, subsystem-id: the binding's names), its BARs from
 * the model serving it (umod_model_pci_bar(), placed here in the bus's
 * windows, as a BIOS assigns them), INTA from its interrupts entry, an MSI
 * capability from `umod,msi-vectors`. Each becomes a pci_dev named
 * 0000:00:DD.F below /sys/devices/pci0000:00, its BARs claimed in
 * /proc/iomem and /proc/ioports under the bus's window.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/of/of_private.h"
#include "drivers/pci/pci.h"
#include "kernel/printk/internal.h"
#include "kernel/resource.h"

#define IORESOURCE_IO		0x00000100
#define IORESOURCE_MEM		0x00000200
#define IORESOURCE_PREFETCH	0x00002000
#define IORESOURCE_SIZEALIGN	0x00040000
#define IORESOURCE_MEM_64	0x00100000

/* the windows: below the pc board's 4 GiB hole, and the ports above the legacy ones */
#define MEM_WINDOW	0xfe000000ull
#define MEM_WINDOW_END	0xfebfffffull
#define IO_WINDOW	0xc000ull
#define IO_WINDOW_END	0xffffull

static pthread_mutex_t hosts_lock = PTHREAD_MUTEX_INITIALIZER;
static struct umod_list hosts = { &hosts, &hosts };

struct umod_pci_host *umod_pci_host(struct umod_host *host, bool create)
{
	struct umod_pci_host *ph = NULL;

	pthread_mutex_lock(&hosts_lock);
	for (struct umod_list *n = hosts.next; n != &hosts; n = n->next)
		if (umod_container_of(n, struct umod_pci_host, link)->host == host)
			ph = umod_container_of(n, struct umod_pci_host, link);
	if (!ph && create && (ph = calloc(1, sizeof(*ph)))) {
		ph->host = host;
		umod_list_init(&ph->fns);
		ph->mem_next = MEM_WINDOW;
		ph->io_next = IO_WINDOW;
		umod_list_add(&ph->link, &hosts);
	}
	pthread_mutex_unlock(&hosts_lock);
	return ph;
}

bool umod_pci_is_function(const struct device_node *np)
{
	const char *type = np->parent ? umod_of_get_property(np->parent, "device_type", NULL)
				      : NULL;

	return type && !strcmp(type, "pci");
}

/* ---- BARs: placed when the model declares them, aligned to their size ----------------- */

static uint64_t place(uint64_t *next, uint64_t end, uint64_t size)
{
	uint64_t base = (*next + size - 1) & ~(size - 1);

	if (base < *next || base + size - 1 > end)
		return 0;
	*next = base + size;
	return base;
}

int umod_pci_declare_bar(struct umod_host *host, const struct device_node *np, unsigned int bar,
			 uint64_t size, unsigned long flags, uint64_t *base)
{
	struct umod_pci_host *ph = umod_pci_host(host, true);
	bool io = flags & IORESOURCE_IO;
	uint64_t at;

	/* a power of two, at least 16 bytes of memory or 4 ports */
	if (!ph || bar >= PCI_NUM_BARS || size < (io ? 4 : 16) || (size & (size - 1)) ||
	    ph->nr_decl == UMOD_ARRAY_SIZE(ph->decl) || (io && size > 256))
		return -EINVAL;
	at = io ? place(&ph->io_next, IO_WINDOW_END, size)
		: place(&ph->mem_next, MEM_WINDOW_END, size);
	if (!at)
		return -ENOSPC;
	ph->decl[ph->nr_decl].np = np;
	ph->decl[ph->nr_decl].bar = bar;
	ph->decl[ph->nr_decl++].b = (struct umod_pci_bar){ at, size, flags };
	*base = at;
	return 0;
}

/* ---- the config header -------------------------------------------------------------- */

static uint32_t prop(const struct device_node *np, const char *name, uint32_t def)
{
	uint32_t v;

	return umod_of_property_read_u32(np, name, 0, &v) ? def : v;
}

static void put16(uint8_t *cfg, unsigned int at, uint32_t v)
{
	cfg[at] = (uint8_t)v;
	cfg[at + 1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *cfg, unsigned int at, uint32_t v)
{
	put16(cfg, at, v);
	put16(cfg, at + 2, v >> 16);
}

static void header(struct umod_pci_fn *fn, const struct device_node *np)
{
	uint8_t *cfg = fn->cfg;
	uint32_t class = prop(np, "class-code", 0xff0000), vectors = prop(np, "umod,msi-vectors", 0);

	put16(cfg, 0x00, prop(np, "vendor-id", 0xffff));
	put16(cfg, 0x02, prop(np, "device-id", 0xffff));
	cfg[0x08] = (uint8_t)prop(np, "revision-id", 0);
	cfg[0x09] = (uint8_t)class;
	cfg[0x0a] = (uint8_t)(class >> 8);
	cfg[0x0b] = (uint8_t)(class >> 16);
	fn->wmask[0x04] = 0x47;		/* command: I/O, memory, master, parity */
	fn->wmask[0x05] = 0x05;		/* SERR, INTx disable */
	fn->wmask[0x0c] = fn->wmask[0x0d] = fn->wmask[0x3c] = 0xff;
	put16(cfg, 0x2c, prop(np, "subsystem-vendor-id", 0));
	put16(cfg, 0x2e, prop(np, "subsystem-id", 0));
	for (unsigned int i = 0; i < PCI_NUM_BARS; i++) {
		const struct umod_pci_bar *b = &fn->bars[i];

		if (!b->size)
			continue;
		put32(cfg, 0x10 + 4 * i, (uint32_t)b->base | ((b->flags & IORESOURCE_IO) ? 1 :
				(b->flags & IORESOURCE_MEM_64 ? 4 : 0) |
				(b->flags & IORESOURCE_PREFETCH ? 8 : 0)));
		if (b->flags & IORESOURCE_MEM_64)
			put32(cfg, 0x14 + 4 * i++, (uint32_t)(b->base >> 32));
	}
	/* the firmware turned on decoding of what the BARs hold, as SeaBIOS does */
	for (unsigned int i = 0; i < PCI_NUM_BARS; i++)
		if (fn->bars[i].size)
			cfg[0x04] |= fn->bars[i].flags & IORESOURCE_IO ? 0x1 : 0x2;
	if (vectors) {
		unsigned int mmc = 0;

		while ((1u << mmc) < vectors && mmc < 5)
			mmc++;
		put16(cfg, 0x06, 0x0010);		/* status: a capabilities list */
		cfg[0x34] = PCI_MSI_CAP;
		cfg[PCI_MSI_CAP] = 0x05;		/* MSI */
		put16(cfg, PCI_MSI_CAP + 2, 0x0080 | mmc << 1);	/* 64-bit */
		fn->wmask[PCI_MSI_CAP + 2] = 0x71;	/* enable, vectors enabled */
		memset(fn->wmask + PCI_MSI_CAP + 4, 0xff, 10);	/* address, data */
		fn->pdev->msi_cap = PCI_MSI_CAP;
	}
}

/* ---- functions --------------------------------------------------------------------- */

static void fn_release(struct device *dev)
{
	struct pci_dev *pdev = umod_container_of(dev, struct pci_dev, dev);
	struct umod_pci_fn *fn = pdev->priv;

	pthread_mutex_destroy(&fn->lock);
	free(fn);
	free(pdev);
}

/* the BARs the model declared for @fn's node */
static void resources(struct umod_pci_host *ph, struct umod_pci_fn *fn)
{
	struct pci_dev *pdev = fn->pdev;

	for (unsigned int i = 0; i < ph->nr_decl; i++)
		if (ph->decl[i].np == fn->np)
			fn->bars[ph->decl[i].bar] = ph->decl[i].b;
	for (unsigned int i = 0; i < PCI_NUM_BARS; i++) {
		struct resource *r = &pdev->resource[i];

		if (!fn->bars[i].size)
			continue;
		r->start = fn->bars[i].base;
		r->end = fn->bars[i].base + fn->bars[i].size - 1;
		r->flags = fn->bars[i].flags | IORESOURCE_SIZEALIGN;
	}
}

/* the BARs claimed in the bus's windows, under the device's final name */
static void claim_bars(struct umod_pci_host *ph, struct pci_dev *pdev)
{
	for (unsigned int i = 0; i < PCI_NUM_BARS; i++) {
		struct resource *r = &pdev->resource[i];

		if (!r->flags)
			continue;
		r->name = umod_dev_name(&pdev->dev);
		umod_request_resource(r->flags & IORESOURCE_IO ? &ph->io_window : &ph->mem_window,
				      r);
	}
}

static int add_function(struct umod_pci_host *ph, struct umod_driver_core *core,
			struct device_node *np, unsigned int devfn)
{
	struct pci_dev *pdev = calloc(1, sizeof(*pdev));
	struct umod_pci_fn *fn = calloc(1, sizeof(*fn));
	int irq, err;

	if (!pdev || !fn) {
		free(pdev);
		free(fn);
		return -ENOMEM;
	}
	fn->pdev = pdev;
	fn->host = ph->host;
	fn->np = np;
	pthread_mutex_init(&fn->lock, NULL);
	pdev->priv = fn;
	pdev->bus = ph->bus;
	pdev->devfn = devfn;
	pdev->cfg_size = PCI_CFG_SIZE;
	pdev->dma_mask = 0xffffffffull;
	umod_device_initialize(core, &pdev->dev);
	pdev->dev.p->owner = NULL;
	pdev->dev.release = fn_release;
	pdev->dev.parent = ph->bus_dev;
	pdev->dev.bus = &umod_pci_bus_type;
	pdev->dev.of_node = np;
	pdev->dev.dma_mask = &pdev->dma_mask;
	pdev->dev.coherent_dma_mask = 0xffffffffull;
	pdev->dev.dma_parms = &pdev->dma_parms;
	err = umod_dev_set_name(&pdev->dev, "0000:00:%02x.%x", devfn >> 3, devfn & 7);
	if (err) {
		umod_put_device(&pdev->dev);
		return err;
	}
	resources(ph, fn);
	header(fn, np);
	pdev->vendor = (uint16_t)umod_pci_cfg_read(fn, 0x00, 2);
	pdev->device = (uint16_t)umod_pci_cfg_read(fn, 0x02, 2);
	pdev->subsystem_vendor = (uint16_t)umod_pci_cfg_read(fn, 0x2c, 2);
	pdev->subsystem_device = (uint16_t)umod_pci_cfg_read(fn, 0x2e, 2);
	pdev->class = umod_pci_cfg_read(fn, 0x08, 4) >> 8;
	pdev->revision = (uint8_t)umod_pci_cfg_read(fn, 0x08, 1);
	irq = umod_of_find_property(np, "interrupts", NULL) ? umod_of_irq_get_host(ph->host, np, 0)
							    : 0;
	if (irq > 0) {
		pdev->irq = (unsigned int)irq;
		pdev->pin = 1;
		fn->cfg[0x3c] = (uint8_t)irq;
		fn->cfg[0x3d] = 1;
	}
	pthread_mutex_lock(&hosts_lock);
	umod_list_add(&fn->link, &ph->fns);
	pthread_mutex_unlock(&hosts_lock);
	err = umod_device_add(core, &pdev->dev);
	if (!err)
		claim_bars(ph, pdev);
	if (!err)
		err = umod_pci_sysfs_add(pdev);
	return err;
}

static void bus_release(struct device *dev)
{
	free(dev);
}

/* pci0000:00, its struct pci_bus, and its windows in the resource trees */
static int add_bus(struct umod_pci_host *ph, struct umod_driver_core *core)
{
	struct device *bus_dev = calloc(1, sizeof(*bus_dev));
	int err;

	if (!bus_dev || !(ph->bus = calloc(1, sizeof(*ph->bus)))) {
		free(bus_dev);
		return -ENOMEM;
	}
	snprintf(ph->bus->name, sizeof(ph->bus->name), "PCI Bus 0000:00");
	ph->mem_window = (struct resource){ .start = MEM_WINDOW, .end = MEM_WINDOW_END,
					    .name = ph->bus->name, .flags = IORESOURCE_MEM };
	ph->io_window = (struct resource){ .start = IO_WINDOW, .end = IO_WINDOW_END,
					   .name = ph->bus->name, .flags = IORESOURCE_IO };
	umod_request_resource(umod_resource_root(ph->host, umod_resource_iomem()),
			      &ph->mem_window);
	umod_request_resource(umod_resource_root(ph->host, umod_resource_ioport()),
			      &ph->io_window);
	umod_device_initialize(core, bus_dev);
	bus_dev->p->owner = NULL;
	bus_dev->release = bus_release;
	bus_dev->init_name = "pci0000:00";
	err = umod_device_add(core, bus_dev);
	if (err) {
		umod_put_device(bus_dev);
		return err;
	}
	ph->bus_dev = bus_dev;
	return 0;
}

int umod_pci_scan(struct umod_host *host)
{
	struct umod_of_tree *tree = umod_of_tree(host);
	struct umod_driver_core *core = umod_driver_core(host);
	struct umod_pci_host *ph;
	int err = 0;

	for (size_t i = 0; tree && core && i < tree->nr_nodes && !err; i++) {
		struct device_node *np = tree->nodes[i];
		uint32_t hi;

		if (!umod_pci_is_function(np) || !umod_of_device_is_available(np) ||
		    umod_of_property_read_u32(np, "reg", 0, &hi))
			continue;
		ph = umod_pci_host(host, true);
		if (!ph)
			return -ENOMEM;
		if (umod_pci_fn_of_node(host, np))
			continue;	/* an overlay came: this one is there */
		if (!ph->bus_dev && ((err = umod_pci_bus_register(host)) || (err = add_bus(ph, core))))
			break;
		err = add_function(ph, core, np, (hi >> 8) & 0xff);
	}
	return err;
}

struct umod_pci_fn *umod_pci_fn_of_node(struct umod_host *host, const struct device_node *np)
{
	struct umod_pci_host *ph = umod_pci_host(host, false);
	struct umod_pci_fn *found = NULL;

	if (!ph)
		return NULL;
	pthread_mutex_lock(&hosts_lock);
	for (struct umod_list *n = ph->fns.next; n != &ph->fns; n = n->next)
		if (umod_container_of(n, struct umod_pci_fn, link)->np == np)
			found = umod_container_of(n, struct umod_pci_fn, link);
	pthread_mutex_unlock(&hosts_lock);
	return found;
}

/* the board goes: its functions, newest first, then the bus */
void umod_pci_host_gone(struct umod_host *host)
{
	struct umod_pci_host *ph = umod_pci_host(host, false);

	if (!ph)
		return;
	while (ph->fns.next != &ph->fns) {
		struct umod_pci_fn *fn = umod_container_of(ph->fns.next, struct umod_pci_fn, link);

		umod_list_del(&fn->link);
		umod_device_del(&fn->pdev->dev);
		umod_pci_msi_free(fn);
		for (unsigned int i = 0; i < PCI_NUM_BARS; i++)
			if (fn->pdev->resource[i].parent)
				umod_release_resource(&fn->pdev->resource[i]);
		umod_put_device(&fn->pdev->dev);
	}
	if (ph->bus_dev) {
		umod_device_del(ph->bus_dev);
		umod_put_device(ph->bus_dev);
	}
	umod_release_resource(&ph->mem_window);
	umod_release_resource(&ph->io_window);
	if (ph->bus_registered)
		umod_bus_unregister(umod_driver_core(host), &umod_pci_bus_type);
	pthread_mutex_lock(&hosts_lock);
	umod_list_del(&ph->link);
	pthread_mutex_unlock(&hosts_lock);
	free(ph->bus);
	free(ph);
}
