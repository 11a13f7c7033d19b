/* SPDX-License-Identifier: MIT */
/*
 * Indexes clamped against speculation (array_index_nospec), as 6.1's:
 * the mask is computed without a branch.
 */
#ifndef _LINUX_NOSPEC_H
#define _LINUX_NOSPEC_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/barrier.h>

struct task_struct;

/* ~0UL when @index < @size, else 0 */
static inline unsigned long array_index_mask_nospec(unsigned long index, unsigned long size)
{
	return ~(long)(index | (size - 1UL - index)) >> (sizeof(long) * 8 - 1);
}

#define array_index_nospec(index, size)					\
({									\
	__typeof__(index) _i = (index);					\
	__typeof__(size) _s = (size);					\
	unsigned long _mask = array_index_mask_nospec(_i, _s);		\
									\
	(__typeof__(_i))(_i & _mask);					\
})

#endif /* _LINUX_NOSPEC_H */
