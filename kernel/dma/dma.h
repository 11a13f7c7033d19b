/* SPDX-License-Identifier: MIT */
/*
 * kernel/dma/: each host's DMA mappings (mapping.c) and their checks as
 * CONFIG_DMA_API_DEBUG makes them (debug.c), and what the rest of the
 * host calls: the device models' bus-master accesses, the driver core's
 * unbind, the allocator's free.
 */
#ifndef _UMOD_KERNEL_DMA_DMA_H
#define _UMOD_KERNEL_DMA_DMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct device;
struct umod_host;

enum dma_debug_type { DMA_DEBUG_SINGLE, DMA_DEBUG_SG, DMA_DEBUG_COHERENT };

/* one mapping (or what an unmap, a sync or a free says of one) */
struct umod_dma_entry {
	struct umod_host *host;
	struct device *dev;
	void *cpu;
	uint64_t dma;
	size_t size;
	int dir;			/* enum dma_data_direction */
	enum dma_debug_type type;
	bool checked;			/* dma_mapping_error() was asked */
	int sg_call_ents;
	struct umod_dma_entry *next;
};

/* mapping.c: @dev's bus master reads (!@write) or writes @len bytes at @addr; 0 or -EFAULT */
int umod_dma_access(struct umod_host *host, struct device *dev, uint64_t addr, void *buf,
		    size_t len, bool write);
/* mapping.c, for debug.c: the live entries (every host's), under the DMA lock */
void umod_dma_lock(void);
void umod_dma_unlock(void);
struct umod_dma_entry **umod_dma_head(void);

/* debug.c: an unmap or free (@ref) against what was mapped; the entry, taken off, or NULL */
struct umod_dma_entry *umod_dma_debug_unmap(struct umod_host *host,
					    const struct umod_dma_entry *ref);
void umod_dma_debug_sync(struct umod_host *host, const struct umod_dma_entry *ref, bool to_cpu);
/* debug.c: the driver let @dev go: its mappings left behind (drivers/base/dd.c) */
void umod_dma_debug_unbound(struct device *dev);
/* debug.c: /sys/kernel/debug/dma-api of @host, made with it and gone with it */
int umod_dma_debug_fs_init(struct umod_host *host);
void umod_dma_host_gone(struct umod_host *host);
/* mapping.c: is anything mapped at all (the allocator's cheap test before a free's check) */
bool umod_dma_mapped_any(void);
/* debug.c: @size bytes at @p freed (mm/): a live streaming mapping in them is reported */
void umod_dma_debug_freed(const void *p, size_t size);

#endif /* _UMOD_KERNEL_DMA_DMA_H */
