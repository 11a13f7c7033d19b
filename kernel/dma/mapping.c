// SPDX-License-Identifier: MIT
/*
 * The DMA API (Linux 6.1's kernel/dma/mapping.c over dma-direct, with an
 * IOMMU's view of it): a mapping gives the buffer a DMA address in the
 * device's mask, page-granular and keeping the buffer's offset in its
 * page, and records it; a device model's bus-master access
 * (umod_model_dma_read()/write()) reaches only memory mapped for its
 * device, in the mapping's direction, as an IOMMU allows. Coherent
 * buffers are page-aligned, zeroed host memory. Every map, unmap, sync
 * and free goes through debug.c's checks, as a kernel built with
 * CONFIG_DMA_API_DEBUG makes them.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <umod/kabi/scatterlist.h>

#include "drivers/base/base.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/dma/dma.h"
#include "kernel/kapi.h"
#include "kernel/printk/internal.h"

#define DMA_MAPPING_ERROR	(~0ull)
#define DMA_BASE		0x01000000ull	/* above the ISA DMA zone */
#define PAGE			4096ull
#define DMA_BIDIRECTIONAL	0
#define DMA_TO_DEVICE		1
#define DMA_FROM_DEVICE		2
#define DMA_NONE		3

struct page;

static pthread_mutex_t dma_lock = PTHREAD_MUTEX_INITIALIZER;
static struct umod_dma_entry *entries;	/* every host's, sorted by host, then address */

void umod_dma_lock(void)
{
	pthread_mutex_lock(&dma_lock);
}

void umod_dma_unlock(void)
{
	pthread_mutex_unlock(&dma_lock);
}

bool umod_dma_mapped_any(void)
{
	return __atomic_load_n(&entries, __ATOMIC_RELAXED) != NULL;
}

struct umod_dma_entry **umod_dma_head(void)
{
	return &entries;
}

static struct umod_host *host_of(struct device *dev)
{
	struct umod_driver_core *core = dev ? umod_dev_core(dev) : NULL;

	return core ? core->host : umod_caller_host();
}

/* first fit below @limit, among @host's mappings; the entry is linked in (lock held) */
static uint64_t place(struct umod_dma_entry *e, uint64_t limit)
{
	uint64_t off = (uintptr_t)e->cpu & (PAGE - 1);
	uint64_t span = (off + e->size + PAGE - 1) & ~(PAGE - 1), at = DMA_BASE;
	struct umod_dma_entry **p = &entries;

	for (; *p; p = &(*p)->next) {
		struct umod_dma_entry *o = *p;
		uint64_t o_start, o_end;

		if (o->host != e->host)
			continue;
		o_start = o->dma & ~(PAGE - 1);
		o_end = (o->dma + o->size + PAGE - 1) & ~(PAGE - 1);
		if (at + span <= o_start)
			break;
		if (o_end > at)
			at = o_end;
	}
	if (!span || at + span - 1 > limit || at + span < at)
		return DMA_MAPPING_ERROR;
	e->dma = at + off;
	e->next = *p;
	*p = e;
	return e->dma;
}

static uint64_t map(struct device *dev, void *cpu, size_t size, int dir,
		    enum dma_debug_type type, int ents, uint64_t limit)
{
	struct umod_dma_entry *e = calloc(1, sizeof(*e));
	uint64_t dma;

	if (!e || !dev || dir < DMA_BIDIRECTIONAL || dir > DMA_FROM_DEVICE) {
		free(e);
		return DMA_MAPPING_ERROR;
	}
	*e = (struct umod_dma_entry){ .host = host_of(dev), .dev = dev, .cpu = cpu, .size = size,
				      .dir = dir, .type = type, .sg_call_ents = ents,
				      .checked = type != DMA_DEBUG_SINGLE };
	pthread_mutex_lock(&dma_lock);
	dma = place(e, limit);
	pthread_mutex_unlock(&dma_lock);
	if (dma == DMA_MAPPING_ERROR)
		free(e);
	return dma;
}

