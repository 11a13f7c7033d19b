// SPDX-License-Identifier: MIT
/*
 * A PCI function's files (Linux 6.1's drivers/pci/pci-sysfs.c), in
 * /sys/devices/pci0000:00/0000:00:DD.F and through /sys/bus/pci/devices:
 * vendor, device, subsystem_vendor, subsystem_device, class, revision,
 * irq, enable, dma_mask_bits, consistent_dma_mask_bits, modalias,
 * resource (13 lines of start, end and flags, as a device that is no
 * bridge has) and config, the config space's 256 bytes, which is what
 * lspci reads through libpci's sysfs access.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/pci/pci.h"
#include "fs/sysfs/sysfs.h"

#define PDEV(priv)	((struct pci_dev *)(priv))

/* the header's fields, each printed as 6.1's pci-sysfs prints it */
static const struct {
	const char *name, *fmt;
	size_t offset, size;
} fields[] = {
	{ "vendor", "0x%04x\n", offsetof(struct pci_dev, vendor), 2 },
	{ "device", "0x%04x\n", offsetof(struct pci_dev, device), 2 },
	{ "subsystem_vendor", "0x%04x\n", offsetof(struct pci_dev, subsystem_vendor), 2 },
	{ "subsystem_device", "0x%04x\n", offsetof(struct pci_dev, subsystem_device), 2 },
	{ "class", "0x%06x\n", offsetof(struct pci_dev, class), 4 },
	{ "revision", "0x%02x\n", offsetof(struct pci_dev, revision), 1 },
	{ "irq", "%u\n", offsetof(struct pci_dev, irq), 4 },
};

static long field_show(struct kernfs_node *kn, void *priv, char *page)
{
	const char *name = umod_kernfs_name(kn);

	for (size_t i = 0; i < UMOD_ARRAY_SIZE(fields); i++) {
		unsigned int v = 0;

		if (strcmp(name, fields[i].name))
			continue;
		memcpy(&v, (char *)priv + fields[i].offset, fields[i].size);
		return snprintf(page, UMOD_PAGE_SIZE, fields[i].fmt, v);
	}
	return -EIO;
}

static long enable_show(struct kernfs_node *kn, void *priv, char *page)
{
	return snprintf(page, UMOD_PAGE_SIZE, "%d\n",
			__atomic_load_n(&PDEV(priv)->enable_cnt.counter, __ATOMIC_RELAXED));
}

static int mask_bits(unsigned long long mask)
{
	int bits = 0;

	while (bits < 64 && (mask >> bits))
		bits++;
	return bits;
}

static long dma_bits_show(struct kernfs_node *kn, void *priv, char *page)
{
	return snprintf(page, UMOD_PAGE_SIZE, "%d\n", mask_bits(PDEV(priv)->dma_mask));
}

static long coherent_bits_show(struct kernfs_node *kn, void *priv, char *page)
{
	return snprintf(page, UMOD_PAGE_SIZE, "%d\n",
			mask_bits(PDEV(priv)->dev.coherent_dma_mask));
}

static long modalias_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct pci_dev *p = PDEV(priv);

	return snprintf(page, UMOD_PAGE_SIZE, "pci:v%08Xd%08Xsv%08Xsd%08Xbc%02Xsc%02Xi%02X\n",
			p->vendor, p->device, p->subsystem_vendor, p->subsystem_device,
			(p->class >> 16) & 0xff, (p->class >> 8) & 0xff, p->class & 0xff);
}

static long resource_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct pci_dev *p = PDEV(priv);
	long len = 0;

	for (unsigned int i = 0; i < PCI_BRIDGE_RESOURCES; i++) {
		const struct resource *r = &p->resource[i];
		bool set = r->flags != 0;

		len += snprintf(page + len, UMOD_PAGE_SIZE - (size_t)len,
				"0x%016llx 0x%016llx 0x%016llx\n", set ? r->start : 0ull,
				set ? r->end : 0ull, (unsigned long long)r->flags);
	}
	return len;
}

static long config_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct umod_pci_fn *fn = PDEV(priv)->priv;

	for (unsigned int at = 0; at < PCI_CFG_SIZE; at += 4) {
		uint32_t v = umod_pci_cfg_read(fn, at, 4);

		memcpy(page + at, &v, 4);
	}
	return PCI_CFG_SIZE;
}

static const struct {
	const char *name;
	struct umod_kernfs_ops ops;
} files[] = {
	{ "vendor", { field_show, NULL } },
	{ "device", { field_show, NULL } },
	{ "subsystem_vendor", { field_show, NULL } },
	{ "subsystem_device", { field_show, NULL } },
	{ "class", { field_show, NULL } },
	{ "revision", { field_show, NULL } },
	{ "irq", { field_show, NULL } },
	{ "enable", { enable_show, NULL } },
	{ "dma_mask_bits", { dma_bits_show, NULL } },
	{ "consistent_dma_mask_bits", { coherent_bits_show, NULL } },
	{ "modalias", { modalias_show, NULL } },
	{ "resource", { resource_show, NULL } },
	{ "config", { config_show, NULL } },
};

int umod_pci_sysfs_add(struct pci_dev *pdev)
{
	int err = 0;

	for (size_t i = 0; i < UMOD_ARRAY_SIZE(files) && !err; i++)
		err = umod_base_file(&pdev->dev.kobj, files[i].name,
				     strcmp(files[i].name, "enable") ? 0444 : 0600, &files[i].ops,
				     pdev);
	return err;
}
