/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_MINMAX_H
#define _LINUX_MINMAX_H

#include <linux/compiler.h>
#include <linux/const.h>
#include <linux/build_bug.h>

/*
 * As 6.1's: min()/max() of two different types warn at compile time
 * ("comparison of distinct pointer types"); two constants stay a constant
 * expression; anything else is evaluated once.
 */
#define __typecheck(x, y)	(!!(sizeof((__typeof__(x) *)1 == (__typeof__(y) *)1)))
#define __no_side_effects(x, y)	(__is_constexpr(x) && __is_constexpr(y))
#define __safe_cmp(x, y)	(__typecheck(x, y) && __no_side_effects(x, y))
#define __cmp(x, y, op)		((x) op (y) ? (x) : (y))
#define __cmp_once(x, y, ux, uy, op) ({				\
		__typeof__(x) ux = (x);				\
		__typeof__(y) uy = (y);				\
		__cmp(ux, uy, op); })
#define __careful_cmp(x, y, op)						\
	__builtin_choose_expr(__safe_cmp(x, y), __cmp(x, y, op),	\
		__cmp_once(x, y, __UNIQUE_ID(__x), __UNIQUE_ID(__y), op))

#define __clamp(val, lo, hi)	((val) >= (hi) ? (hi) : ((val) <= (lo) ? (lo) : (val)))
#define __clamp_once(val, lo, hi, uval, ulo, uhi) ({			\
		__typeof__(val) uval = (val);				\
		__typeof__(lo) ulo = (lo);				\
		__typeof__(hi) uhi = (hi);				\
		_Static_assert(!__is_constexpr((lo) > (hi)) || (lo) <= (hi), \
			       "clamp() low limit " #lo " greater than high limit " #hi); \
		_Static_assert(__typecheck(uval, ulo), "clamp() 'lo' signedness error"); \
		_Static_assert(__typecheck(uval, uhi), "clamp() 'hi' signedness error"); \
		__clamp(uval, ulo, uhi); })
#define __careful_clamp(val, lo, hi)	\
	__clamp_once(val, lo, hi, __UNIQUE_ID(__val), __UNIQUE_ID(__lo), __UNIQUE_ID(__hi))

#define min(x, y)		__careful_cmp(x, y, <)
#define max(x, y)		__careful_cmp(x, y, >)
#define min3(x, y, z)		min((__typeof__(x))min(x, y), z)
#define max3(x, y, z)		max((__typeof__(x))max(x, y), z)
#define min_not_zero(x, y) ({						\
	__typeof__(x) __x = (x);					\
	__typeof__(y) __y = (y);					\
	__x == 0 ? __y : ((__y == 0) ? __x : min(__x, __y)); })
#define clamp(val, lo, hi)	__careful_clamp(val, lo, hi)

/* the same with both sides converted to @type first: no type warning */
#define min_t(type, x, y)	__careful_cmp((type)(x), (type)(y), <)
#define max_t(type, x, y)	__careful_cmp((type)(x), (type)(y), >)
#define clamp_t(type, val, lo, hi) __careful_clamp((type)(val), (type)(lo), (type)(hi))
#define clamp_val(val, lo, hi)	clamp_t(__typeof__(val), val, lo, hi)

#define swap(a, b) \
	do { __typeof__(a) __tmp = (a); (a) = (b); (b) = __tmp; } while (0)

#endif /* _LINUX_MINMAX_H */
