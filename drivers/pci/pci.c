// SPDX-License-Identifier: MIT
/*
 * What a PCI driver does with its device (Linux 6.1's drivers/pci/pci.c,
 * iomap.c, devres.c): pci_enable_device() (counted; the last disable
 * clears bus mastering), pci_set_master(), pci_request_regions() (each
 * BAR claimed by name below the PCI core's entry in /proc/iomem or
 * /proc/ioports; one that is taken fails them all with 6.1's "BAR N:
 * can't reserve" warning), pci_iomap() (ioremap() of a memory BAR,
 * ioport_map() of an I/O one) and the managed pcim_ forms, undone when
 * the driver lets the device go.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/pci/pci.h"
#include "kernel/kapi.h"
#include "kernel/printk/internal.h"
#include "kernel/resource.h"
#include "lib/iomap.h"

#define IORESOURCE_IO		0x00000100
#define IORESOURCE_MEM		0x00000200
#define IORESOURCE_BUSY		0x80000000
#define PCI_COMMAND		0x04
#define PCI_COMMAND_MASTER	0x4

static struct umod_pci_fn *fn_of(struct pci_dev *pdev)
{
	return pdev ? pdev->priv : NULL;
}

static void command(struct pci_dev *pdev, uint16_t set, uint16_t clear)
{
	struct umod_pci_fn *fn = fn_of(pdev);
	uint32_t cmd = umod_pci_cfg_read(fn, PCI_COMMAND, 2);

	umod_pci_cfg_write(fn, PCI_COMMAND, 2, (cmd | set) & ~(uint32_t)clear);
}

static int kapi_pci_enable_device(struct pci_dev *pdev)
{
	if (!fn_of(pdev))
		return -EINVAL;
	__atomic_add_fetch(&pdev->enable_cnt.counter, 1, __ATOMIC_SEQ_CST);
	return 0;
}

static void kapi_pci_disable_device(struct pci_dev *pdev)
{
	int left;

	if (!fn_of(pdev))
		return;
	if (__atomic_load_n(&pdev->enable_cnt.counter, __ATOMIC_SEQ_CST) <= 0) {
		umod_dev_printk(KERN_WARNING, &pdev->dev, "disabling already-disabled device\n");
		return;
	}
	left = __atomic_sub_fetch(&pdev->enable_cnt.counter, 1, __ATOMIC_SEQ_CST);
	if (!left) {
		command(pdev, 0, PCI_COMMAND_MASTER);
		pdev->is_busmaster = 0;
	}
}

static int kapi_pci_is_enabled(struct pci_dev *pdev)
{
	return pdev && __atomic_load_n(&pdev->enable_cnt.counter, __ATOMIC_SEQ_CST) > 0;
}

static void kapi_pci_set_master(struct pci_dev *pdev)
{
	if (!fn_of(pdev))
		return;
	command(pdev, PCI_COMMAND_MASTER, 0);
	pdev->is_busmaster = 1;
}

static void kapi_pci_clear_master(struct pci_dev *pdev)
{
	if (!fn_of(pdev))
		return;
	command(pdev, 0, PCI_COMMAND_MASTER);
	pdev->is_busmaster = 0;
}

/* ---- regions ------------------------------------------------------------------------ */

/* __request_region() below the BAR, under the caller's name */
static bool claim(struct pci_dev *pdev, int bar, const char *name)
{
	struct resource *r = &pdev->resource[bar], *busy = calloc(1, sizeof(*busy));

	if (!busy)
		return false;
	busy->start = r->start;
	busy->end = r->end;
	busy->name = name;
	busy->flags = (r->flags & (IORESOURCE_IO | IORESOURCE_MEM)) | IORESOURCE_BUSY;
	if (!umod_request_resource(r, busy))
		return true;
	free(busy);
	return false;
}

static void unclaim(struct pci_dev *pdev, int bar)
{
	struct resource *busy = pdev->resource[bar].child;

	if (!busy)
		return;
	umod_release_resource(busy);
	free(busy);
}

