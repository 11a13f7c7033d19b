// SPDX-License-Identifier: MIT
/*
 * Managed MMIO mappings (Linux 6.1's lib/devres.c): devm_ioremap() and
 * devm_ioremap_resource() are unmapped when the driver lets the device
 * go; a resource that is not IORESOURCE_MEM is refused with 6.1's
 * message. (Memory regions are not reserved: two drivers may map one.)
 */
#include <errno.h>
#include <inttypes.h>

#include "drivers/base/base.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/printk/internal.h"
#include "lib/iomap.h"

#define IORESOURCE_MEM		0x00000200
#define IORESOURCE_TYPE_BITS	0x00001f00

static void devm_ioremap_release(struct device *dev, void *res)
{
	umod_iounmap(*(void **)res);
}

static int devm_ioremap_match(struct device *dev, void *res, void *match_data)
{
	return *(void **)res == match_data;
}

static struct umod_host *host_of(struct device *dev)
{
	struct umod_driver_core *core = umod_dev_core(dev);

	return core ? core->host : umod_caller_host();
}

void *umod_devm_ioremap(struct device *dev, uint64_t offset, uint64_t size)
{
	void **ptr = umod_devres_alloc(devm_ioremap_release, sizeof(*ptr));
	void *addr;

	if (!ptr)
		return NULL;
	addr = umod_ioremap(host_of(dev), offset, (size_t)size);
	if (!addr) {
		umod_devres_free(ptr);
		return NULL;
	}
	*ptr = addr;
	umod_devres_add(dev, ptr);
	return addr;
}

static void *kapi_devm_ioremap(struct device *dev, uint64_t offset, uint64_t size)
{
	return umod_devm_ioremap(dev, offset, size);
}

void *umod_devm_ioremap_resource(struct device *dev, const struct resource *res)
{
	void *dest_ptr;

	if (!res || (res->flags & IORESOURCE_TYPE_BITS) != IORESOURCE_MEM) {
		if (res)
			umod_dev_printk(KERN_ERR, dev, "invalid resource [mem %#010" PRIx64 "-%#010" PRIx64 "]\n",
					(uint64_t)res->start, (uint64_t)res->end);
		else
			umod_dev_printk(KERN_ERR, dev, "invalid resource (null)\n");
		return (void *)(long)-EINVAL;
	}
	dest_ptr = umod_devm_ioremap(dev, res->start, res->end - res->start + 1);
	if (!dest_ptr) {
		umod_dev_printk(KERN_ERR, dev, "ioremap failed for resource [mem %#010" PRIx64 "-%#010" PRIx64 "]\n",
				(uint64_t)res->start, (uint64_t)res->end);
		return (void *)(long)-ENOMEM;
	}
	return dest_ptr;
}

static void *kapi_devm_ioremap_resource(struct device *dev, const struct resource *res)
{
	return umod_devm_ioremap_resource(dev, res);
}

static void kapi_devm_iounmap(struct device *dev, void *addr)
{
	umod_devres_release(dev, devm_ioremap_release, devm_ioremap_match, addr);
}

static const struct umod_kapi_export devres_io_exports[] = {
	UMOD_KAPI("devm_ioremap", kapi_devm_ioremap),
	UMOD_KAPI("devm_ioremap_wc", kapi_devm_ioremap),
	UMOD_KAPI("devm_ioremap_resource", kapi_devm_ioremap_resource),
	UMOD_KAPI("devm_iounmap", kapi_devm_iounmap),
};

const struct umod_kapi_table umod_kapi_devres_io = {
	devres_io_exports, UMOD_ARRAY_SIZE(devres_io_exports)
};
