/* SPDX-License-Identifier: MIT */
/*
 * PCI's structures as both sides see them (Linux 6.1's include/linux/
 * pci.h and mod_devicetable.h): the fields drivers read (dev->vendor,
 * dev->irq, dev->resource[], dev->msi_enabled ...) with 6.1's names, in
 * 6.1's order; what only the PCI core uses is behind `priv`. Builtin
 * types only, as in kabi.h; the sizes are not 6.1 amd64's.
 */
#ifndef _UMOD_KABI_PCI_H
#define _UMOD_KABI_PCI_H

#include <umod/kabi/device.h>
#include <umod/kabi/types.h>

#define PCI_ANY_ID		(~0u)
#define DEVICE_COUNT_RESOURCE	17	/* 6 BARs, the ROM, 6 IOV BARs, 4 bridge windows */
#define PCI_BRIDGE_RESOURCES	13
#define PCI_ROM_RESOURCE	6

struct pci_device_id {
	unsigned int vendor, device;		/* PCI_ANY_ID: any */
	unsigned int subvendor, subdevice;
	unsigned int class, class_mask;		/* (class, subclass, prog-if) */
	unsigned long driver_data;
	unsigned int override_only;
};

struct pci_bus {
	struct list_head node;
	struct pci_bus *parent;
	struct list_head children;
	struct list_head devices;
	struct pci_dev *self;
	struct list_head slots;
	struct resource *resource[4];
	struct list_head resources;
	struct resource busn_res;
	struct pci_ops *ops;
	void *sysdata;
	struct proc_dir_entry *procdir;
	unsigned char number;
	unsigned char primary;
	unsigned char max_bus_speed;
	unsigned char cur_bus_speed;
	char name[48];
	unsigned short bridge_ctl;
	unsigned short bus_flags;
	struct device *bridge;
	struct device dev;
	int domain_nr;
};

struct pci_dev {
	struct list_head bus_list;
	struct pci_bus *bus;
	struct pci_bus *subordinate;
	void *sysdata;
	struct proc_dir_entry *procent;
	struct pci_slot *slot;
	unsigned int devfn;
	unsigned short vendor;
	unsigned short device;
	unsigned short subsystem_vendor;
	unsigned short subsystem_device;
	unsigned int class;		/* 3 bytes: (base, sub, prog-if) */
	unsigned char revision;
	unsigned char hdr_type;
	unsigned char pin;		/* 1: INTA ... 0: none */
	struct pci_driver *driver;
	unsigned long long dma_mask;
	struct device_dma_parameters dma_parms;
	struct device dev;
	int cfg_size;			/* 256 */
	unsigned int irq;
	struct resource resource[DEVICE_COUNT_RESOURCE];
	unsigned int is_busmaster:1;
	unsigned int msi_enabled:1;
	unsigned int msix_enabled:1;
	unsigned int is_managed:1;
	atomic_t enable_cnt;
	unsigned char msi_cap;
	unsigned char msix_cap;
	const char *driver_override;
	unsigned long priv_flags;
	void *priv;			/* the PCI core's */
};

struct pci_dynids {
	int lock;
	struct list_head list;
};

struct pci_driver {
	struct list_head node;
	const char *name;
	const struct pci_device_id *id_table;
	int (*probe)(struct pci_dev *dev, const struct pci_device_id *id);
	void (*remove)(struct pci_dev *dev);
	int (*suspend)(struct pci_dev *dev, pm_message_t state);
	int (*resume)(struct pci_dev *dev);
	void (*shutdown)(struct pci_dev *dev);
	int (*sriov_configure)(struct pci_dev *dev, int num_vfs);
	int (*sriov_set_msix_vec_count)(struct pci_dev *vf, int msix_vec_count);
	unsigned int (*sriov_get_vf_total_msix)(struct pci_dev *pf);
	const struct pci_error_handlers *err_handler;
	const struct attribute_group **groups;
	const struct attribute_group **dev_groups;
	struct device_driver driver;
	struct pci_dynids dynids;
	_Bool driver_managed_dma;
};

#endif /* _UMOD_KABI_PCI_H */
