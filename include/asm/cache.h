/* SPDX-License-Identifier: MIT */
/* The cache line: 64 bytes, on x86-64 and on Debian's arm64 alike. */
#ifndef _ASM_X86_CACHE_H
#define _ASM_X86_CACHE_H

#include <linux/linkage.h>

#define L1_CACHE_SHIFT		6
#define L1_CACHE_BYTES		(1 << L1_CACHE_SHIFT)
#define INTERNODE_CACHE_SHIFT	L1_CACHE_SHIFT

#endif /* _ASM_X86_CACHE_H */
