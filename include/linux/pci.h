/* SPDX-License-Identifier: MIT */
/*
 * PCI drivers (Linux 6.1's include/linux/pci.h): struct pci_dev and
 * pci_driver (umod/kabi/pci.h, 6.1's field names), registration with an
 * id table (module_pci_driver(), MODULE_DEVICE_TABLE(pci, ...) for
 * autoloading), enabling, bus mastering, BAR regions and mappings
 * (pci_iomap(), pcim_ forms), config space accessors, and interrupts
 * (INTx, MSI through pci_alloc_irq_vectors()). The functions are the
 * board's: a node on its PCI bus, served by a device model.
 */
#ifndef LINUX_PCI_H
#define LINUX_PCI_H

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mod_devicetable.h>
#include <linux/pci_ids.h>
#include <linux/pci_regs.h>
#include <linux/types.h>
#include <umod/kabi/pci.h>
/* what 6.1's brings in through headers umod does not ship */
#include <asm/pgtable.h>
#include <asm/uaccess.h>
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/dma-direction.h>
#include <linux/dma-mapping.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/hash.h>
#include <linux/mm.h>
#include <linux/scatterlist.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/semaphore.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/uaccess.h>

#define PCI_DEVFN(slot, func)	((((slot) & 0x1f) << 3) | ((func) & 0x07))
#define PCI_SLOT(devfn)		(((devfn) >> 3) & 0x1f)
#define PCI_FUNC(devfn)		((devfn) & 0x07)

#define PCI_DEVICE(vend, dev) \
	.vendor = (vend), .device = (dev), \
	.subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID
#define PCI_DEVICE_SUB(vend, dev, subvend, subdev) \
	.vendor = (vend), .device = (dev), \
	.subvendor = (subvend), .subdevice = (subdev)
#define PCI_DEVICE_CLASS(dev_class, dev_class_mask) \
	.class = (dev_class), .class_mask = (dev_class_mask), \
	.vendor = PCI_ANY_ID, .device = PCI_ANY_ID, \
	.subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID
#define PCI_VDEVICE(vend, dev) \
	.vendor = PCI_VENDOR_ID_##vend, .device = (dev), \
	.subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID, 0, 0

#define to_pci_dev(n)		container_of(n, struct pci_dev, dev)
#define to_pci_driver(drv)	container_of(drv, struct pci_driver, driver)
#define for_each_pci_dev(d)	while ((d = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, d)) != NULL)
#define dev_is_pci(d)		((d)->bus == &pci_bus_type)

extern struct bus_type pci_bus_type;

static inline const char *pci_name(const struct pci_dev *pdev)
{
	return dev_name(&pdev->dev);
}

static inline void *pci_get_drvdata(struct pci_dev *pdev)
{
	return dev_get_drvdata(&pdev->dev);
}

static inline void pci_set_drvdata(struct pci_dev *pdev, void *data)
{
	dev_set_drvdata(&pdev->dev, data);
}

static inline int pci_domain_nr(struct pci_bus *bus)
{
	return 0;
}

static inline u16 pci_dev_id(struct pci_dev *dev)
{
	return (u16)(dev->bus ? dev->bus->number << 8 : 0) | dev->devfn;
}

/* ---- drivers ------------------------------------------------------------------- */

int __pci_register_driver(struct pci_driver *drv, struct module *owner, const char *mod_name);
#define pci_register_driver(driver) \
	__pci_register_driver(driver, THIS_MODULE, KBUILD_MODNAME)
void pci_unregister_driver(struct pci_driver *dev);
#define module_pci_driver(__pci_driver) \
	module_driver(__pci_driver, pci_register_driver, pci_unregister_driver)

const struct pci_device_id *pci_match_id(const struct pci_device_id *ids, struct pci_dev *dev);
struct pci_dev *pci_dev_get(struct pci_dev *dev);
void pci_dev_put(struct pci_dev *dev);

/* ---- the device ----------------------------------------------------------------- */

int __must_check pci_enable_device(struct pci_dev *dev);
int __must_check pci_enable_device_mem(struct pci_dev *dev);
int __must_check pcim_enable_device(struct pci_dev *pdev);
void pci_disable_device(struct pci_dev *dev);
int pci_is_enabled(struct pci_dev *pdev);
void pci_set_master(struct pci_dev *dev);
void pci_clear_master(struct pci_dev *dev);

static inline int pci_is_managed(struct pci_dev *pdev)
{
	return pdev->is_managed;
}

/* ---- config space ---------------------------------------------------------------- */