static uint64_t mask_of(struct device *dev)
{
	return dev && dev->dma_mask ? *dev->dma_mask : 0xffffffffull;
}

/* ---- streaming mappings -------------------------------------------------------------- */

static uint64_t kapi_dma_map_page_attrs(struct device *dev, struct page *page, size_t offset,
					size_t size, int dir, unsigned long attrs)
{
	return map(dev, (char *)page + offset, size, dir, DMA_DEBUG_SINGLE, 0, mask_of(dev));
}

static void unmap(struct device *dev, uint64_t addr, size_t size, int dir,
		  enum dma_debug_type type, int ents, void *cpu)
{
	struct umod_dma_entry ref = { .host = host_of(dev), .dev = dev, .dma = addr,
				      .size = size, .dir = dir, .type = type,
				      .sg_call_ents = ents, .cpu = cpu };

	free(umod_dma_debug_unmap(ref.host, &ref));
}

static void kapi_dma_unmap_page_attrs(struct device *dev, uint64_t addr, size_t size, int dir,
				      unsigned long attrs)
{
	unmap(dev, addr, size, dir, DMA_DEBUG_SINGLE, 0, NULL);
}

static struct scatterlist *sg_next(struct scatterlist *s)
{
	if (s->page_link & 0x02)	/* SG_END */
		return NULL;
	s++;
	if (s->page_link & 0x01)	/* SG_CHAIN */
		s = (struct scatterlist *)(s->page_link & ~0x03ul);	/* the next array */
	return s;
}

static void *sg_cpu(const struct scatterlist *s)
{
	return (char *)(s->page_link & ~0x03ul) + s->offset;
}

static int kapi_dma_map_sg_attrs(struct device *dev, struct scatterlist *sgl, int nents,
				 int dir, unsigned long attrs)
{
	struct scatterlist *s = (struct scatterlist *)sgl;
	int i;

	for (i = 0; s && i < nents; i++, s = sg_next(s)) {
		s->dma_address = map(dev, sg_cpu(s), s->length, dir, DMA_DEBUG_SG, nents,
				     mask_of(dev));
		s->dma_length = s->length;
		if (s->dma_address == DMA_MAPPING_ERROR) {
			struct scatterlist *t = (struct scatterlist *)sgl;

			for (int j = 0; j < i; j++, t = sg_next(t))
				unmap(dev, t->dma_address, t->dma_length, dir, DMA_DEBUG_SG, nents,
				      NULL);
			return 0;
		}
	}
	return i;
}

static void kapi_dma_unmap_sg_attrs(struct device *dev, struct scatterlist *sgl, int nents,
				    int dir, unsigned long attrs)
{
	struct scatterlist *s = (struct scatterlist *)sgl;

	for (int i = 0; s && i < nents; i++, s = sg_next(s))
		unmap(dev, s->dma_address, s->dma_length, dir, DMA_DEBUG_SG, nents, NULL);
}

static int kapi_dma_map_sgtable(struct device *dev, struct sg_table *sgt, int dir,
				unsigned long attrs)
{
	int n = kapi_dma_map_sg_attrs(dev, sgt->sgl, (int)sgt->orig_nents, dir, attrs);

	if (n <= 0)
		return -EIO;
	sgt->nents = (unsigned int)n;
	return 0;
}

/* ---- syncs --------------------------------------------------------------------------- */

static void sync(struct device *dev, uint64_t addr, size_t size, int dir, bool to_cpu,
		 enum dma_debug_type type, int ents)
{
	struct umod_dma_entry ref = { .host = host_of(dev), .dev = dev, .dma = addr,
				      .size = size, .dir = dir, .type = type,
				      .sg_call_ents = ents };

	umod_dma_debug_sync(ref.host, &ref, to_cpu);
}

static void kapi_dma_sync_single_for_cpu(struct device *dev, uint64_t addr, size_t size,
					 int dir)
{
	sync(dev, addr, size, dir, true, DMA_DEBUG_SINGLE, 0);
}

