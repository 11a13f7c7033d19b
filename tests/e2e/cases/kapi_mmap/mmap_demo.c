/*
 * mmap_demo.c: four devices of two pages each, mapped the four ways a 6.1
 * driver maps its memory: remap_pfn_range() of pages from alloc_pages(),
 * vm_insert_page() of pages from get_zeroed_page(), remap_vmalloc_range()
 * of vmalloc_user() memory, and a fault op giving vmf->page. read() and
 * two ioctls show the driver's own view of the same memory.
 */
#include <linux/cdev.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/gfp.h>
#include <linux/io.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "mmap_demo.h"

#define NPAGES	2

enum { MD_REMAP, MD_INSERT, MD_VMALLOC, MD_FAULT, MD_DEVS };

static const char *const names[MD_DEVS] = { "md_remap", "md_insert", "md_vmalloc", "md_fault" };

struct md_dev {
	struct cdev cdev;
	int kind;
	char *page[NPAGES];
	struct page *block;	/* MD_REMAP: one alloc_pages() block */
	void *vmem;		/* MD_VMALLOC */
};

static struct md_dev devs[MD_DEVS];
static dev_t md_devt;
static struct class *md_class;

static void md_vma_open(struct vm_area_struct *vma)
{
	struct md_dev *d = vma->vm_private_data;

	pr_info("mmap_demo: %s vma open, pgoff %lu, %lu pages\n", names[d->kind],
		vma->vm_pgoff, vma_pages(vma));
}

static void md_vma_close(struct vm_area_struct *vma)
{
	struct md_dev *d = vma->vm_private_data;

	pr_info("mmap_demo: %s vma close\n", names[d->kind]);
}

static vm_fault_t md_fault(struct vm_fault *vmf)
{
	struct md_dev *d = vmf->vma->vm_private_data;

	if (vmf->pgoff >= NPAGES)
		return VM_FAULT_SIGBUS;
	vmf->page = virt_to_page(d->page[vmf->pgoff]);
	get_page(vmf->page);
	return 0;
}

static const struct vm_operations_struct md_vm_ops = {
	.open = md_vma_open,
	.close = md_vma_close,
};

static const struct vm_operations_struct md_fault_vm_ops = {
	.open = md_vma_open,
	.close = md_vma_close,
	.fault = md_fault,
};

static int md_map_pages(struct md_dev *d, struct vm_area_struct *vma)
{
	unsigned long i, n = vma_pages(vma);
	int err = 0;

	for (i = 0; i < n && !err; i++) {
		char *p = d->page[vma->vm_pgoff + i];

		if (d->kind == MD_REMAP)
			err = remap_pfn_range(vma, vma->vm_start + i * PAGE_SIZE,
					      virt_to_phys(p) >> PAGE_SHIFT, PAGE_SIZE,
					      vma->vm_page_prot);
		else
			err = vm_insert_page(vma, vma->vm_start + i * PAGE_SIZE, virt_to_page(p));
	}
	return err;
}

static int md_mmap(struct file *filp, struct vm_area_struct *vma)
{
	struct md_dev *d = filp->private_data;
	int err = 0;

	if (vma->vm_pgoff + vma_pages(vma) > NPAGES)
		return -EINVAL;
	pr_info("mmap_demo: %s mmap, shared %d, write %d\n", names[d->kind],
		!!(vma->vm_flags & VM_SHARED), !!(vma->vm_flags & VM_WRITE));
	if (d->kind == MD_VMALLOC)
		err = remap_vmalloc_range(vma, d->vmem, vma->vm_pgoff);
	else if (d->kind != MD_FAULT)
		err = md_map_pages(d, vma);
	if (err)
		return err;
	vma->vm_ops = d->kind == MD_FAULT ? &md_fault_vm_ops : &md_vm_ops;
	vma->vm_private_data = d;
	md_vma_open(vma);
	return 0;
}

static int md_open(struct inode *inode, struct file *filp)
{
	filp->private_data = container_of(inode->i_cdev, struct md_dev, cdev);
	return 0;
}

