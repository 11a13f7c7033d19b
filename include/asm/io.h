/* SPDX-License-Identifier: MIT */
/*
 * x86's port I/O (Linux 6.1's arch/x86/include/asm/io.h): inb() and the
 * rest reach the device model serving that port on the board (an ISA
 * node's I/O reg entry); a port nothing serves reads as all ones, as a
 * floating bus does, and is logged once. They are exported functions
 * here, not the in/out instructions (a process may not use them); the _p
 * forms pause no longer than the plain ones. The MMIO half is
 * linux/io.h's, included from here as x86's asm/io.h does; virt_to_phys()
 * and phys_to_virt() are asm/page.h's identity in a umod host, so that
 * remap_pfn_range(vma, addr, virt_to_phys(buf) >> PAGE_SHIFT, ...) maps
 * the driver's own buffer.
 */
#ifndef _ASM_X86_IO_H
#define _ASM_X86_IO_H

#include <linux/compiler.h>
#include <linux/io.h>
#include <linux/string.h>
#include <linux/types.h>
#include <asm/page.h>
#include <linux/vmalloc.h>	/* 6.1: through asm-generic/io.h */

u8 inb(unsigned long port);
u16 inw(unsigned long port);
u32 inl(unsigned long port);
void outb(u8 value, unsigned long port);
void outw(u16 value, unsigned long port);
void outl(u32 value, unsigned long port);

static inline u8 inb_p(unsigned long port) { return inb(port); }
static inline u16 inw_p(unsigned long port) { return inw(port); }
static inline u32 inl_p(unsigned long port) { return inl(port); }
static inline void outb_p(u8 value, unsigned long port) { outb(value, port); }
static inline void outw_p(u16 value, unsigned long port) { outw(value, port); }
static inline void outl_p(u32 value, unsigned long port) { outl(value, port); }

/* rep ins/outs: @count accesses at one port */
void insb(unsigned long port, void *addr, unsigned long count);
void insw(unsigned long port, void *addr, unsigned long count);
void insl(unsigned long port, void *addr, unsigned long count);
void outsb(unsigned long port, const void *addr, unsigned long count);
void outsw(unsigned long port, const void *addr, unsigned long count);
void outsl(unsigned long port, const void *addr, unsigned long count);

/* a cookie for ioread8() and the rest: the port plus 0x10000, as lib/iomap.c's */
void __iomem *ioport_map(unsigned long port, unsigned int nr);
void ioport_unmap(void __iomem *addr);

#define IO_SPACE_LIMIT	0xffff

#endif /* _ASM_X86_IO_H */
