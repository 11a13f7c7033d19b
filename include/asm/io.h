/* SPDX-License-Identifier: MIT */
/*
 * asm/io.h: virt_to_phys() and phys_to_virt() (asm/page.h's identity in a
 * umod host), so that remap_pfn_range(vma, addr,
 * virt_to_phys(buf) >> PAGE_SHIFT, ...) maps the driver's own buffer; the
 * MMIO accessors are linux/io.h's.
 */
#ifndef _ASM_X86_IO_H
#define _ASM_X86_IO_H

#include <linux/string.h>
#include <linux/compiler.h>
#include <asm/page.h>

#endif /* _ASM_X86_IO_H */