static int kapi_pci_request_region(struct pci_dev *pdev, int bar, const char *name)
{
	struct resource *r;

	if (!fn_of(pdev) || bar < 0 || bar >= PCI_NUM_BARS)
		return -EINVAL;
	r = &pdev->resource[bar];
	if (!r->flags || !r->end)
		return 0;
	if (claim(pdev, bar, name))
		return 0;
	umod_dev_printk(KERN_WARNING, &pdev->dev, "BAR %d: can't reserve [%s %#llx-%#llx]\n", bar,
			r->flags & IORESOURCE_IO ? "io" : "mem", r->start, r->end);
	return -EBUSY;
}

static void kapi_pci_release_region(struct pci_dev *pdev, int bar)
{
	if (fn_of(pdev) && bar >= 0 && bar < PCI_NUM_BARS && pdev->resource[bar].flags)
		unclaim(pdev, bar);
}

static int kapi_pci_request_selected_regions(struct pci_dev *pdev, int mask, const char *name)
{
	for (int bar = 0; bar < PCI_NUM_BARS; bar++) {
		int err = (mask & (1 << bar)) ? kapi_pci_request_region(pdev, bar, name) : 0;

		if (err) {
			while (--bar >= 0)
				if (mask & (1 << bar))
					kapi_pci_release_region(pdev, bar);
			return err;
		}
	}
	return 0;
}

static void kapi_pci_release_selected_regions(struct pci_dev *pdev, int mask)
{
	for (int bar = 0; bar < PCI_NUM_BARS; bar++)
		if (mask & (1 << bar))
			kapi_pci_release_region(pdev, bar);
}

static int kapi_pci_request_regions(struct pci_dev *pdev, const char *name)
{
	return kapi_pci_request_selected_regions(pdev, (1 << PCI_NUM_BARS) - 1, name);
}

static void kapi_pci_release_regions(struct pci_dev *pdev)
{
	kapi_pci_release_selected_regions(pdev, (1 << PCI_NUM_BARS) - 1);
}

static int kapi_pci_select_bars(struct pci_dev *pdev, unsigned long flags)
{
	int mask = 0;

	for (int bar = 0; pdev && bar < PCI_NUM_BARS; bar++)
		if (pdev->resource[bar].flags & flags)
			mask |= 1 << bar;
	return mask;
}

/* ---- mapping BARs --------------------------------------------------------------------- */

static void *kapi_pci_iomap_range(struct pci_dev *pdev, int bar, unsigned long offset,
				  unsigned long maxlen)
{
	struct resource *r;
	uint64_t len;

	if (!fn_of(pdev) || bar < 0 || bar >= PCI_NUM_BARS)
		return NULL;
	r = &pdev->resource[bar];
	len = r->flags ? r->end - r->start + 1 : 0;
	if (len <= offset || !r->start)
		return NULL;
	len -= offset;
	if (maxlen && len > maxlen)
		len = maxlen;
	if (r->flags & IORESOURCE_IO)
		return umod_ioport_map((unsigned long)(r->start + offset), (unsigned int)len);
	return umod_ioremap(fn_of(pdev)->host, r->start + offset, (size_t)len);
}

static void *kapi_pci_iomap(struct pci_dev *pdev, int bar, unsigned long maxlen)
{
	return kapi_pci_iomap_range(pdev, bar, 0, maxlen);
}

static void kapi_pci_iounmap(struct pci_dev *pdev, void *addr)
{
	if ((uintptr_t)addr >= 0x40000)		/* not a port cookie */
		umod_iounmap(addr);
}

/* ---- managed (pcim_) ------------------------------------------------------------------ */

struct pcim_res {
	struct pci_dev *pdev;
};

static void pcim_release(struct device *dev, void *res)
{
	struct pci_dev *pdev = ((struct pcim_res *)res)->pdev;
	struct umod_pci_fn *fn = fn_of(pdev);

	for (int bar = 0; bar < PCI_NUM_BARS; bar++)
		if (fn->pcim_table[bar]) {
			kapi_pci_iounmap(pdev, fn->pcim_table[bar]);
			fn->pcim_table[bar] = NULL;
		}
	if (pdev->is_managed && kapi_pci_is_enabled(pdev))
		kapi_pci_disable_device(pdev);
	pdev->is_managed = 0;
}

