// SPDX-License-Identifier: GPL-2.0
/*
 * benchio.ko: port and memory-mapped I/O and DMA on the pc board, for
 * bench/pciio.c: inb() of the parallel port's status, readl() of the edu
 * device's identification register, and edu DMA transfers each way
 * through a coherent buffer, waiting for the device's run bit to clear.
 * A write of "inb N", "readl N" or "dma N" to /sys/kernel/debug/benchio
 * runs N of them, as the module's code (a register access needs a
 * caller in a host).
 */
#include <linux/debugfs.h>
#include <linux/dma-mapping.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/pci.h>

static void __iomem *regs;
static struct pci_dev *edu;
static void *buf;
static dma_addr_t handle;

static unsigned int inb_loop(unsigned long n)
{
	unsigned int sum = 0;

	while (n--)
		sum += inb(0x379);
	return sum;
}

static unsigned int readl_loop(unsigned long n)
{
	unsigned int sum = 0;

	while (n--)
		sum += readl(regs);
	return sum;
}

static int one_dma(u64 src, u64 dst, unsigned int len, u64 dir)
{
	writeq(src, regs + 0x80);
	writeq(dst, regs + 0x88);
	writeq(len, regs + 0x90);
	writeq(1 | dir, regs + 0x98);
	while (readq(regs + 0x98) & 1)
		cpu_relax();
	return 0;
}

static int dma_loop(unsigned long n, unsigned int len)
{
	while (n--) {
		one_dma(handle, 0x40000, len, 0);
		one_dma(0x40000, handle, len, 2);
	}
	return 0;
}

static ssize_t run_write(struct file *file, const char __user *ubuf, size_t len, loff_t *pos)
{
	char cmd[32], what[8];
	unsigned long n;

	if (len >= sizeof(cmd) || copy_from_user(cmd, ubuf, len))
		return -EINVAL;
	cmd[len] = '\0';
	if (sscanf(cmd, "%7s %lu", what, &n) != 2)
		return -EINVAL;
	if (!strcmp(what, "inb"))
		inb_loop(n);
	else if (!strcmp(what, "readl"))
		readl_loop(n);
	else if (!strcmp(what, "dma"))
		dma_loop(n, 4096);
	else
		return -EINVAL;
	return len;
}

static const struct file_operations run_fops = {
	.owner = THIS_MODULE,
	.write = run_write,
};

static struct dentry *run_file;

static int benchio_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	int err = pcim_enable_device(pdev);

	if (err)
		return err;
	regs = pcim_iomap(pdev, 0, 0);
	if (!regs)
		return -ENOMEM;
	pci_set_master(pdev);
	err = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(28));
	if (err)
		return err;
	buf = dma_alloc_coherent(&pdev->dev, 4096, &handle, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	edu = pdev;
	return 0;
}

static void benchio_remove(struct pci_dev *pdev)
{
	dma_free_coherent(&pdev->dev, 4096, buf, handle);
}

static const struct pci_device_id benchio_ids[] = {
	{ PCI_DEVICE(0x1234, 0x11e8) },
	{ 0 }
};

static struct pci_driver benchio_driver = {
	.name = "benchio",
	.id_table = benchio_ids,
	.probe = benchio_probe,
	.remove = benchio_remove,
};

static int __init benchio_init(void)
{
	int err;

	if (!request_region(0x378, 3, "benchio"))
		return -EBUSY;
	err = pci_register_driver(&benchio_driver);
	if (!err && !edu) {
		pci_unregister_driver(&benchio_driver);
		err = -ENODEV;
	}
	if (!err)
		run_file = debugfs_create_file("benchio", 0200, NULL, NULL, &run_fops);
	if (err)
		release_region(0x378, 3);
	return err;
}

static void __exit benchio_exit(void)
{
	debugfs_remove(run_file);
	pci_unregister_driver(&benchio_driver);
	release_region(0x378, 3);
}

module_init(benchio_init);
module_exit(benchio_exit);
MODULE_LICENSE("GPL");
