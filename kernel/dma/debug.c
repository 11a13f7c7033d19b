// SPDX-License-Identifier: MIT
/*
 * The DMA API's checks (Linux 6.1's kernel/dma/debug.c, as a kernel with
 * CONFIG_DMA_API_DEBUG=y makes them): an unmap or a free of a mapping
 * that does not exist, or with another size, function, CPU address or
 * direction, or of a mapping whose dma_mapping_error() was never asked;
 * a sync of memory never mapped, past its end, in another direction or
 * against the mapping's direction; mappings left when the driver lets
 * the device go; and, umod's own, a free of memory a live mapping still
 * covers. Each is 6.1's err_printk(): a WARNING ("DMA-API: DRIVER
 * DEVICE: ...", tainting W) for the first error only, then counted, as
 * 6.1's show_num_errors = 1 does; /sys/kernel/debug/dma-api/all_errors
 * set to 1 shows them all, error_count counts them.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/dma/dma.h"
#include "kernel/panic.h"

#define DMA_MAPPING_ERROR	(~0ull)
#define DMA_BIDIRECTIONAL	0
#define DMA_TO_DEVICE		1
#define DMA_FROM_DEVICE		2

static const char *const type2name[] = { "single", "scather-gather", "coherent" };
static const char *const dir2name[] = { "DMA_BIDIRECTIONAL", "DMA_TO_DEVICE",
					"DMA_FROM_DEVICE", "DMA_NONE" };

static unsigned int error_count, show_num_errors = 1, show_all_errors;

static const char *driver_string(const struct device *dev)
{
	if (dev->driver && dev->driver->name)
		return dev->driver->name;
	return dev->bus && dev->bus->name ? dev->bus->name : "";
}

/* err_printk(): the WARNING for the first error (all of them with all_errors) */
#define err_printk(dev, func, line, fmt, ...)						\
	err_printk_at(dev, "kernel/dma/debug.c", func, line, fmt, ##__VA_ARGS__)
#define err_printk_at(dev, file, func, line, fmt, ...)					\
	do {										\
		bool show_ = __atomic_load_n(&show_all_errors, __ATOMIC_RELAXED) ||	\
			     __atomic_load_n(&show_num_errors, __ATOMIC_RELAXED) > 0;	\
		__atomic_add_fetch(&error_count, 1, __ATOMIC_RELAXED);			\
		if (show_)								\
			umod_warn_host(file, line, func,				\
				       "DMA-API: %s %s: " fmt, driver_string(dev),	\
				       umod_dev_name(dev), ##__VA_ARGS__);		\
		if (show_ && !show_all_errors)						\
			__atomic_sub_fetch(&show_num_errors, 1, __ATOMIC_RELAXED);	\
	} while (0)

/* the device's mapping at @ref's address, exactly (dma_lock held) */
static struct umod_dma_entry **find_exact(const struct umod_dma_entry *ref)
{
	for (struct umod_dma_entry **p = umod_dma_head(); *p; p = &(*p)->next)
		if ((*p)->dev == ref->dev && (*p)->dma == ref->dma)
			return p;
	return NULL;
}

/* the device's mapping holding @ref's address (dma_lock held) */
static struct umod_dma_entry *find_contain(const struct umod_dma_entry *ref)
{
	for (struct umod_dma_entry *e = *umod_dma_head(); e; e = e->next)
		if (e->dev == ref->dev && ref->dma >= e->dma && ref->dma - e->dma < e->size)
			return e;
	return NULL;
}

/* check_unmap()'s comparisons of a found mapping */
static void compare(const struct umod_dma_entry *ref, const struct umod_dma_entry *e)
{
	struct device *dev = ref->dev;
	unsigned long long addr = ref->dma, size = ref->size;

	if (ref->size != e->size)
		err_printk(dev, "check_unmap", 1036, "device driver frees DMA memory with different size [device address=0x%016llx] [map size=%llu bytes] [unmap size=%llu bytes]\n",
			   addr, (unsigned long long)e->size, size);
	if (ref->type != e->type)
		err_printk(dev, "check_unmap", 1044, "device driver frees DMA memory with wrong function [device address=0x%016llx] [size=%llu bytes] [mapped as %s] [unmapped as %s]\n",
			   addr, size, type2name[e->type], type2name[ref->type]);
	else if (e->type == DMA_DEBUG_COHERENT && ref->cpu != e->cpu)
		err_printk(dev, "check_unmap", 1052, "device driver frees DMA memory with different CPU address [device address=0x%016llx] [size=%llu bytes] [cpu alloc address=0x%016llx] [cpu free address=0x%016llx]",
			   addr, size, (unsigned long long)(uintptr_t)e->cpu,
			   (unsigned long long)(uintptr_t)ref->cpu);
	if (ref->sg_call_ents && ref->type == DMA_DEBUG_SG && ref->sg_call_ents != e->sg_call_ents)
		err_printk(dev, "check_unmap", 1064, "device driver frees DMA sg list with different entry count [map count=%d] [unmap count=%d]\n",
			   e->sg_call_ents, ref->sg_call_ents);
	if (ref->dir != e->dir)
		err_printk(dev, "check_unmap", 1075, "device driver frees DMA memory with different direction [device address=0x%016llx] [size=%llu bytes] [mapped with %s] [unmapped with %s]\n",
			   addr, size, dir2name[e->dir & 3], dir2name[ref->dir & 3]);
	if (!e->checked)
		err_printk(dev, "check_unmap", 1088, "device driver failed to check map error[device address=0x%016llx] [size=%llu bytes] [mapped as %s]",
			   addr, size, type2name[e->type]);
}

struct umod_dma_entry *umod_dma_debug_unmap(struct umod_host *host,
					    const struct umod_dma_entry *ref)
{
	struct umod_dma_entry **p, *e = NULL;

	umod_dma_lock();
	p = find_exact(ref);
	if (p) {
		e = *p;
		*p = e->next;
	}
	umod_dma_unlock();
	if (!e && ref->dma == DMA_MAPPING_ERROR)
		err_printk(ref->dev, "check_unmap", 1018, "device driver tries to free an invalid DMA memory address\n");
	else if (!e)
		err_printk(ref->dev, "check_unmap", 1022, "device driver tries to free DMA memory it has not allocated [device address=0x%016llx] [size=%llu bytes]\n",
			   (unsigned long long)ref->dma, (unsigned long long)ref->size);
	else
		compare(ref, e);
	return e;
}

void umod_dma_debug_sync(struct umod_host *host, const struct umod_dma_entry *ref, bool to_cpu)
{
	struct umod_dma_entry e, *found;
	struct device *dev = ref->dev;
	unsigned long long addr = ref->dma;

	umod_dma_lock();
	found = find_contain(ref);
	if (found)
		e = *found;
	umod_dma_unlock();
	if (!found) {
		err_printk(dev, "check_sync", 1177, "device driver tries to sync DMA memory it has not allocated [device address=0x%016llx] [size=%llu bytes]\n",
			   addr, (unsigned long long)ref->size);
		return;
	}
	if (ref->dma - e.dma + ref->size > e.size)
		err_printk(dev, "check_sync", 1185, "device driver syncs DMA memory outside allocated range [device address=0x%016llx] [allocation size=%llu bytes] [sync offset+size=%llu]\n",
			   (unsigned long long)e.dma, (unsigned long long)e.size,
			   (unsigned long long)(ref->dma - e.dma + ref->size));
	if (e.dir == DMA_BIDIRECTIONAL)
		return;
	if (ref->dir != e.dir)
		err_printk(dev, "check_sync", 1197, "device driver syncs DMA memory with different direction [device address=0x%016llx] [size=%llu bytes] [mapped with %s] [synced with %s]\n",
			   addr, (unsigned long long)e.size, dir2name[e.dir & 3], dir2name[ref->dir & 3]);
	if (to_cpu && e.dir != DMA_FROM_DEVICE && ref->dir != DMA_TO_DEVICE)
		err_printk(dev, "check_sync", 1206, "device driver syncs device read-only DMA memory for cpu [device address=0x%016llx] [size=%llu bytes] [mapped with %s] [synced with %s]\n",
			   addr, (unsigned long long)e.size, dir2name[e.dir & 3], dir2name[ref->dir & 3]);
	if (!to_cpu && e.dir != DMA_TO_DEVICE && ref->dir != DMA_FROM_DEVICE)
		err_printk(dev, "check_sync", 1215, "device driver syncs device write-only DMA memory to device [device address=0x%016llx] [size=%llu bytes] [mapped with %s] [synced with %s]\n",
			   addr, (unsigned long long)e.size, dir2name[e.dir & 3], dir2name[ref->dir & 3]);
}

/* dma_debug_device_change() at BUS_NOTIFY_UNBOUND_DRIVER: what the driver left mapped */
void umod_dma_debug_unbound(struct device *dev)
{
	struct umod_dma_entry first = { 0 };
	unsigned long count = 0;

	umod_dma_lock();
	for (struct umod_dma_entry *e = *umod_dma_head(); e; e = e->next)
		if (e->dev == dev && !count++)
			first = *e;
	umod_dma_unlock();
	if (count)
		err_printk(dev, "dma_debug_device_change", 867, "device driver has pending DMA allocations while released from device [count=%lu]\nOne of leaked entries details: [device address=0x%016llx] [size=%llu bytes] [mapped with %s] [mapped as %s]\n",
			   count, (unsigned long long)first.dma, (unsigned long long)first.size,
			   dir2name[first.dir & 3], type2name[first.type]);
}

/* umod's own: the CPU gave back memory a device may still read or write */
void umod_dma_debug_freed(const void *p, size_t size)
{
	struct umod_dma_entry found = { 0 };
	uintptr_t start = (uintptr_t)p;

	umod_dma_lock();
	for (struct umod_dma_entry *e = *umod_dma_head(); e; e = e->next)
		if (e->type != DMA_DEBUG_COHERENT && (uintptr_t)e->cpu < start + size &&
		    start < (uintptr_t)e->cpu + e->size) {
			found = *e;
			break;
		}
	umod_dma_unlock();
	if (found.dev)
		err_printk_at(found.dev, "mm/slab_common.c", "kfree", 1024, "device driver frees memory of an active DMA mapping [device address=0x%016llx] [size=%llu bytes] [mapped with %s] [mapped as %s]\n",
			   (unsigned long long)found.dma, (unsigned long long)found.size,
			   dir2name[found.dir & 3], type2name[found.type]);
}

/* ---- /sys/kernel/debug/dma-api ---------------------------------------------------------- */

static long uint_show(struct kernfs_node *kn, void *priv, char *page)
{
	return snprintf(page, UMOD_PAGE_SIZE, "%u\n", __atomic_load_n((unsigned int *)priv,
									__ATOMIC_RELAXED));
}

static long uint_store(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	char *end;
	unsigned long v = strtoul(buf, &end, 0);

	if (end == buf || (*end && *end != '\n') || v > 0xffffffffu)
		return -EINVAL;
	__atomic_store_n((unsigned int *)priv, (unsigned int)v, __ATOMIC_RELAXED);
	return (long)len;
}

static const struct umod_kernfs_ops ro_ops = { uint_show, NULL };
static const struct umod_kernfs_ops rw_ops = { uint_show, uint_store };

struct fs_dir {
	struct umod_host *host;
	struct kernfs_node *kn;
	struct fs_dir *next;
};

static pthread_mutex_t dirs_lock = PTHREAD_MUTEX_INITIALIZER;
static struct fs_dir *dirs;

void umod_dma_host_gone(struct umod_host *host)
{
	struct fs_dir **p, *d = NULL;

	pthread_mutex_lock(&dirs_lock);
	for (p = &dirs; *p; p = &(*p)->next)
		if ((*p)->host == host) {
			d = *p;
			*p = d->next;
			break;
		}
	pthread_mutex_unlock(&dirs_lock);
	if (d)
		umod_kernfs_remove(d->kn);
	free(d);
}

/* the files of 6.1's dma-api directory that mean something here */
int umod_dma_debug_fs_init(struct umod_host *host)
{
	struct umod_kernfs_new dir = { .parent = umod_kernfs_root(UMOD_KERNFS_DEBUG), .host = host,
				       .name = "dma-api", .type = UMOD_SYSFS_DIR,
				       .kind = UMOD_KN_PLAIN, .mode = 0755 };
	const struct { const char *name; unsigned int *v; const struct umod_kernfs_ops *ops; }
		files[] = { { "error_count", &error_count, &ro_ops },
			    { "all_errors", &show_all_errors, &rw_ops },
			    { "num_errors", &show_num_errors, &rw_ops } };
	struct kernfs_node *kn;
	int err = umod_kernfs_create(&dir, &kn);

	for (size_t i = 0; !err && i < sizeof(files) / sizeof(files[0]); i++) {
		struct umod_kernfs_new f = { .parent = kn, .host = host, .name = files[i].name,
					     .type = UMOD_SYSFS_FILE, .kind = UMOD_KN_PLAIN,
					     .mode = files[i].ops == &rw_ops ? 0600 : 0444,
					     .ops = files[i].ops, .priv = files[i].v };

		err = umod_kernfs_create(&f, NULL);
	}
	if (!err) {
		struct fs_dir *d = calloc(1, sizeof(*d));

		if (!d)
			return -ENOMEM;
		*d = (struct fs_dir){ host, kn, NULL };
		pthread_mutex_lock(&dirs_lock);
		d->next = dirs;
		dirs = d;
		pthread_mutex_unlock(&dirs_lock);
	}
	return err;
}