static void kapi_dma_sync_single_for_device(struct device *dev, uint64_t addr, size_t size,
					    int dir)
{
	sync(dev, addr, size, dir, false, DMA_DEBUG_SINGLE, 0);
}

static void sync_sg(struct device *dev, struct scatterlist *sgl, int nelems, int dir,
		    bool to_cpu)
{
	struct scatterlist *s = (struct scatterlist *)sgl;

	for (int i = 0; s && i < nelems; i++, s = sg_next(s))
		sync(dev, s->dma_address, s->dma_length, dir, to_cpu, DMA_DEBUG_SG, nelems);
}

static void kapi_dma_sync_sg_for_cpu(struct device *dev, struct scatterlist *sg, int nelems,
				     int dir)
{
	sync_sg(dev, sg, nelems, dir, true);
}

static void kapi_dma_sync_sg_for_device(struct device *dev, struct scatterlist *sg, int nelems,
					int dir)
{
	sync_sg(dev, sg, nelems, dir, false);
}

/* ---- coherent buffers ------------------------------------------------------------------ */

static void *kapi_dma_alloc_attrs(struct device *dev, size_t size, uint64_t *handle,
				  unsigned int gfp, unsigned long attrs)
{
	size_t len = (size + PAGE - 1) & ~(PAGE - 1);
	void *cpu = NULL;

	if (!dev || !size || posix_memalign(&cpu, PAGE, len))
		return NULL;
	memset(cpu, 0, len);
	*handle = map(dev, cpu, size, DMA_BIDIRECTIONAL, DMA_DEBUG_COHERENT, 0,
		      dev->coherent_dma_mask);
	if (*handle == DMA_MAPPING_ERROR) {
		free(cpu);
		return NULL;
	}
	return cpu;
}

static void kapi_dma_free_attrs(struct device *dev, size_t size, void *cpu, uint64_t handle,
				unsigned long attrs)
{
	struct umod_dma_entry ref = { .host = host_of(dev), .dev = dev, .dma = handle,
				      .size = size, .dir = DMA_BIDIRECTIONAL,
				      .type = DMA_DEBUG_COHERENT, .cpu = cpu };
	struct umod_dma_entry *e;

	if (!cpu)
		return;
	e = umod_dma_debug_unmap(ref.host, &ref);
	if (e && e->cpu == cpu)
		free(cpu);	/* only what was allocated here */
	free(e);
}

struct dmam {
	void *cpu;
	size_t size;
	uint64_t handle;
};

static void dmam_release(struct device *dev, void *res)
{
	struct dmam *d = res;

	kapi_dma_free_attrs(dev, d->size, d->cpu, d->handle, 0);
}

static void *kapi_dmam_alloc_attrs(struct device *dev, size_t size, uint64_t *handle,
				   unsigned int gfp, unsigned long attrs)
{
	struct dmam *d = umod_devres_alloc(dmam_release, sizeof(*d));
	void *cpu;

	if (!d)
		return NULL;
	cpu = kapi_dma_alloc_attrs(dev, size, handle, gfp, attrs);
	if (!cpu) {
		umod_devres_free(d);
		return NULL;
	}
	*d = (struct dmam){ cpu, size, *handle };
	umod_devres_add(dev, d);
	return cpu;
}

static int dmam_match(struct device *dev, void *res, void *data)
{
	return ((struct dmam *)res)->cpu == data;
}

static void kapi_dmam_free_coherent(struct device *dev, size_t size, void *cpu, uint64_t handle)
{
	umod_devres_release(dev, dmam_release, dmam_match, cpu);
}

/* ---- masks ---------------------------------------------------------------------------- */

/* dma-direct can reach the first 16 MiB at least (ZONE_DMA): a smaller mask is refused */
static bool supported(uint64_t mask)
{
	return mask >= 0xffffffull;
}

