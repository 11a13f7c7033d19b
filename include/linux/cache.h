/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_CACHE_H
#define _LINUX_CACHE_H

#include <linux/compiler.h>
#include <linux/const.h>
#include <asm/cache.h>
#include <linux/kernel.h>
#define SMP_CACHE_BYTES		L1_CACHE_BYTES
#define L1_CACHE_ALIGN(x)	__ALIGN_KERNEL(x, L1_CACHE_BYTES)

#define __read_mostly		__section(".data..read_mostly")
#define ____cacheline_aligned	__attribute__((__aligned__(SMP_CACHE_BYTES)))
#define ____cacheline_aligned_in_smp ____cacheline_aligned
#define __cacheline_aligned	____cacheline_aligned __section(".data..cacheline_aligned")
#define __cacheline_aligned_in_smp __cacheline_aligned
#define ____cacheline_internodealigned_in_smp ____cacheline_aligned
#define cache_line_size()	L1_CACHE_BYTES

#endif /* _LINUX_CACHE_H */
