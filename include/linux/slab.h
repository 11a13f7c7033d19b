/* SPDX-License-Identifier: MIT */
/* Heap memory: exported by the host, backed by its allocator. */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/compiler.h>
#include <linux/gfp.h>
#include <linux/types.h>

void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void *kcalloc(size_t n, size_t size, gfp_t flags);
void *krealloc(const void *p, size_t new_size, gfp_t flags);
void kfree(const void *p);
char *kstrdup(const char *s, gfp_t gfp);
char *kstrndup(const char *s, size_t max, gfp_t gfp);

#define kmalloc_array(n, size, flags)	kcalloc(n, size, flags)

#endif /* _LINUX_SLAB_H */
