// SPDX-License-Identifier: GPL-2.0
/*
 * A PCI driver for QEMU's edu device that gets the DMA API wrong, as for
 * Linux 6.1, each misuse one that CONFIG_DMA_API_DEBUG reports: an unmap
 * with another size and direction of a mapping whose dma_mapping_error()
 * was never asked, an unmap of what was never mapped, a sync for the CPU
 * in the wrong direction, a buffer freed while mapped, the device told to
 * write where nothing is mapped, and a mapping left when it is removed.
 */
#include <linux/delay.h>
#include <linux/dma-mapping.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/slab.h>

#define EDU_DMA_SRC	0x80
#define EDU_DMA_DST	0x88
#define EDU_DMA_CNT	0x90
#define EDU_DMA_CMD	0x98

static void *kept;

static int misuse_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct device *dev = &pdev->dev;
	void __iomem *regs;
	dma_addr_t a, b;
	void *buf;
	int err;

	err = pcim_enable_device(pdev);
	if (err)
		return err;
	regs = pcim_iomap(pdev, 0, 0);
	if (!regs)
		return -ENOMEM;
	pci_set_master(pdev);
	dev_info(dev, "a 20-bit mask: %d\n", dma_set_mask(dev, DMA_BIT_MASK(20)));
	err = dma_set_mask_and_coherent(dev, DMA_BIT_MASK(28));
	if (err)
		return err;
	buf = kmalloc(64, GFP_KERNEL);
	kept = kmalloc(128, GFP_KERNEL);
	if (!buf || !kept)
		return -ENOMEM;

	dev_info(dev, "1: unmapped with another size and direction, the map error not checked\n");
	a = dma_map_single(dev, buf, 64, DMA_TO_DEVICE);
	dma_unmap_single(dev, a, 32, DMA_FROM_DEVICE);

	dev_info(dev, "2: unmapping what was never mapped\n");
	dma_unmap_single(dev, 0x2000000, 16, DMA_TO_DEVICE);

	dev_info(dev, "3: a sync for the CPU against the mapping's direction\n");
	b = dma_map_single(dev, buf, 64, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, b))
		return -ENOMEM;
	dma_sync_single_for_cpu(dev, b, 64, DMA_FROM_DEVICE);

	dev_info(dev, "4: the buffer freed while mapped\n");
	kfree(buf);
	dma_unmap_single(dev, b, 64, DMA_TO_DEVICE);

	dev_info(dev, "5: the device writes where nothing is mapped\n");
	writeq(0x40000, regs + EDU_DMA_SRC);
	writeq(0x3000000, regs + EDU_DMA_DST);
	writeq(16, regs + EDU_DMA_CNT);
	writeq(0x3, regs + EDU_DMA_CMD);
	while (readq(regs + EDU_DMA_CMD) & 1)
		msleep(1);

	dev_info(dev, "6: a mapping left behind\n");
	a = dma_map_single(dev, kept, 128, DMA_BIDIRECTIONAL);
	if (dma_mapping_error(dev, a))
		return -ENOMEM;
	return 0;
}

static void misuse_remove(struct pci_dev *pdev)
{
	dev_info(&pdev->dev, "removed, one mapping still there\n");
}

static const struct pci_device_id misuse_ids[] = {
	{ PCI_DEVICE(0x1234, 0x11e8) },
	{ 0 }
};
MODULE_DEVICE_TABLE(pci, misuse_ids);

static struct pci_driver misuse_driver = {
	.name = "edu_misuse",
	.id_table = misuse_ids,
	.probe = misuse_probe,
	.remove = misuse_remove,
};
module_pci_driver(misuse_driver);

MODULE_LICENSE("GPL");