/* the device's one pcim record, made on first use */
static int pcim_get(struct pci_dev *pdev)
{
	struct pcim_res *r;

	if (pdev->is_managed)
		return 0;
	r = umod_devres_alloc(pcim_release, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->pdev = pdev;
	umod_devres_add(&pdev->dev, r);
	pdev->is_managed = 1;
	return 0;
}

static int kapi_pcim_enable_device(struct pci_dev *pdev)
{
	int err = fn_of(pdev) ? pcim_get(pdev) : -EINVAL;

	return err ? err : kapi_pci_enable_device(pdev);
}

static void **kapi_pcim_iomap_table(struct pci_dev *pdev)
{
	return fn_of(pdev) && !pcim_get(pdev) ? fn_of(pdev)->pcim_table : NULL;
}

static void *kapi_pcim_iomap(struct pci_dev *pdev, int bar, unsigned long maxlen)
{
	void **table = kapi_pcim_iomap_table(pdev);

	if (!table || bar < 0 || bar >= PCI_NUM_BARS || table[bar])
		return NULL;
	return table[bar] = kapi_pci_iomap(pdev, bar, maxlen);
}

static void kapi_pcim_iounmap(struct pci_dev *pdev, void *addr)
{
	void **table = kapi_pcim_iomap_table(pdev);

	for (int bar = 0; table && bar < PCI_NUM_BARS; bar++)
		if (table[bar] == addr) {
			kapi_pci_iounmap(pdev, addr);
			table[bar] = NULL;
		}
}

static int kapi_pcim_iomap_regions(struct pci_dev *pdev, int mask, const char *name)
{
	int err = kapi_pci_request_selected_regions(pdev, mask, name);

	for (int bar = 0; !err && bar < PCI_NUM_BARS; bar++)
		if ((mask & (1 << bar)) && pdev->resource[bar].flags &&
		    !kapi_pcim_iomap(pdev, bar, 0))
			err = -ENOMEM;
	return err;
}

static const struct umod_kapi_export pci_exports[] = {
	UMOD_KAPI("pci_enable_device", kapi_pci_enable_device),
	UMOD_KAPI("pci_enable_device_mem", kapi_pci_enable_device),
	UMOD_KAPI("pci_disable_device", kapi_pci_disable_device),
	UMOD_KAPI("pci_is_enabled", kapi_pci_is_enabled),
	UMOD_KAPI("pci_set_master", kapi_pci_set_master),
	UMOD_KAPI("pci_clear_master", kapi_pci_clear_master),
	UMOD_KAPI("pci_request_region", kapi_pci_request_region),
	UMOD_KAPI("pci_release_region", kapi_pci_release_region),
	UMOD_KAPI("pci_request_regions", kapi_pci_request_regions),
	UMOD_KAPI("pci_release_regions", kapi_pci_release_regions),
	UMOD_KAPI("pci_request_selected_regions", kapi_pci_request_selected_regions),
	UMOD_KAPI("pci_release_selected_regions", kapi_pci_release_selected_regions),
	UMOD_KAPI("pci_select_bars", kapi_pci_select_bars),
	UMOD_KAPI("pci_iomap", kapi_pci_iomap),
	UMOD_KAPI("pci_iomap_range", kapi_pci_iomap_range),
	UMOD_KAPI("pci_iounmap", kapi_pci_iounmap),
	UMOD_KAPI("pcim_enable_device", kapi_pcim_enable_device),
	UMOD_KAPI("pcim_iomap", kapi_pcim_iomap),
	UMOD_KAPI("pcim_iounmap", kapi_pcim_iounmap),
	UMOD_KAPI("pcim_iomap_table", kapi_pcim_iomap_table),
	UMOD_KAPI("pcim_iomap_regions", kapi_pcim_iomap_regions),
};

const struct umod_kapi_table umod_kapi_pci = UMOD_KAPI_TABLE(pci_exports);
