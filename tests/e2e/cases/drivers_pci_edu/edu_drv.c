// SPDX-License-Identifier: GPL-2.0
/*
 * A PCI driver for QEMU's edu device, as for Linux 6.1 (the device's
 * register interface is QEMU's docs/specs/edu.rst): it maps BAR 0, checks
 * the identification and liveness registers, computes factorials through
 * the device with its interrupt, first as INTx and then as MSI, and moves
 * a buffer to the device and back with one DMA transfer each way.
 */
#include <linux/completion.h>
#include <linux/dma-mapping.h>
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/slab.h>

#define EDU_ID		0x00
#define EDU_LIVENESS	0x04
#define EDU_FACTORIAL	0x08
#define EDU_STATUS	0x20
#define EDU_IRQ_STATUS	0x24
#define EDU_IRQ_RAISE	0x60
#define EDU_IRQ_ACK	0x64
#define EDU_DMA_SRC	0x80
#define EDU_DMA_DST	0x88
#define EDU_DMA_CNT	0x90
#define EDU_DMA_CMD	0x98
#define EDU_STATUS_IRQFACT	0x80
#define EDU_DMA_RUN	0x1
#define EDU_DMA_TO_RAM	0x2
#define EDU_DMA_IRQ	0x4
#define EDU_BUFFER	0x40000

struct edu {
	struct pci_dev *pdev;
	void __iomem *regs;
	struct completion done;
	u32 last_status;
	int irq;
};

static irqreturn_t edu_interrupt(int irq, void *data)
{
	struct edu *edu = data;
	u32 status = ioread32(edu->regs + EDU_IRQ_STATUS);

	if (!status)
		return IRQ_NONE;
	iowrite32(status, edu->regs + EDU_IRQ_ACK);
	edu->last_status = status;
	complete(&edu->done);
	return IRQ_HANDLED;
}

static int edu_wait(struct edu *edu)
{
	if (!wait_for_completion_timeout(&edu->done, HZ))
		return -ETIMEDOUT;
	return 0;
}

static int edu_factorial(struct edu *edu, u32 n, u32 *result)
{
	int err;

	reinit_completion(&edu->done);
	iowrite32(EDU_STATUS_IRQFACT, edu->regs + EDU_STATUS);
	iowrite32(n, edu->regs + EDU_FACTORIAL);
	err = edu_wait(edu);
	*result = ioread32(edu->regs + EDU_FACTORIAL);
	return err;
}

static int edu_dma(struct edu *edu, u64 src, u64 dst, u32 len, u32 dir)
{
	reinit_completion(&edu->done);
	writeq(src, edu->regs + EDU_DMA_SRC);
	writeq(dst, edu->regs + EDU_DMA_DST);
	writeq(len, edu->regs + EDU_DMA_CNT);
	writeq(EDU_DMA_RUN | EDU_DMA_IRQ | dir, edu->regs + EDU_DMA_CMD);
	return edu_wait(edu);
}

static int edu_use_irq(struct edu *edu, unsigned int type, const char *name)
{
	struct pci_dev *pdev = edu->pdev;
	int nvec = pci_alloc_irq_vectors(pdev, 1, 1, type);

	if (nvec < 0)
		return nvec;
	edu->irq = pci_irq_vector(pdev, 0);
	return request_irq(edu->irq, edu_interrupt, IRQF_SHARED, name, edu);
}

static void edu_drop_irq(struct edu *edu)
{
	free_irq(edu->irq, edu);
	pci_free_irq_vectors(edu->pdev);
}

static int edu_transfer(struct edu *edu)
{
	struct device *dev = &edu->pdev->dev;
	static const char text[] = "written by the CPU, carried by DMA";
	dma_addr_t coherent, streaming;
	char *buf, *back;
	int err;

	err = dma_set_mask_and_coherent(dev, DMA_BIT_MASK(28));
	if (err)
		return err;
	buf = dma_alloc_coherent(dev, PAGE_SIZE, &coherent, GFP_KERNEL);
	back = kzalloc(64, GFP_KERNEL);
	if (!buf || !back) {
		err = -ENOMEM;
		goto out;
	}
	strscpy(buf, text, PAGE_SIZE);
	err = edu_dma(edu, coherent, EDU_BUFFER, sizeof(text), 0);
	dev_info(dev, "DMA to the device: %d, interrupt status %#x\n", err, edu->last_status);
	streaming = dma_map_single(dev, back, 64, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, streaming)) {
		err = -ENOMEM;
		goto out;
	}
	err = edu_dma(edu, EDU_BUFFER, streaming, sizeof(text), EDU_DMA_TO_RAM);
	dma_unmap_single(dev, streaming, 64, DMA_FROM_DEVICE);
	dev_info(dev, "DMA back: %d, \"%s\"\n", err, back);
out:
	kfree(back);
	if (buf)
		dma_free_coherent(dev, PAGE_SIZE, buf, coherent);
	return err;
}

static int edu_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct edu *edu;
	u32 fact;
	int err;

	edu = devm_kzalloc(&pdev->dev, sizeof(*edu), GFP_KERNEL);
	if (!edu)
		return -ENOMEM;
	edu->pdev = pdev;
	init_completion(&edu->done);
	err = pcim_enable_device(pdev);
	if (err)
		return err;
	err = pcim_iomap_regions(pdev, BIT(0), "edu");
	if (err)
		return err;
	edu->regs = pcim_iomap_table(pdev)[0];
	pci_set_master(pdev);
	pci_set_drvdata(pdev, edu);
	iowrite32(0x12345678, edu->regs + EDU_LIVENESS);
	dev_info(&pdev->dev, "edu %#010x, BAR 0 %pR, liveness %#010x, pin %u, irq %u\n",
		 ioread32(edu->regs + EDU_ID), &pdev->resource[0],
		 ioread32(edu->regs + EDU_LIVENESS), pdev->pin, pdev->irq);

	err = edu_use_irq(edu, PCI_IRQ_LEGACY, "edu");
	if (err)
		return err;
	err = edu_factorial(edu, 10, &fact);
	dev_info(&pdev->dev, "INTx on IRQ %d: 10! = %u (%d, status %#x)\n", edu->irq, fact, err,
		 edu->last_status);
	reinit_completion(&edu->done);
	iowrite32(0x42, edu->regs + EDU_IRQ_RAISE);
	err = edu_wait(edu);
	dev_info(&pdev->dev, "raised 0x42: %d, status %#x\n", err, edu->last_status);
	edu_drop_irq(edu);

	err = edu_use_irq(edu, PCI_IRQ_MSI, "edu-msi");
	if (err)
		return err;
	err = edu_factorial(edu, 12, &fact);
	dev_info(&pdev->dev, "MSI on IRQ %d (msi_enabled %u): 12! = %u (%d)\n", edu->irq,
		 pdev->msi_enabled, fact, err);
	err = edu_transfer(edu);
	if (err)
		edu_drop_irq(edu);
	return err;
}

static void edu_remove(struct pci_dev *pdev)
{
	struct edu *edu = pci_get_drvdata(pdev);

	edu_drop_irq(edu);
	dev_info(&pdev->dev, "removed\n");
}

static const struct pci_device_id edu_ids[] = {
	{ PCI_DEVICE(0x1234, 0x11e8) },
	{ 0 }
};
MODULE_DEVICE_TABLE(pci, edu_ids);

static struct pci_driver edu_driver = {
	.name = "edu",
	.id_table = edu_ids,
	.probe = edu_probe,
	.remove = edu_remove,
};
module_pci_driver(edu_driver);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("QEMU edu device driver");
