// SPDX-License-Identifier: MIT
/*
 * Mappings of device files: the vm_area_struct a driver's mmap op fills,
 * and what it puts in with remap_pfn_range(), vm_insert_page(),
 * vmf_insert_pfn() and remap_vmalloc_range() (Linux's mm/memory.c and
 * mm/vmalloc.c). A page's frame number is its address >> PAGE_SHIFT
 * (linux/mm.h), so a frame is a page of this process: the front end copies
 * it to and from the user's mapping (fs/mmap.c, daemon/tree.c). Nothing
 * here maps anything into a user process.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "kernel/kapi.h"
#include "kernel/oops.h"
#include "mm/internal.h"

#define VMA_MAGIC	0x766d6121u
#define VM_IO_FLAGS	(0x4000UL | 0x400UL | 0x40000UL | 0x4000000UL)	/* IO PFNMAP DONTEXPAND DONTDUMP */
#define VM_MIXEDMAP_FLAG 0x10000000UL

struct umod_vma *umod_vma_new(struct file *file, unsigned long pgoff, size_t len,
			      unsigned long flags, unsigned long prot)
{
	struct umod_vma *v = calloc(1, sizeof(*v));

	if (!v)
		return NULL;
	/* a range of our own: vm_start is an address no other mapping has */
	v->reserved = mmap(NULL, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
			   -1, 0);
	if (v->reserved == MAP_FAILED) {
		free(v);
		return NULL;
	}
	v->magic = VMA_MAGIC;
	v->vma.vm_start = (unsigned long)v->reserved;
	v->vma.vm_end = v->vma.vm_start + len;
	v->vma.vm_pgoff = pgoff;
	v->vma.vm_flags = flags;
	v->vma.vm_page_prot.pgprot = prot;
	v->vma.vm_file = file;
	pthread_mutex_init(&v->lock, NULL);
	umod_list_init(&v->link);
	return v;
}

void umod_vma_free(struct umod_vma *v)
{
	if (!v)
		return;
	munmap(v->reserved, v->vma.vm_end - v->vma.vm_start);
	pthread_mutex_destroy(&v->lock);
	free(v->ranges);
	v->magic = 0;
	free(v);
}

static struct umod_vma *to_vma(struct vm_area_struct *vma)
{
	struct umod_vma *v = (struct umod_vma *)vma;

	return vma && v->magic == VMA_MAGIC ? v : NULL;
}

unsigned long umod_vma_pfn(struct umod_vma *v, unsigned long idx)
{
	unsigned long pfn = 0;

	pthread_mutex_lock(&v->lock);
	for (size_t i = 0; i < v->nranges && !pfn; i++) {
		const struct umod_pfn_range *r = &v->ranges[i];

		if (idx >= r->idx && idx - r->idx < r->n)
			pfn = r->pfn + (idx - r->idx);
	}
	pthread_mutex_unlock(&v->lock);
	return pfn;
}

/*
 * @n frames from @pfn at page @idx: a later insertion over the same pages
 * wins (as a new pte replaces nothing in Linux: remap over a populated
 * range fails there, -EBUSY; drivers do not do it). Adjacent pieces merge,
 * so a loop of vm_insert_page() is one range.
 */
static int add_range(struct umod_vma *v, unsigned long idx, unsigned long pfn, unsigned long n)
{
	int err = 0;

	pthread_mutex_lock(&v->lock);
	if (v->nranges) {
		struct umod_pfn_range *last = &v->ranges[v->nranges - 1];

		if (last->idx + last->n == idx && last->pfn + last->n == pfn) {
			last->n += n;
			goto out;
		}
	}
	if (v->nranges == v->cap) {
		size_t cap = v->cap ? 2 * v->cap : 4;
		struct umod_pfn_range *r = realloc(v->ranges, cap * sizeof(*r));

		if (!r) {
			err = -ENOMEM;
			goto out;
		}
		v->ranges = r;
		v->cap = cap;
	}
	v->ranges[v->nranges++] = (struct umod_pfn_range){ idx, pfn, n };
out:
	pthread_mutex_unlock(&v->lock);
	return err;
}

/* @addr..@addr + @size within the mapping, page-aligned: its first page's index */
static int span(struct umod_vma *v, unsigned long addr, unsigned long size, unsigned long *idx)
{
	if (!v || (addr & (PAGE_SIZE - 1)) || addr < v->vma.vm_start || addr >= v->vma.vm_end ||
	    size > v->vma.vm_end - addr)
		return -EINVAL;
	*idx = (addr - v->vma.vm_start) >> PAGE_SHIFT;
	return 0;
}

