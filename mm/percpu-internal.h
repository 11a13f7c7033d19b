/* SPDX-License-Identifier: MIT */
/* mm/percpu.c's allocator, for the loader (a module's .data..percpu) and the host */
#ifndef _UMOD_MM_PERCPU_INTERNAL_H
#define _UMOD_MM_PERCPU_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

struct umod_host;
struct umod_mm_site;
struct load_info;

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

/*
 * percpu_modalloc(): room for the module's .data..percpu section in every
 * CPU's unit, the section's bytes in CPU 0's, its address the section's; -ENOMEM (logged as Linux does) when
 * there is no room. info->percpu is then the module's until it is freed.
 */
int umod_percpu_modalloc(struct load_info *info);
/* percpu_modcopy(): once relocated, CPU 0's copy is every CPU's */
void umod_percpu_modcopy(const struct load_info *info);
void umod_percpu_modfree(void *percpu);

#endif /* _UMOD_MM_PERCPU_INTERNAL_H */
