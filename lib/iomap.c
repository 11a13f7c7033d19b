// SPDX-License-Identifier: MIT
/*
 * ioremap() and the MMIO accessors (Linux 6.1's arch/x86/mm/ioremap.c,
 * lib/iomap.c and asm/io.h, the MMIO half): a mapping is a range of
 * address space reserved with no access at all, so that a plain
 * dereference faults; each accessor finds the mapping its address lies
 * in and asks the host's board for the physical address: the device
 * model serving it runs its register callback (boards/model.c). A read
 * nothing serves gives all ones, as an unclaimed bus cycle does, and says
 * so once per mapping.
 *
 * Port I/O (x86's asm/io.h: inb() and the rest are exported functions
 * here, not instructions) goes to the model serving that port of an ISA
 * node's I/O entry, logged once per port when nothing does.
 * ioport_map() gives a cookie as lib/iomap.c's generic one does: the
 * port plus PIO_OFFSET, below PIO_RESERVED, so ioread8() and the rest
 * take both kinds.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "boards/board.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/printk/internal.h"
#include "kernel/resource.h"
#include "lib/iomap.h"

/* lib/iomap.c's generic cookies: ports at PIO_OFFSET.., below PIO_RESERVED */
#define PIO_OFFSET	0x10000ul
#define PIO_MASK	0x0fffful
#define PIO_RESERVED	0x40000ul

struct iomap {
	uintptr_t va;
	size_t len;			/* reserved (whole pages) */
	uint64_t phys;			/* what va maps, page-aligned down */
	struct umod_host *host;
	bool warned;
	struct iomap *next;
};

static pthread_mutex_t maps_lock = PTHREAD_MUTEX_INITIALIZER;
static struct iomap *maps;

void *umod_ioremap(struct umod_host *host, uint64_t phys, size_t size)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	uint64_t start = phys & ~(uint64_t)(page - 1);
	size_t len = (size_t)((phys + size - start + page - 1) & ~(uint64_t)(page - 1));
	struct iomap *m;
	void *va;

	if (!host || !size || phys + size < phys)
		return NULL;
	m = calloc(1, sizeof(*m));
	if (!m)
		return NULL;
	va = mmap(NULL, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (va == MAP_FAILED) {
		free(m);
		return NULL;
	}
	m->va = (uintptr_t)va;
	m->len = len;
	m->phys = start;
	m->host = host;
	pthread_mutex_lock(&maps_lock);
	m->next = maps;
	maps = m;
	pthread_mutex_unlock(&maps_lock);
	return (char *)va + (phys - start);
}

void umod_iounmap(const volatile void *addr)
{
	uintptr_t a = (uintptr_t)addr;
	struct iomap **p, *m = NULL;

	pthread_mutex_lock(&maps_lock);
	for (p = &maps; *p; p = &(*p)->next)
		if (a >= (*p)->va && a < (*p)->va + (*p)->len) {
			m = *p;
			*p = m->next;
			break;
		}
	pthread_mutex_unlock(&maps_lock);
	if (!m)
		return;
	munmap((void *)m->va, m->len);
	free(m);
}

/* the host's mappings go with it */
void umod_iomap_host_gone(struct umod_host *host)
{
	struct iomap **p = &maps;

	pthread_mutex_lock(&maps_lock);
	while (*p) {
		struct iomap *m = *p;

		if (m->host != host) {
			p = &m->next;
			continue;
		}
		*p = m->next;
		munmap((void *)m->va, m->len);
		free(m);
	}
	pthread_mutex_unlock(&maps_lock);
}

/* not an ioremap()ed address: a plain access, as x86's readl() is (a bad one faults) */
static uint64_t raw(const volatile void *addr, unsigned int size, bool write, uint64_t value)
{
	switch (size * 2 + write) {
	case 2: return *(const volatile uint8_t *)addr;
	case 3: *(volatile uint8_t *)addr = (uint8_t)value; return 0;
	case 4: return *(const volatile uint16_t *)addr;
	case 5: *(volatile uint16_t *)addr = (uint16_t)value; return 0;
	case 8: return *(const volatile uint32_t *)addr;
	case 9: *(volatile uint32_t *)addr = (uint32_t)value; return 0;
	case 16: return *(const volatile uint64_t *)addr;
	default: *(volatile uint64_t *)addr = value; return 0;
	}
}

static uint64_t all_ones(unsigned int size)
{
	return size == 8 ? ~0ull : (1ull << (size * 8)) - 1;
}

static uint64_t mmio_access(const volatile void *addr, unsigned int size, bool write, uint64_t value)
{
	uintptr_t a = (uintptr_t)addr;
	struct umod_host *host = NULL;
	uint64_t phys = 0;
	struct iomap *m;
	bool warn = false;

	pthread_mutex_lock(&maps_lock);
	for (m = maps; m; m = m->next)
		if (a >= m->va && a + size <= m->va + m->len) {
			host = m->host;
			phys = m->phys + (a - m->va);
			break;
		}
	pthread_mutex_unlock(&maps_lock);
	if (!host)
		return raw(addr, size, write, value);
	if (umod_board_mmio(host, phys, size, write, &value))
		return value;
	pthread_mutex_lock(&maps_lock);
	for (m = maps; m; m = m->next)
		if (a >= m->va && a < m->va + m->len && !m->warned)
			warn = m->warned = true;
	pthread_mutex_unlock(&maps_lock);
	if (warn)
		umod_log_printk(host->log, KERN_WARNING "umod: MMIO %s at 0x%llx: no device model serves it\n",
				write ? "write" : "read", (unsigned long long)phys);
	return all_ones(size);
}

