/* SPDX-License-Identifier: MIT */
/*
 * asm/io.h: virt_to_phys() and phys_to_virt() are the identity in a umod
 * host (asm/page.h), so that remap_pfn_range(vma, addr,
 * virt_to_phys(buf) >> PAGE_SHIFT, ...) maps the driver's own buffer.
 */
#ifndef _ASM_IO_H
#define _ASM_IO_H

#include <asm/page.h>

static inline unsigned long virt_to_phys(volatile void *address)
{
	return __pa(address);
}

static inline void *phys_to_virt(unsigned long address)
{
	return __va(address);
}

#endif /* _ASM_IO_H */
