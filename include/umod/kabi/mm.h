/* SPDX-License-Identifier: MIT */
/*
 * Page geometry, shared by the host (mm/) and modules (linux/gfp.h,
 * linux/mm.h): x86-64's 4 KiB pages. Builtin types only.
 */
#ifndef _UMOD_KABI_MM_H
#define _UMOD_KABI_MM_H

#define PAGE_SHIFT		12
#define PAGE_SIZE		(1UL << PAGE_SHIFT)
#define PAGE_MASK		(~(PAGE_SIZE - 1))
#define PAGE_ALIGN(addr)	(((addr) + PAGE_SIZE - 1) & PAGE_MASK)
#define PAGE_ALIGNED(addr)	(((unsigned long)(addr) & (PAGE_SIZE - 1)) == 0)
/* 6.1's MAX_ORDER: the largest block is 2^(MAX_ORDER-1) pages (4 MiB) */
#define MAX_ORDER		11

/*
 * A page as modules see it: the kernel's struct page is a descriptor in
 * the memory map; here the page itself is its own descriptor (one
 * struct page per 4 KiB of address), so page + 1 is the next page and
 * page_address() is a cast. Modules never look inside.
 */
struct page {
	unsigned char __umod_bytes[1UL << PAGE_SHIFT];
};

/* get_order(): the order of the smallest block holding @size bytes */
static inline __attribute__((__const__)) int get_order(unsigned long size)
{
	if (size <= PAGE_SIZE)
		return 0;
	return (int)(8 * sizeof(long)) - __builtin_clzl((size - 1) >> PAGE_SHIFT);
}

/*
 * A mapping of a device file, as a driver's mmap op and vm_operations see
 * it: 6.1's names and order for the members drivers use; the host keeps
 * its own state beside it (mm/memory.c). vm_start..vm_end is an address
 * range the host reserved (unmapped): it is not where the user process
 * sees the mapping.
 */
struct file;
struct mm_struct;
struct vm_operations_struct;

typedef struct { unsigned long pgprot; } pgprot_t;

struct vm_area_struct {
	unsigned long vm_start;
	unsigned long vm_end;
	struct mm_struct *vm_mm;
	pgprot_t vm_page_prot;
	unsigned long vm_flags;
	unsigned long __umod_shared[4];		/* 6.1: shared.rb, anon_vma_chain */
	void *__umod_anon_vma;
	const struct vm_operations_struct *vm_ops;
	unsigned long vm_pgoff;			/* offset in the file, in pages */
	struct file *vm_file;
	void *vm_private_data;
};

typedef unsigned int vm_fault_t;

struct vm_fault {
	struct vm_area_struct *vma;
	unsigned int gfp_mask;
	unsigned long pgoff;			/* the page's offset in the file */
	unsigned long address;			/* in the vma, page-aligned */
	unsigned long real_address;
	unsigned int flags;			/* FAULT_FLAG_* */
	void *__umod_pmd, *__umod_pud;
	unsigned long orig_pte;
	struct page *cow_page;
	struct page *page;			/* what a fault op returns */
};

struct vm_operations_struct {
	void (*open)(struct vm_area_struct *area);
	void (*close)(struct vm_area_struct *area);
	int (*may_split)(struct vm_area_struct *area, unsigned long addr);
	int (*mremap)(struct vm_area_struct *area);
	int (*mprotect)(struct vm_area_struct *vma, unsigned long start, unsigned long end,
			unsigned long newflags);
	vm_fault_t (*fault)(struct vm_fault *vmf);
	vm_fault_t (*huge_fault)(struct vm_fault *vmf, int pe_size);
	vm_fault_t (*map_pages)(struct vm_fault *vmf, unsigned long start_pgoff,
				unsigned long end_pgoff);
	unsigned long (*pagesize)(struct vm_area_struct *area);
	vm_fault_t (*page_mkwrite)(struct vm_fault *vmf);
	vm_fault_t (*pfn_mkwrite)(struct vm_fault *vmf);
	int (*access)(struct vm_area_struct *vma, unsigned long addr, void *buf, int len,
		      int write);
	const char *(*name)(struct vm_area_struct *vma);
};

#endif /* _UMOD_KABI_MM_H */
