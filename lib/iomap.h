/* SPDX-License-Identifier: MIT */
/* lib/iomap.c: ioremap() for the host (lib/devres.c, platform.c) and modules */
#ifndef _UMOD_LIB_IOMAP_H
#define _UMOD_LIB_IOMAP_H

#include <stddef.h>
#include <stdint.h>

struct umod_host;

/* a mapping of @size bytes at physical @phys for @host's modules; NULL on failure */
void *umod_ioremap(struct umod_host *host, uint64_t phys, size_t size);
void umod_iounmap(const volatile void *addr);
/* ioport_map(): the cookie of port @port (ioread8() and the rest take it); NULL past 0xffff */
void *umod_ioport_map(unsigned long port, unsigned int nr);
struct device;
struct resource;
/* lib/devres.c: devm_ioremap(), devm_ioremap_resource() (an error pointer) */
void *umod_devm_ioremap(struct device *dev, uint64_t offset, uint64_t size);
void *umod_devm_ioremap_resource(struct device *dev, const struct resource *res);
/* the host's mappings are unmapped */
void umod_iomap_host_gone(struct umod_host *host);

#endif /* _UMOD_LIB_IOMAP_H */
