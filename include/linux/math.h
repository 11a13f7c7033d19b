/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_MATH_H
#define _LINUX_MATH_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <asm/div64.h>

/* @y a power of 2 */
#define __round_mask(x, y)	((__typeof__(x))((y) - 1))
#define round_up(x, y)		((((x) - 1) | __round_mask(x, y)) + 1)
#define round_down(x, y)	((x) & ~__round_mask(x, y))

#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define DIV_ROUND_DOWN_ULL(ll, d) ({ unsigned long long _tmp = (ll); _tmp /= (d); _tmp; })
#define DIV_ROUND_UP_ULL(ll, d)	DIV_ROUND_DOWN_ULL((unsigned long long)(ll) + (d) - 1, (d))

/* any @y */
#define roundup(x, y) ({						\
	__typeof__(y) __y = y;						\
	(((x) + (__y - 1)) / __y) * __y; })
#define rounddown(x, y) ({						\
	__typeof__(x) __x = (x);					\
	__x - (__x % (y)); })

/* to the nearest; halves away from zero; for signed types too */
#define DIV_ROUND_CLOSEST(x, divisor) ({				\
	__typeof__(x) __x = x;						\
	__typeof__(divisor) __d = divisor;				\
	(((__typeof__(x))-1) > 0 || ((__typeof__(divisor))-1) > 0 ||	\
	 (((__x) > 0) == ((__d) > 0))) ?				\
		(((__x) + ((__d) / 2)) / (__d)) :			\
		(((__x) - ((__d) / 2)) / (__d));			\
})
#define DIV_ROUND_CLOSEST_ULL(x, divisor) ({				\
	__typeof__(divisor) __d = divisor;				\
	unsigned long long _tmp = (x) + (__d) / 2;			\
	_tmp /= __d;							\
	_tmp; })

/* x * numer / denom without overflowing on the product */
#define mult_frac(x, numer, denom) ({					\
	__typeof__(x) quot = (x) / (denom);				\
	__typeof__(x) rem = (x) % (denom);				\
	(quot * (numer)) + ((rem * (numer)) / (denom));			\
})

#define sector_div(a, b) ({ unsigned int __r = (a) % (b); (a) /= (b); __r; })

/*
 * abs(): of a signed value, in its own type (char and short widen to
 * int); an unsigned value is returned as it is.
 */
#define __abs_choose_expr(x, type, other) __builtin_choose_expr(	\
	__builtin_types_compatible_p(__typeof__(x), signed type) ||	\
	__builtin_types_compatible_p(__typeof__(x), unsigned type),	\
	({ signed type __x = (x); __x < 0 ? -__x : __x; }), other)
#define abs(x)	__abs_choose_expr(x, long long,				\
		__abs_choose_expr(x, long,				\
		__abs_choose_expr(x, int,				\
		__abs_choose_expr(x, short,				\
		__abs_choose_expr(x, char,				\
		__builtin_choose_expr(					\
			__builtin_types_compatible_p(__typeof__(x), char), \
			(char)({ signed char __x = (x); __x < 0 ? -__x : __x; }), \
			((void)0)))))))

static inline u32 reciprocal_scale(u32 val, u32 ep_ro)
{
	return (u32)(((u64)val * ep_ro) >> 32);
}

u64 int_pow(u64 base, unsigned int exp);
unsigned long int_sqrt(unsigned long x);

/* a 64-bit long holds any u64: the plain one does (lib/math/int_sqrt.c) */
static inline u32 int_sqrt64(u64 x)
{
	return (u32)int_sqrt(x);
}

#endif /* _LINUX_MATH_H */
