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
#include "lib/iomap.h"

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
	return size == 8 ? ~0ull : (1ull << (size * 8)) - 1;
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
	return kapi_readb(addr);
}

static unsigned int kapi_ioread16(const void *addr)
{
	return kapi_readw(addr);
}

static unsigned int kapi_ioread16be(const void *addr)
{
	return __builtin_bswap16(kapi_readw(addr));
}

static unsigned int kapi_ioread32(const void *addr)
{
	return kapi_readl(addr);
}

static unsigned int kapi_ioread32be(const void *addr)
{
	return __builtin_bswap32(kapi_readl(addr));
}

static void kapi_iowrite8(uint8_t v, void *addr)
{
	kapi_writeb(v, addr);
}

static void kapi_iowrite16(uint16_t v, void *addr)
{
	kapi_writew(v, addr);
}

static void kapi_iowrite16be(uint16_t v, void *addr)
{
	kapi_writew(__builtin_bswap16(v), addr);
}

static void kapi_iowrite32(uint32_t v, void *addr)
{
	kapi_writel(v, addr);
}

static void kapi_iowrite32be(uint32_t v, void *addr)
{
	kapi_writel(__builtin_bswap32(v), addr);
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
	UMOD_KAPI("ioremap_uc", kapi_ioremap),
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
};

const struct umod_kapi_table umod_kapi_iomap = { iomap_exports, UMOD_ARRAY_SIZE(iomap_exports) };
