/* SPDX-License-Identifier: MIT */
/*
 * Between bench/kmalloc.c (the host) and benchkm.ko: the module hands
 * over its loops at init. Used by module and host alike: includes nothing.
 */
#ifndef _UMOD_BENCHKM_H
#define _UMOD_BENCHKM_H

struct benchkm_ops {
	/* @n kmalloc(@size, GFP_KERNEL) + kfree() pairs */
	unsigned long (*kmalloc_pairs)(unsigned long n, unsigned long size);
	/* @n benchkm_malloc(@size) + benchkm_free() pairs: the C library's */
	unsigned long (*malloc_pairs)(unsigned long n, unsigned long size);
};

int benchkm_register(const struct benchkm_ops *ops);
/* the C library's malloc() and free(), exported by the benchmark's host */
void *benchkm_malloc(unsigned long size);
void benchkm_free(void *p);

#endif
