/* SPDX-License-Identifier: MIT */
/*
 * Pages and addresses: page_address() and virt_to_page() are casts (see
 * umod/kabi/mm.h: a page is its own descriptor), is_vmalloc_addr() asks
 * the host; mappings of device files (struct vm_area_struct, the fault
 * path, remap_pfn_range()).
 */
#ifndef _LINUX_MM_H
#define _LINUX_MM_H

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/mm_types.h>
#include <linux/slab.h>
#include <linux/types.h>
#include <umod/kabi/mm.h>
#include <linux/errno.h>
#include <linux/bug.h>
#include <asm/errno.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/sizes.h>
#include <asm/page.h>
#include <asm/pgtable.h>

bool is_vmalloc_addr(const void *x);

static inline void *page_address(const struct page *page)
{
	return (void *)page;
}

#define virt_to_page(kaddr)	((struct page *)((unsigned long)(kaddr) & PAGE_MASK))
static inline struct page *vmalloc_to_page(const void *addr)
{
	return virt_to_page(addr);
}

/*
 * Page frames: a page's "physical" address is its address in the host
 * (asm/io.h's virt_to_phys() is the identity), so its frame number is the
 * address shifted.
 */
static inline unsigned long page_to_pfn(const struct page *page)
{
	return (unsigned long)page >> PAGE_SHIFT;
}

static inline struct page *pfn_to_page(unsigned long pfn)
{
	return (struct page *)(pfn << PAGE_SHIFT);
}

#define virt_to_pfn(kaddr)	((unsigned long)(kaddr) >> PAGE_SHIFT)
#define vmalloc_to_pfn(addr)	virt_to_pfn(addr)
/* whether the frame is memory of the host (a page it can read) */
int pfn_valid(unsigned long pfn);

#define SetPageReserved(page)	do { (void)(page); } while (0)
#define ClearPageReserved(page)	do { (void)(page); } while (0)
#define PageReserved(page)	((void)(page), 0)

/* vm_flags of 6.1 */
#define VM_NONE		0x00000000UL
#define VM_READ		0x00000001UL
#define VM_WRITE	0x00000002UL
#define VM_EXEC		0x00000004UL
#define VM_SHARED	0x00000008UL
#define VM_MAYREAD	0x00000010UL
#define VM_MAYWRITE	0x00000020UL
#define VM_MAYEXEC	0x00000040UL
#define VM_MAYSHARE	0x00000080UL
#define VM_GROWSDOWN	0x00000100UL
#define VM_PFNMAP	0x00000400UL
#define VM_LOCKED	0x00002000UL
#define VM_IO		0x00004000UL
#define VM_SEQ_READ	0x00008000UL
#define VM_RAND_READ	0x00010000UL
#define VM_DONTCOPY	0x00020000UL
#define VM_DONTEXPAND	0x00040000UL
#define VM_LOCKONFAULT	0x00080000UL
#define VM_ACCOUNT	0x00100000UL
#define VM_NORESERVE	0x00200000UL
#define VM_SYNC		0x00800000UL
#define VM_WIPEONFORK	0x02000000UL
#define VM_DONTDUMP	0x04000000UL
#define VM_MIXEDMAP	0x10000000UL

/* what a fault op returns (6.1's values) */
#define VM_FAULT_OOM		0x000001
#define VM_FAULT_SIGBUS		0x000002
#define VM_FAULT_MAJOR		0x000004
#define VM_FAULT_HWPOISON	0x000010
#define VM_FAULT_HWPOISON_LARGE	0x000020
#define VM_FAULT_SIGSEGV	0x000040
#define VM_FAULT_NOPAGE		0x000100
#define VM_FAULT_LOCKED		0x000200
#define VM_FAULT_RETRY		0x000400
#define VM_FAULT_FALLBACK	0x000800
#define VM_FAULT_DONE_COW	0x001000
#define VM_FAULT_NEEDDSYNC	0x002000
#define VM_FAULT_COMPLETED	0x004000
#define VM_FAULT_ERROR		(VM_FAULT_OOM | VM_FAULT_SIGBUS | VM_FAULT_SIGSEGV | \
				 VM_FAULT_HWPOISON | VM_FAULT_HWPOISON_LARGE | VM_FAULT_FALLBACK)

#define FAULT_FLAG_WRITE	0x1u
#define FAULT_FLAG_MKWRITE	0x2u
#define FAULT_FLAG_ALLOW_RETRY	0x4u
#define FAULT_FLAG_KILLABLE	0x10u
#define FAULT_FLAG_USER		0x40u
#define FAULT_FLAG_REMOTE	0x80u

static inline vm_fault_t vmf_error(int err)
{
	return err == -ENOMEM ? VM_FAULT_OOM : VM_FAULT_SIGBUS;
}

static inline unsigned long vma_pages(const struct vm_area_struct *vma)
{
	return (vma->vm_end - vma->vm_start) >> PAGE_SHIFT;
}

/*
 * What a driver's mmap op and fault op put into a mapping (mm/memory.c):
 * the user process sees these pages through the host's front end
 * (Documentation/driver-api/mmap.rst).
 */
int remap_pfn_range(struct vm_area_struct *vma, unsigned long addr, unsigned long pfn,
		    unsigned long size, pgprot_t prot);
#define io_remap_pfn_range(vma, addr, pfn, size, prot) \
	remap_pfn_range(vma, addr, pfn, size, prot)
int vm_insert_page(struct vm_area_struct *vma, unsigned long addr, struct page *page);
vm_fault_t vmf_insert_pfn(struct vm_area_struct *vma, unsigned long addr, unsigned long pfn);

#define virt_addr_valid(kaddr)	((unsigned long)(kaddr) >= PAGE_SIZE)
#define offset_in_page(p)	((unsigned long)(p) & ~PAGE_MASK)
#define nth_page(page, n)	((page) + (n))

/*
 * The pages alloc_pages() gave carry a reference count, 1 from the
 * allocation (mm/page_alloc.c): get_page() takes one more, put_page() and
 * __free_pages() drop one, and the last drop frees the block. The count
 * is the whole block's (a compound page's, in the kernel's terms).
 */
void get_page(struct page *page);
void put_page(struct page *page);
int page_ref_count(const struct page *page);

static inline int page_count(const struct page *page)
{
	return page_ref_count(page);
}

static inline bool is_vmalloc_or_module_addr(const void *x)
{
	return is_vmalloc_addr(x);
}

#endif /* _LINUX_MM_H */