#define PCIBIOS_SUCCESSFUL		0x00
#define PCIBIOS_FUNC_NOT_SUPPORTED	0x81
#define PCIBIOS_BAD_VENDOR_ID		0x83
#define PCIBIOS_DEVICE_NOT_FOUND	0x86
#define PCIBIOS_BAD_REGISTER_NUMBER	0x87
#define PCIBIOS_SET_FAILED		0x88
#define PCIBIOS_BUFFER_TOO_SMALL	0x89

int pci_read_config_byte(const struct pci_dev *dev, int where, u8 *val);
int pci_read_config_word(const struct pci_dev *dev, int where, u16 *val);
int pci_read_config_dword(const struct pci_dev *dev, int where, u32 *val);
int pci_write_config_byte(const struct pci_dev *dev, int where, u8 val);
int pci_write_config_word(const struct pci_dev *dev, int where, u16 val);
int pci_write_config_dword(const struct pci_dev *dev, int where, u32 val);

/* pcibios_err_to_errno() */
static inline int pcibios_err_to_errno(int err)
{
	if (err <= PCIBIOS_SUCCESSFUL)
		return err;
	switch (err) {
	case PCIBIOS_FUNC_NOT_SUPPORTED: return -ENOENT;
	case PCIBIOS_BAD_VENDOR_ID: return -ENOTTY;
	case PCIBIOS_DEVICE_NOT_FOUND: return -ENODEV;
	case PCIBIOS_BAD_REGISTER_NUMBER: return -EFAULT;
	case PCIBIOS_SET_FAILED: return -EIO;
	case PCIBIOS_BUFFER_TOO_SMALL: return -ENOSPC;
	}
	return -ERANGE;
}

/* ---- BARs -------------------------------------------------------------------------- */

#define pci_resource_start(dev, bar)	((dev)->resource[(bar)].start)
#define pci_resource_end(dev, bar)	((dev)->resource[(bar)].end)
#define pci_resource_flags(dev, bar)	((dev)->resource[(bar)].flags)
#define pci_resource_len(dev, bar) \
	((pci_resource_end((dev), (bar)) == 0) ? 0 : \
	 (pci_resource_end((dev), (bar)) - pci_resource_start((dev), (bar)) + 1))

int __must_check pci_request_regions(struct pci_dev *pdev, const char *res_name);
void pci_release_regions(struct pci_dev *pdev);
int __must_check pci_request_region(struct pci_dev *pdev, int bar, const char *res_name);
void pci_release_region(struct pci_dev *pdev, int bar);
int pci_request_selected_regions(struct pci_dev *pdev, int bars, const char *res_name);
void pci_release_selected_regions(struct pci_dev *pdev, int bars);
int pci_select_bars(struct pci_dev *dev, unsigned long flags);

void __iomem *pci_iomap(struct pci_dev *dev, int bar, unsigned long max);
void __iomem *pci_iomap_range(struct pci_dev *dev, int bar, unsigned long offset,
			      unsigned long maxlen);
void pci_iounmap(struct pci_dev *dev, void __iomem *addr);
void __iomem *pcim_iomap(struct pci_dev *pdev, int bar, unsigned long maxlen);
void pcim_iounmap(struct pci_dev *pdev, void __iomem *addr);
void __iomem * const *pcim_iomap_table(struct pci_dev *pdev);
int pcim_iomap_regions(struct pci_dev *pdev, int mask, const char *name);

/* ---- interrupts --------------------------------------------------------------------- */

#define PCI_IRQ_LEGACY		(1 << 0)
#define PCI_IRQ_MSI		(1 << 1)
#define PCI_IRQ_MSIX		(1 << 2)
#define PCI_IRQ_AFFINITY	(1 << 3)
#define PCI_IRQ_ALL_TYPES	(PCI_IRQ_LEGACY | PCI_IRQ_MSI | PCI_IRQ_MSIX)

struct irq_affinity;
int pci_alloc_irq_vectors_affinity(struct pci_dev *dev, unsigned int min_vecs,
				   unsigned int max_vecs, unsigned int flags,
				   struct irq_affinity *affd);

static inline int pci_alloc_irq_vectors(struct pci_dev *dev, unsigned int min_vecs,
					unsigned int max_vecs, unsigned int flags)
{
	return pci_alloc_irq_vectors_affinity(dev, min_vecs, max_vecs, flags, NULL);
}

void pci_free_irq_vectors(struct pci_dev *dev);
int pci_irq_vector(struct pci_dev *dev, unsigned int nr);
int pci_enable_msi(struct pci_dev *dev);
void pci_disable_msi(struct pci_dev *dev);

static inline int pci_dev_msi_enabled(struct pci_dev *pci_dev)
{
	return pci_dev->msi_enabled || pci_dev->msix_enabled;
}

#endif /* LINUX_PCI_H */
