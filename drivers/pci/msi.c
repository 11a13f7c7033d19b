// SPDX-License-Identifier: MIT
/*
 * A PCI function's interrupts (Linux 6.1's drivers/pci/msi/ and
 * irq.c): pci_alloc_irq_vectors() gives MSI vectors when the function has
 * an MSI capability and the driver allows PCI_IRQ_MSI (the capability's
 * enable bit set, dev->irq the first vector's IRQ, as 6.1 does), else its
 * INTx line when PCI_IRQ_LEGACY allows it; pci_irq_vector() maps a
 * vector index to its IRQ. MSI vectors are IRQs of the host's "PCI-MSI"
 * domain, numbered in /proc/interrupts as 6.1 numbers them (the requester
 * ID << 11 | the vector). A model's interrupt line (umod_model_irq_set())
 * becomes a message each time it is raised while MSI is on, else the
 * INTx level it is.
 */
#include <errno.h>
#include <stdlib.h>

#include "drivers/pci/pci.h"
#include "kernel/irq/internals.h"
#include "kernel/kapi.h"

#define PCI_IRQ_LEGACY		(1 << 0)
#define PCI_IRQ_MSI		(1 << 1)
#define PCI_IRQ_MSIX		(1 << 2)
#define MSI_FLAGS_ENABLE	0x0001
#define MAX_VECTORS		32

static struct irq_chip msi_chip = { .name = "PCI-MSI" };

static int msi_map(struct irq_domain *d, unsigned int irq, unsigned long hwirq)
{
	struct umod_pci_host *ph = d->host_data;
	struct irq_desc *desc = umod_irq_to_desc(umod_irq_core(ph->host), irq);

	if (!desc)
		return -EINVAL;
	pthread_mutex_lock(&desc->lock);
	desc->irq_data.chip = &msi_chip;
	desc->handle_irq = umod_handle_edge_irq;
	pthread_mutex_unlock(&desc->lock);
	return 0;
}

static const struct irq_domain_ops msi_ops = { .map = msi_map };

/* the IRQs of @fn's first @n vectors: mapped once, kept until the board goes */
static int map_vectors(struct umod_pci_fn *fn, unsigned int n)
{
	struct umod_pci_host *ph = umod_pci_host(fn->host, false);
	unsigned int devfn = fn->pdev->devfn;

	if (!ph->msi_domain)
		ph->msi_domain = umod_irq_domain_add(umod_irq_core(fn->host), NULL,
						     256 * MAX_VECTORS, &msi_ops, ph, "PCI-MSI");
	if (!ph->msi_domain)
		return -ENOMEM;
	for (unsigned int i = 0; i < n; i++) {
		unsigned int irq = umod_irq_create_mapping(ph->msi_domain, devfn * MAX_VECTORS + i);
		struct irq_desc *desc = umod_irq_to_desc(umod_irq_core(fn->host), irq);

		if (!desc)
			return -ENOSPC;
		desc->irq_data.hwirq = (unsigned long)devfn << 11 | i;	/* what 6.1 shows */
		if (!i)
			fn->msi_irq = irq;
		else if (irq != fn->msi_irq + i)
			return -ENOSPC;		/* vectors must be consecutive IRQs */
	}
	return 0;
}

static unsigned int msi_capable(struct umod_pci_fn *fn)
{
	unsigned int ctrl;

	if (!fn->pdev->msi_cap)
		return 0;
	ctrl = umod_pci_cfg_read(fn, fn->pdev->msi_cap + 2u, 2);
	return 1u << ((ctrl >> 1) & 7);
}

static void msi_enable(struct umod_pci_fn *fn, unsigned int nvec)
{
	unsigned int at = fn->pdev->msi_cap + 2u, ctrl = umod_pci_cfg_read(fn, at, 2), mme = 0;

	while ((1u << mme) < nvec)
		mme++;
	/* the message x86 would program: the local APIC's window, the first vector's IRQ */
	umod_pci_cfg_write(fn, at + 2, 4, nvec ? 0xfee00000u : 0);
	umod_pci_cfg_write(fn, at + 6, 4, 0);
	umod_pci_cfg_write(fn, at + 10, 2, nvec ? fn->msi_irq : 0);
	umod_pci_cfg_write(fn, at, 2, (ctrl & ~0x70u) | mme << 4 | (nvec ? MSI_FLAGS_ENABLE : 0));
}

