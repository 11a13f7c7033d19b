/* SPDX-License-Identifier: MIT */
/*
 * Memory-mapped I/O (Linux 6.1's include/linux/io.h, asm/io.h and
 * asm-generic/iomap.h, the MMIO half): ioremap() of a physical range a
 * board's device model serves gives a cookie; readl()/writel() and the
 * ioread32()/iowrite32() family at cookie + offset reach the model's
 * register callbacks (include/umod/model.h) with the access's size. The
 * cookie is address space no memory backs: dereferencing it, instead of
 * using the accessors, is a fault (an oops), as sparse's __iomem warns.
 * Port I/O (inb(), ioport_map()) is asm/io.h's, included at the end.
 */
#ifndef _LINUX_IO_H
#define _LINUX_IO_H

#include <linux/bug.h>
#include <linux/err.h>
#include <linux/ioport.h>
#include <linux/types.h>
#include <asm/io.h>
#include <linux/init.h>
#include <asm/page.h>

struct device;
struct resource;
struct platform_device;

void __iomem *ioremap(phys_addr_t offset, size_t size);
void __iomem *ioremap_cache(phys_addr_t offset, unsigned long size);
void __iomem *ioremap_wc(phys_addr_t offset, unsigned long size);
void __iomem *ioremap_wt(phys_addr_t offset, unsigned long size);
void __iomem *ioremap_uc(phys_addr_t offset, unsigned long size);
#define ioremap_np(offset, size)	ioremap(offset, size)
void iounmap(volatile void __iomem *addr);

/* the accessors: little-endian, each one access of its size */
u8 readb(const volatile void __iomem *addr);
u16 readw(const volatile void __iomem *addr);
u32 readl(const volatile void __iomem *addr);
u64 readq(const volatile void __iomem *addr);
void writeb(u8 value, volatile void __iomem *addr);
void writew(u16 value, volatile void __iomem *addr);
void writel(u32 value, volatile void __iomem *addr);
void writeq(u64 value, volatile void __iomem *addr);

#define readb_relaxed(a)	readb(a)
#define readw_relaxed(a)	readw(a)
#define readl_relaxed(a)	readl(a)
#define readq_relaxed(a)	readq(a)
#define writeb_relaxed(v, a)	writeb(v, a)
#define writew_relaxed(v, a)	writew(v, a)
#define writel_relaxed(v, a)	writel(v, a)
#define writeq_relaxed(v, a)	writeq(v, a)
#define __raw_readb(a)		readb(a)
#define __raw_readw(a)		readw(a)
#define __raw_readl(a)		readl(a)
#define __raw_readq(a)		readq(a)
#define __raw_writeb(v, a)	writeb(v, a)
#define __raw_writew(v, a)	writew(v, a)
#define __raw_writel(v, a)	writel(v, a)
#define __raw_writeq(v, a)	writeq(v, a)

unsigned int ioread8(const void __iomem *addr);
unsigned int ioread16(const void __iomem *addr);
unsigned int ioread16be(const void __iomem *addr);
unsigned int ioread32(const void __iomem *addr);
unsigned int ioread32be(const void __iomem *addr);
void iowrite8(u8 value, void __iomem *addr);
void iowrite16(u16 value, void __iomem *addr);
void iowrite16be(u16 value, void __iomem *addr);
void iowrite32(u32 value, void __iomem *addr);
void iowrite32be(u32 value, void __iomem *addr);

void memcpy_fromio(void *to, const volatile void __iomem *from, size_t count);
void memcpy_toio(volatile void __iomem *to, const void *from, size_t count);
void memset_io(volatile void __iomem *addr, int value, size_t count);

/* managed: unmapped when the driver lets the device go */
void __iomem *devm_ioremap(struct device *dev, resource_size_t offset, resource_size_t size);
void __iomem *devm_ioremap_wc(struct device *dev, resource_size_t offset, resource_size_t size);
void __iomem *devm_ioremap_resource(struct device *dev, const struct resource *res);
void devm_iounmap(struct device *dev, void __iomem *addr);

#define IOMEM_ERR_PTR(err) (__force void __iomem *)ERR_PTR(err)

#include <asm/io.h>

#endif /* _LINUX_IO_H */