/* ---- port I/O ------------------------------------------------------------------------ */

static uint32_t pio_access(unsigned long port, unsigned int size, bool write, uint32_t value)
{
	struct umod_host *host = umod_caller_host();
	uint64_t v = value;

	port &= PIO_MASK;
	if (host && umod_board_pio(host, (unsigned int)port, size, write, &v))
		return (uint32_t)v;
	if (host && umod_ioport_first_miss(host, (unsigned int)port))
		umod_log_printk(host->log, KERN_WARNING "umod: port I/O %s at 0x%04lx: no device model serves it\n",
				write ? "write" : "read", port);
	return (uint32_t)all_ones(size);
}

static uint8_t kapi_inb(unsigned long port)
{
	return (uint8_t)pio_access(port, 1, false, 0);
}

static uint16_t kapi_inw(unsigned long port)
{
	return (uint16_t)pio_access(port, 2, false, 0);
}

static uint32_t kapi_inl(unsigned long port)
{
	return pio_access(port, 4, false, 0);
}

static void kapi_outb(uint8_t v, unsigned long port)
{
	pio_access(port, 1, true, v);
}

static void kapi_outw(uint16_t v, unsigned long port)
{
	pio_access(port, 2, true, v);
}

static void kapi_outl(uint32_t v, unsigned long port)
{
	pio_access(port, 4, true, v);
}

/* the string forms: @count accesses of one size at one port (rep ins/outs) */
static void pio_rep(unsigned long port, void *buf, unsigned long count, unsigned int size,
		    bool write)
{
	uint8_t *p = buf;

	for (unsigned long i = 0; i < count; i++, p += size) {
		uint32_t v = 0;

		if (write) {
			memcpy(&v, p, size);
			pio_access(port, size, true, v);
		} else {
			v = pio_access(port, size, false, 0);
			memcpy(p, &v, size);
		}
	}
}

static void kapi_insb(unsigned long port, void *buf, unsigned long count)
{
	pio_rep(port, buf, count, 1, false);
}

static void kapi_insw(unsigned long port, void *buf, unsigned long count)
{
	pio_rep(port, buf, count, 2, false);
}

static void kapi_insl(unsigned long port, void *buf, unsigned long count)
{
	pio_rep(port, buf, count, 4, false);
}

static void kapi_outsb(unsigned long port, const void *buf, unsigned long count)
{
	pio_rep(port, (void *)buf, count, 1, true);
}

static void kapi_outsw(unsigned long port, const void *buf, unsigned long count)
{
	pio_rep(port, (void *)buf, count, 2, true);
}

static void kapi_outsl(unsigned long port, const void *buf, unsigned long count)
{
	pio_rep(port, (void *)buf, count, 4, true);
}

void *umod_ioport_map(unsigned long port, unsigned int nr)
{
	return port > PIO_MASK ? NULL : (void *)(port + PIO_OFFSET);
}

static void kapi_ioport_unmap(void *addr)
{
}

static bool is_pio(const volatile void *addr)
{
	return (uintptr_t)addr >= PIO_OFFSET && (uintptr_t)addr < PIO_RESERVED;
}

/* an ioread/iowrite cookie: a port (ioport_map()) or an MMIO address */
static uint64_t io_access(const volatile void *addr, unsigned int size, bool write,
			  uint64_t value)
{
	if (is_pio(addr))
		return pio_access((uintptr_t)addr - PIO_OFFSET, size, write, (uint32_t)value);
	return mmio_access(addr, size, write, value);
}

/* ---- the exports ------------------------------------------------------------------- */

static void *kapi_ioremap(uint64_t offset, size_t size)
{
	return umod_ioremap(umod_caller_host(), offset, size);
}

static void kapi_iounmap(volatile void *addr)
{
	umod_iounmap(addr);
}

static uint8_t kapi_readb(const volatile void *addr)
{
	return (uint8_t)mmio_access(addr, 1, false, 0);
}

static uint16_t kapi_readw(const volatile void *addr)
{
	return (uint16_t)mmio_access(addr, 2, false, 0);
}

static uint32_t kapi_readl(const volatile void *addr)
{
	return (uint32_t)mmio_access(addr, 4, false, 0);
}

static uint64_t kapi_readq(const volatile void *addr)
{
	return mmio_access(addr, 8, false, 0);
}

static void kapi_writeb(uint8_t v, volatile void *addr)
{
	mmio_access(addr, 1, true, v);
}

static void kapi_writew(uint16_t v, volatile void *addr)
{
	mmio_access(addr, 2, true, v);
}

