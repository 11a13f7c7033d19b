/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_BITS_H
#define _LINUX_BITS_H

#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/const.h>

#define BITS_PER_LONG		64
#define BITS_PER_LONG_LONG	64
#define BITS_PER_BYTE		8

#define BIT(nr)			(UL(1) << (nr))
#define BIT_ULL(nr)		(ULL(1) << (nr))
#define BIT_MASK(nr)		(UL(1) << ((nr) % BITS_PER_LONG))
#define BIT_WORD(nr)		((nr) / BITS_PER_LONG)
#define BIT_ULL_MASK(nr)	(ULL(1) << ((nr) % BITS_PER_LONG_LONG))
#define BIT_ULL_WORD(nr)	((nr) / BITS_PER_LONG_LONG)

/* a compile error for a constant GENMASK(l, h) with l > h */
#define GENMASK_INPUT_CHECK(h, l) \
	(BUILD_BUG_ON_ZERO(__builtin_choose_expr( \
		__is_constexpr((l) > (h)), (l) > (h), 0)))

/* bits @l to @h (inclusive) set: GENMASK(7, 4) == 0xf0 */
#define __GENMASK(h, l) \
	(((~UL(0)) - (UL(1) << (l)) + 1) & (~UL(0) >> (BITS_PER_LONG - 1 - (h))))
#define GENMASK(h, l)		(GENMASK_INPUT_CHECK(h, l) + __GENMASK(h, l))
#define __GENMASK_ULL(h, l) \
	(((~ULL(0)) - (ULL(1) << (l)) + 1) & (~ULL(0) >> (BITS_PER_LONG_LONG - 1 - (h))))
#define GENMASK_ULL(h, l)	(GENMASK_INPUT_CHECK(h, l) + __GENMASK_ULL(h, l))

#endif /* _LINUX_BITS_H */