static int kapi_remap_pfn_range(struct vm_area_struct *vma, unsigned long addr,
				unsigned long pfn, unsigned long size, unsigned long prot)
{
	struct umod_vma *v = to_vma(vma);
	unsigned long idx;
	int err;

	size = PAGE_ALIGN(size);
	err = span(v, addr, size, &idx);
	if (err || !size)
		return err;
	vma->vm_flags |= VM_IO_FLAGS;
	return add_range(v, idx, pfn, size >> PAGE_SHIFT);
}

/* -EFAULT outside the mapping, -EINVAL on a VM_PFNMAP one, as 6.1's */
static int kapi_vm_insert_page(struct vm_area_struct *vma, unsigned long addr, struct page *page)
{
	struct umod_vma *v = to_vma(vma);
	unsigned long idx;

	if (!v || addr < vma->vm_start || addr >= vma->vm_end)
		return -EFAULT;
	if (vma->vm_flags & 0x400UL)
		return -EINVAL;
	if (span(v, addr & PAGE_MASK, PAGE_SIZE, &idx))
		return -EFAULT;
	vma->vm_flags |= VM_MIXEDMAP_FLAG;
	return add_range(v, idx, (unsigned long)page >> PAGE_SHIFT, 1);
}

/* from a fault op: the page is in, the fault returns VM_FAULT_NOPAGE */
static unsigned int kapi_vmf_insert_pfn(struct vm_area_struct *vma, unsigned long addr,
					unsigned long pfn)
{
	struct umod_vma *v = to_vma(vma);
	unsigned long idx;

	if (span(v, addr & PAGE_MASK, PAGE_SIZE, &idx))
		return 0x2;	/* VM_FAULT_SIGBUS */
	return add_range(v, idx, pfn, 1) ? 0x1 : 0x100;	/* VM_FAULT_OOM, VM_FAULT_NOPAGE */
}

/* 6.1: only an area made to be mapped (vmalloc_user()), big enough for the
 * whole mapping from page @pgoff on */
static int kapi_remap_vmalloc_range(struct vm_area_struct *vma, void *addr, unsigned long pgoff)
{
	struct umod_vma *v = to_vma(vma);
	size_t size, len;
	bool usermap;
	char *start;

	if (!v || !umod_pages_vmalloc_area(addr, &start, &size, &usermap) || !usermap ||
	    (char *)addr != start)
		return -EINVAL;
	len = vma->vm_end - vma->vm_start;
	if (pgoff > size >> PAGE_SHIFT || len > size - (pgoff << PAGE_SHIFT))
		return -EINVAL;
	vma->vm_flags |= 0x40000UL | 0x4000000UL;	/* VM_DONTEXPAND | VM_DONTDUMP */
	return add_range(v, 0, ((unsigned long)start >> PAGE_SHIFT) + pgoff, len >> PAGE_SHIFT);
}

/*
 * Copies as the oops handler reads (process_vm_readv() on ourselves, a
 * pipe where that is missing): a page that is not mapped fails the copy
 * instead of the process, as a driver's remap_pfn_range() of a frame that
 * is not memory makes the user's access fail (SIGBUS) instead of the
 * kernel.
 */
bool umod_copy_safe(void *dst, const void *src, size_t n)
{
	return umod_oops_read((uint64_t)(uintptr_t)src, dst, n);
}

static int kapi_pfn_valid(unsigned long pfn)
{
	unsigned char in;

	/* mincore() fails with ENOMEM on an address that is not mapped */
	return pfn && mincore((void *)(pfn << PAGE_SHIFT), PAGE_SIZE, &in) == 0;
}

static const struct umod_kapi_export memory_exports[] = {
	UMOD_KAPI("remap_pfn_range", kapi_remap_pfn_range),
	UMOD_KAPI("vm_insert_page", kapi_vm_insert_page),
	UMOD_KAPI("vmf_insert_pfn", kapi_vmf_insert_pfn),
	UMOD_KAPI("remap_vmalloc_range", kapi_remap_vmalloc_range),
	UMOD_KAPI("pfn_valid", kapi_pfn_valid),
};

const struct umod_kapi_table umod_kapi_memory = UMOD_KAPI_TABLE(memory_exports);