static int kapi_pci_alloc_irq_vectors_affinity(struct pci_dev *dev, unsigned int min_vecs,
					       unsigned int max_vecs, unsigned int flags,
					       void *affd)
{
	struct umod_pci_fn *fn = dev ? dev->priv : NULL;
	unsigned int nvec;
	int err;

	if (!fn || !min_vecs || min_vecs > max_vecs)
		return -EINVAL;
	if (dev->msi_enabled || dev->msix_enabled)
		return -EINVAL;
	nvec = msi_capable(fn);
	if ((flags & PCI_IRQ_MSI) && nvec >= min_vecs) {
		nvec = nvec < max_vecs ? nvec : max_vecs;
		err = map_vectors(fn, nvec);
		if (err)
			return err;
		fn->nvec = nvec;
		msi_enable(fn, nvec);
		dev->msi_enabled = 1;
		dev->irq = fn->msi_irq;
		return (int)nvec;
	}
	if ((flags & PCI_IRQ_LEGACY) && min_vecs == 1 && dev->pin && dev->irq)
		return 1;
	return -ENOSPC;
}

static void kapi_pci_free_irq_vectors(struct pci_dev *dev)
{
	struct umod_pci_fn *fn = dev ? dev->priv : NULL;

	if (!fn || !dev->msi_enabled)
		return;
	msi_enable(fn, 0);
	dev->msi_enabled = 0;
	fn->nvec = 0;
	dev->irq = fn->cfg[0x3d] ? fn->cfg[0x3c] : 0;
}

static int kapi_pci_irq_vector(struct pci_dev *dev, unsigned int nr)
{
	struct umod_pci_fn *fn = dev ? dev->priv : NULL;

	if (!fn)
		return -EINVAL;
	if (dev->msi_enabled)
		return nr < fn->nvec ? (int)(fn->msi_irq + nr) : -EINVAL;
	return nr ? -EINVAL : (int)dev->irq;
}

static int kapi_pci_enable_msi(struct pci_dev *dev)
{
	int n = kapi_pci_alloc_irq_vectors_affinity(dev, 1, 1, PCI_IRQ_MSI, NULL);

	return n < 0 ? n : 0;
}

void umod_pci_msi_free(struct umod_pci_fn *fn)
{
	kapi_pci_free_irq_vectors(fn->pdev);
}

bool umod_pci_model_irq(struct umod_host *host, const struct device_node *np, int level)
{
	struct umod_pci_fn *fn = umod_pci_fn_of_node(host, np);
	int old;

	if (!fn)
		return false;
	old = __atomic_exchange_n(&fn->intx_level, level, __ATOMIC_SEQ_CST);
	if (!fn->pdev->msi_enabled)
		return false;		/* INTx: the line goes to its controller */
	if (level)		/* each raise is a message, as QEMU's msi_notify() */
		umod_irq_raise(umod_irq_core(host), fn->msi_irq);
	(void)old;
	return true;
}

static const struct umod_kapi_export msi_exports[] = {
	UMOD_KAPI("pci_alloc_irq_vectors_affinity", kapi_pci_alloc_irq_vectors_affinity),
	UMOD_KAPI("pci_free_irq_vectors", kapi_pci_free_irq_vectors),
	UMOD_KAPI("pci_irq_vector", kapi_pci_irq_vector),
	UMOD_KAPI("pci_enable_msi", kapi_pci_enable_msi),
	UMOD_KAPI("pci_disable_msi", kapi_pci_free_irq_vectors),
};

const struct umod_kapi_table umod_kapi_pci_msi = UMOD_KAPI_TABLE(msi_exports);