static void kapi_writel(uint32_t v, volatile void *addr)
{
	mmio_access(addr, 4, true, v);
}

static void kapi_writeq(uint64_t v, volatile void *addr)
{
	mmio_access(addr, 8, true, v);
}

static unsigned int kapi_ioread8(const void *addr)
{
	return (uint8_t)io_access(addr, 1, false, 0);
}

static unsigned int kapi_ioread16(const void *addr)
{
	return (uint16_t)io_access(addr, 2, false, 0);
}

static unsigned int kapi_ioread16be(const void *addr)
{
	return __builtin_bswap16((uint16_t)io_access(addr, 2, false, 0));
}

static unsigned int kapi_ioread32(const void *addr)
{
	return (uint32_t)io_access(addr, 4, false, 0);
}

static unsigned int kapi_ioread32be(const void *addr)
{
	return __builtin_bswap32((uint32_t)io_access(addr, 4, false, 0));
}

static void kapi_iowrite8(uint8_t v, void *addr)
{
	io_access(addr, 1, true, v);
}

static void kapi_iowrite16(uint16_t v, void *addr)
{
	io_access(addr, 2, true, v);
}

static void kapi_iowrite16be(uint16_t v, void *addr)
{
	io_access(addr, 2, true, __builtin_bswap16(v));
}

static void kapi_iowrite32(uint32_t v, void *addr)
{
	io_access(addr, 4, true, v);
}

static void kapi_iowrite32be(uint32_t v, void *addr)
{
	io_access(addr, 4, true, __builtin_bswap32(v));
}

static void kapi_memcpy_fromio(void *to, const volatile void *from, size_t count)
{
	for (size_t i = 0; i < count; i++)
		((uint8_t *)to)[i] = kapi_readb((const volatile uint8_t *)from + i);
}

static void kapi_memcpy_toio(volatile void *to, const void *from, size_t count)
{
	for (size_t i = 0; i < count; i++)
		kapi_writeb(((const uint8_t *)from)[i], (volatile uint8_t *)to + i);
}

static void kapi_memset_io(volatile void *addr, int value, size_t count)
{
	for (size_t i = 0; i < count; i++)
		kapi_writeb((uint8_t)value, (volatile uint8_t *)addr + i);
}

static const struct umod_kapi_export iomap_exports[] = {
	UMOD_KAPI("ioremap", kapi_ioremap),
	UMOD_KAPI("ioremap_cache", kapi_ioremap),
	UMOD_KAPI("ioremap_wc", kapi_ioremap),
	UMOD_KAPI("ioremap_wt", kapi_ioremap),
	UMOD_KAPI_GPL("ioremap_uc", kapi_ioremap),
	UMOD_KAPI("iounmap", kapi_iounmap),
	UMOD_KAPI("readb", kapi_readb),
	UMOD_KAPI("readw", kapi_readw),
	UMOD_KAPI("readl", kapi_readl),
	UMOD_KAPI("readq", kapi_readq),
	UMOD_KAPI("writeb", kapi_writeb),
	UMOD_KAPI("writew", kapi_writew),
	UMOD_KAPI("writel", kapi_writel),
	UMOD_KAPI("writeq", kapi_writeq),
	UMOD_KAPI("ioread8", kapi_ioread8),
	UMOD_KAPI("ioread16", kapi_ioread16),
	UMOD_KAPI("ioread16be", kapi_ioread16be),
	UMOD_KAPI("ioread32", kapi_ioread32),
	UMOD_KAPI("ioread32be", kapi_ioread32be),
	UMOD_KAPI("iowrite8", kapi_iowrite8),
	UMOD_KAPI("iowrite16", kapi_iowrite16),
	UMOD_KAPI("iowrite16be", kapi_iowrite16be),
	UMOD_KAPI("iowrite32", kapi_iowrite32),
	UMOD_KAPI("iowrite32be", kapi_iowrite32be),
	UMOD_KAPI("memcpy_fromio", kapi_memcpy_fromio),
	UMOD_KAPI("memcpy_toio", kapi_memcpy_toio),
	UMOD_KAPI("memset_io", kapi_memset_io),
	/* port I/O (issue 31 item 1) */
	UMOD_KAPI("inb", kapi_inb),
	UMOD_KAPI("inw", kapi_inw),
	UMOD_KAPI("inl", kapi_inl),
	UMOD_KAPI("outb", kapi_outb),
	UMOD_KAPI("outw", kapi_outw),
	UMOD_KAPI("outl", kapi_outl),
	UMOD_KAPI("insb", kapi_insb),
	UMOD_KAPI("insw", kapi_insw),
	UMOD_KAPI("insl", kapi_insl),
	UMOD_KAPI("outsb", kapi_outsb),
	UMOD_KAPI("outsw", kapi_outsw),
	UMOD_KAPI("outsl", kapi_outsl),
	UMOD_KAPI("ioport_map", umod_ioport_map),
	UMOD_KAPI("ioport_unmap", kapi_ioport_unmap),
};

const struct umod_kapi_table umod_kapi_iomap = { iomap_exports, UMOD_ARRAY_SIZE(iomap_exports) };
