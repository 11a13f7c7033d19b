/*
 * benchmm.c: one 4 KiB page behind two misc devices with the same read
 * and write ops: benchmm also maps it (remap_pfn_range), benchrw does not,
 * for devmmap.
 */
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/miscdevice.h>
#include <linux/mm.h>
#include <linux/module.h>

static char *page;

static ssize_t bm_read(struct file *f, char __user *buf, size_t n, loff_t *pos)
{
	return simple_read_from_buffer(buf, n, pos, page, PAGE_SIZE);
}

static ssize_t bm_write(struct file *f, const char __user *buf, size_t n, loff_t *pos)
{
	return simple_write_to_buffer(page, PAGE_SIZE, pos, buf, n);
}

static int bm_mmap(struct file *f, struct vm_area_struct *vma)
{
	if (vma->vm_pgoff || vma_pages(vma) != 1)
		return -EINVAL;
	return remap_pfn_range(vma, vma->vm_start, virt_to_phys(page) >> PAGE_SHIFT,
			       PAGE_SIZE, vma->vm_page_prot);
}

static const struct file_operations mm_fops = {
	.owner = THIS_MODULE, .read = bm_read, .write = bm_write, .mmap = bm_mmap,
	.llseek = default_llseek,
};
static const struct file_operations rw_fops = {
	.owner = THIS_MODULE, .read = bm_read, .write = bm_write, .llseek = default_llseek,
};
static struct miscdevice mm_dev = { .minor = MISC_DYNAMIC_MINOR, .name = "benchmm",
				    .fops = &mm_fops, .mode = 0666 };
static struct miscdevice rw_dev = { .minor = MISC_DYNAMIC_MINOR, .name = "benchrw",
				    .fops = &rw_fops, .mode = 0666 };

static int __init bm_init(void)
{
	int err;

	page = (char *)get_zeroed_page(GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	err = misc_register(&mm_dev);
	if (!err && (err = misc_register(&rw_dev)))
		misc_deregister(&mm_dev);
	if (err)
		free_page((unsigned long)page);
	return err;
}

static void __exit bm_exit(void)
{
	misc_deregister(&rw_dev);
	misc_deregister(&mm_dev);
	free_page((unsigned long)page);
}

module_init(bm_init);
module_exit(bm_exit);
MODULE_LICENSE("GPL");
