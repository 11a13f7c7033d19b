/* SPDX-License-Identifier: MIT */
/* mm/percpu.c's allocator, for the loader (a module's .data..percpu) and the host */
#ifndef _UMOD_MM_PERCPU_INTERNAL_H
#define _UMOD_MM_PERCPU_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

struct umod_host;
struct umod_mm_site;

/*
 * @size zeroed bytes aligned to @align in every possible CPU's unit,
 * counted at @site (NULL: nobody's); returns CPU 0's copy, the per-CPU
 * pointer, or NULL with no room.
 */
void *umod_percpu_alloc(struct umod_host *host, size_t size, size_t align,
			struct umod_mm_site *site);
/* in whichever host's zone; false if no block starts at @ptr */
bool umod_percpu_free(void *ptr);
/* when the host goes (its area with it) */
void umod_percpu_release(struct umod_host *host);

/* the host's allocator, made before its first module runs; -ENOMEM */
int umod_percpu_init(struct umod_host *host);
/*
 * __alloc_reserved_percpu(): a module's .data..percpu (zeroed, in every
 * CPU's unit), or NULL with the kernel's messages when it does not fit
 */
void *umod_alloc_reserved_percpu(struct umod_host *host, size_t size, size_t align);
/* CPU n's copy of anything in a zone is this far above CPU 0's */
extern unsigned long umod_per_cpu_offset[];

#endif /* _UMOD_MM_PERCPU_INTERNAL_H */
