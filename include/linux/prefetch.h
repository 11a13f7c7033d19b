/* SPDX-License-Identifier: MIT */
/* Prefetch hints (prefetch() and prefetchw() are asm/processor.h's). */
#ifndef _LINUX_PREFETCH_H
#define _LINUX_PREFETCH_H

#include <linux/types.h>
#include <asm/processor.h>
#include <asm/cache.h>

#define PREFETCH_STRIDE		(4 * L1_CACHE_BYTES)

static inline void prefetch_range(void *addr, size_t len)
{
	char *end = (char *)addr + len;

	for (char *cp = addr; cp < end; cp += PREFETCH_STRIDE)
		prefetch(cp);
}

#endif /* _LINUX_PREFETCH_H */