static ssize_t md_read(struct file *filp, char __user *buf, size_t count, loff_t *pos)
{
	struct md_dev *d = filp->private_data;
	size_t in;

	if (*pos >= NPAGES * PAGE_SIZE)
		return 0;
	in = *pos % PAGE_SIZE;
	if (count > PAGE_SIZE - in)
		count = PAGE_SIZE - in;
	if (copy_to_user(buf, d->page[*pos / PAGE_SIZE] + in, count))
		return -EFAULT;
	*pos += count;
	return count;
}

static long md_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	struct md_dev *d = filp->private_data;
	struct md_peek p;
	char *at;

	if (copy_from_user(&p, (void __user *)arg, sizeof(p)))
		return -EFAULT;
	if (p.off > NPAGES * PAGE_SIZE - sizeof(p.text))
		return -EINVAL;
	at = d->page[p.off / PAGE_SIZE] + p.off % PAGE_SIZE;
	switch (cmd) {
	case MD_GET:
		memcpy(p.text, at, sizeof(p.text));
		return copy_to_user((void __user *)arg, &p, sizeof(p)) ? -EFAULT : 0;
	case MD_SET:
		memcpy(at, p.text, sizeof(p.text));
		return 0;
	default:
		return -ENOTTY;
	}
}

static const struct file_operations md_fops = {
	.owner = THIS_MODULE,
	.open = md_open,
	.read = md_read,
	.unlocked_ioctl = md_ioctl,
	.mmap = md_mmap,
	.llseek = default_llseek,
};

static int md_memory(struct md_dev *d)
{
	int i;

	if (d->kind == MD_REMAP) {
		d->block = alloc_pages(GFP_KERNEL | __GFP_ZERO, 1);
		if (!d->block)
			return -ENOMEM;
		for (i = 0; i < NPAGES; i++)
			d->page[i] = (char *)page_address(d->block) + i * PAGE_SIZE;
	} else if (d->kind == MD_VMALLOC) {
		d->vmem = vmalloc_user(NPAGES * PAGE_SIZE);
		if (!d->vmem)
			return -ENOMEM;
		for (i = 0; i < NPAGES; i++)
			d->page[i] = (char *)d->vmem + i * PAGE_SIZE;
	} else {
		for (i = 0; i < NPAGES; i++)
			if (!(d->page[i] = (char *)get_zeroed_page(GFP_KERNEL)))
				return -ENOMEM;
	}
	for (i = 0; i < NPAGES; i++)
		snprintf(d->page[i], 64, "page %d of %s", i, names[d->kind]);
	return 0;
}

static void md_free(struct md_dev *d)
{
	int i;

	if (d->block)
		__free_pages(d->block, 1);
	else if (d->vmem)
		vfree(d->vmem);
	else
		for (i = 0; i < NPAGES; i++)
			free_page((unsigned long)d->page[i]);
}

static void md_exit(void)
{
	int i;

	for (i = 0; i < MD_DEVS; i++) {
		device_destroy(md_class, md_devt + i);
		cdev_del(&devs[i].cdev);
		md_free(&devs[i]);
	}
	class_destroy(md_class);
	unregister_chrdev_region(md_devt, MD_DEVS);
}

static int __init md_init(void)
{
	int i, err = alloc_chrdev_region(&md_devt, 0, MD_DEVS, "mmap_demo");

	if (err)
		return err;
	md_class = class_create(THIS_MODULE, "mmap_demo");
	for (i = 0; i < MD_DEVS; i++) {
		devs[i].kind = i;
		err = md_memory(&devs[i]);
		if (err)
			break;
		cdev_init(&devs[i].cdev, &md_fops);
		cdev_add(&devs[i].cdev, md_devt + i, 1);
		device_create(md_class, NULL, md_devt + i, NULL, names[i]);
	}
	if (err)
		md_exit();
	return err;
}

module_init(md_init);
module_exit(md_exit);
MODULE_LICENSE("GPL");