static int kapi_dma_set_mask(struct device *dev, uint64_t mask)
{
	if (!dev || !dev->dma_mask || !supported(mask))
		return -EIO;
	*dev->dma_mask = mask;
	return 0;
}

static int kapi_dma_set_coherent_mask(struct device *dev, uint64_t mask)
{
	if (!dev || !supported(mask))
		return -EIO;
	dev->coherent_dma_mask = mask;
	return 0;
}

static int kapi_dma_supported(struct device *dev, uint64_t mask)
{
	return supported(mask);
}

static void kapi_debug_dma_mapping_error(struct device *dev, uint64_t addr)
{
	pthread_mutex_lock(&dma_lock);
	for (struct umod_dma_entry *e = entries; e; e = e->next)
		if (e->dev == dev && e->dma == addr && !e->checked) {
			e->checked = true;
			break;
		}
	pthread_mutex_unlock(&dma_lock);
}

/* ---- the device side ----------------------------------------------------------------------- */

int umod_dma_access(struct umod_host *host, struct device *dev, uint64_t addr, void *buf,
		    size_t len, bool write)
{
	struct umod_dma_entry *e;
	bool allowed = false;

	pthread_mutex_lock(&dma_lock);
	for (e = entries; e; e = e->next)
		if (e->dev == dev && addr >= e->dma && len <= e->size &&
		    addr - e->dma <= e->size - len)
			break;
	if (e && (e->dir == DMA_BIDIRECTIONAL || e->dir == (write ? DMA_FROM_DEVICE
								    : DMA_TO_DEVICE))) {
		allowed = true;
		if (write)
			memcpy((char *)e->cpu + (addr - e->dma), buf, len);
		else
			memcpy(buf, (char *)e->cpu + (addr - e->dma), len);
	}
	pthread_mutex_unlock(&dma_lock);
	if (allowed)
		return 0;
	umod_log_printk(host->log, KERN_ERR "umod: %s: DMA %s of %zu bytes at 0x%016llx: %s\n",
			umod_dev_name(dev), write ? "write" : "read", len,
			(unsigned long long)addr,
			e ? "the mapping's direction forbids it" : "no mapping of the device holds it");
	return -EFAULT;
}

static const struct umod_kapi_export dma_exports[] = {
	UMOD_KAPI("dma_map_page_attrs", kapi_dma_map_page_attrs),
	UMOD_KAPI("dma_unmap_page_attrs", kapi_dma_unmap_page_attrs),
	UMOD_KAPI("dma_map_sg_attrs", kapi_dma_map_sg_attrs),
	UMOD_KAPI("dma_unmap_sg_attrs", kapi_dma_unmap_sg_attrs),
	UMOD_KAPI_GPL("dma_map_sgtable", kapi_dma_map_sgtable),
	UMOD_KAPI("dma_sync_single_for_cpu", kapi_dma_sync_single_for_cpu),
	UMOD_KAPI("dma_sync_single_for_device", kapi_dma_sync_single_for_device),
	UMOD_KAPI("dma_sync_sg_for_cpu", kapi_dma_sync_sg_for_cpu),
	UMOD_KAPI("dma_sync_sg_for_device", kapi_dma_sync_sg_for_device),
	UMOD_KAPI("dma_alloc_attrs", kapi_dma_alloc_attrs),
	UMOD_KAPI("dma_free_attrs", kapi_dma_free_attrs),
	UMOD_KAPI("dmam_alloc_attrs", kapi_dmam_alloc_attrs),
	UMOD_KAPI("dmam_free_coherent", kapi_dmam_free_coherent),
	UMOD_KAPI("dma_set_mask", kapi_dma_set_mask),
	UMOD_KAPI("dma_set_coherent_mask", kapi_dma_set_coherent_mask),
	UMOD_KAPI("dma_supported", kapi_dma_supported),
	UMOD_KAPI("debug_dma_mapping_error", kapi_debug_dma_mapping_error),
};

const struct umod_kapi_table umod_kapi_dma_mapping = UMOD_KAPI_TABLE(dma_exports);
