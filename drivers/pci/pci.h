/* SPDX-License-Identifier: MIT */
/*
 * What drivers/pci/'s files share (Linux's drivers/pci/pci.h): each
 * host's PCI bus, made from its board (probe.c), the functions on it with
 * their config space, and the hooks the device models call.
 */
#ifndef _UMOD_DRIVERS_PCI_PCI_H
#define _UMOD_DRIVERS_PCI_PCI_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <umod/kabi/pci.h>

#include "kernel/module/module.h"
#include "util/list.h"

struct device_node;
struct irq_domain;

#define PCI_CFG_SIZE		256
#define PCI_NUM_BARS		6
#define PCI_MSI_CAP		0x40	/* where the core puts a function's MSI capability */

/* a BAR a model declared: its place in the host's windows */
struct umod_pci_bar {
	uint64_t base, size;
	unsigned long flags;		/* IORESOURCE_MEM or _IO, | _MEM_64, _PREFETCH */
};

/* the PCI core's half of a pci_dev (pci_dev->priv) */
struct umod_pci_fn {
	struct pci_dev *pdev;
	struct umod_host *host;
	const struct device_node *np;
	pthread_mutex_t lock;			/* cfg */
	uint8_t cfg[PCI_CFG_SIZE];
	uint8_t wmask[PCI_CFG_SIZE];		/* the bits a write changes (BARs aside) */
	struct umod_pci_bar bars[PCI_NUM_BARS];
	bool bar_sizing[PCI_NUM_BARS];		/* all ones written: reads give the mask */
	unsigned int msi_irq;			/* vector 0's IRQ, while MSI is on */
	unsigned int nvec;
	int intx_level;
	void *pcim_table[PCI_NUM_BARS];		/* pcim_iomap_table() */
	struct umod_list link;			/* on the host's functions */
};

/* one per host with a PCI bus */
struct umod_pci_host {
	struct umod_host *host;
	struct umod_list link;
	struct umod_list fns;			/* struct umod_pci_fn */
	struct device *bus_dev;			/* /sys/devices/pci0000:00 */
	struct pci_bus *bus;
	uint64_t mem_next, io_next;		/* the windows' next free addresses */
	struct { const struct device_node *np; unsigned int bar; struct umod_pci_bar b; } decl[32];
	unsigned int nr_decl;
	struct irq_domain *msi_domain;		/* "PCI-MSI" */
	struct resource mem_window, io_window;	/* "PCI Bus 0000:00" in iomem, ioports */
	bool bus_registered;
};

extern struct bus_type umod_pci_bus_type;

/* probe.c: the host's PCI state (made with @create) */
struct umod_pci_host *umod_pci_host(struct umod_host *host, bool create);
/* probe.c: the board's PCI functions become devices (after its models started) */
int umod_pci_scan(struct umod_host *host);
void umod_pci_host_gone(struct umod_host *host);
/* a function's config space, @size 1, 2 or 4 at @where (access.c) */
uint32_t umod_pci_cfg_read(struct umod_pci_fn *fn, unsigned int where, unsigned int size);
void umod_pci_cfg_write(struct umod_pci_fn *fn, unsigned int where, unsigned int size,
			uint32_t value);
/* pci-driver.c: the bus, registered in @host the first time it is needed */
int umod_pci_bus_register(struct umod_host *host);
/* pci-sysfs.c: a function's files */
int umod_pci_sysfs_add(struct pci_dev *pdev);
/* msi.c */
void umod_pci_msi_free(struct umod_pci_fn *fn);
/* the pci_dev of @fn's node, from a model */
struct umod_pci_fn *umod_pci_fn_of_node(struct umod_host *host, const struct device_node *np);

/* for boards/model.c: BAR @bar of @np's function, @size bytes; 0 and its base, or -errno */
int umod_pci_declare_bar(struct umod_host *host, const struct device_node *np, unsigned int bar,
			 uint64_t size, unsigned long flags, uint64_t *base);
/* for boards/model.c: the function's interrupt @level; false if it is no PCI function */
bool umod_pci_model_irq(struct umod_host *host, const struct device_node *np, int level);
/* is @np a function on a board's PCI bus? */
bool umod_pci_is_function(const struct device_node *np);

#endif /* _UMOD_DRIVERS_PCI_PCI_H */
