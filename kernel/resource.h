/* SPDX-License-Identifier: MIT */
/*
 * kernel/resource.c: each host's trees of I/O ports and memory ranges
 * (/proc/ioports, /proc/iomem) and what the rest of the host does with them.
 */
#ifndef _UMOD_KERNEL_RESOURCE_H
#define _UMOD_KERNEL_RESOURCE_H

#include <stdbool.h>
#include <stdint.h>

struct umod_host;
struct resource;

/* the host's trees and their /proc files; 0 or -errno */
int umod_resource_init(struct umod_host *host);
void umod_resource_host_gone(struct umod_host *host);

/* @host's root for a module's &ioport_resource or &iomem_resource; other roots are themselves */
struct resource *umod_resource_root(struct umod_host *host, struct resource *parent);
/* &ioport_resource and &iomem_resource, as a module names them */
struct resource *umod_resource_ioport(void);
struct resource *umod_resource_iomem(void);
/* request_resource() under the resource lock: NULL, or the conflicting resource */
struct resource *umod_request_resource(struct resource *root, struct resource *new);
void umod_release_resource(struct resource *old);

/* port I/O nothing serves: true the first time for @port (it is logged once) */
bool umod_ioport_first_miss(struct umod_host *host, unsigned int port);

#endif /* _UMOD_KERNEL_RESOURCE_H */
