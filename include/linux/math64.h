/* SPDX-License-Identifier: MIT */
/*
 * 64-bit division and multiplication, as 6.1's math64.h for a 64-bit
 * machine: the divisions are the C operators, inline (a zero divisor
 * traps as it does in the kernel); iter_div_u64_rem() and, off x86-64,
 * mul_u64_u64_div_u64() are lib/math/div64.c's exports.
 */
#ifndef _LINUX_MATH64_H
#define _LINUX_MATH64_H

#include <linux/types.h>
#include <linux/math.h>
#include <asm/div64.h>

#define div64_long(x, y)	div64_s64((x), (y))
#define div64_ul(x, y)		div64_u64((x), (y))

static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	*remainder = (u32)(dividend % divisor);
	return dividend / divisor;
}

static inline s64 div_s64_rem(s64 dividend, s32 divisor, s32 *remainder)
{
	*remainder = (s32)(dividend % divisor);
	return dividend / divisor;
}

static inline u64 div64_u64_rem(u64 dividend, u64 divisor, u64 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline u64 div64_u64(u64 dividend, u64 divisor)
{
	return dividend / divisor;
}

static inline s64 div64_s64(s64 dividend, s64 divisor)
{
	return dividend / divisor;
}

static inline u64 div_u64(u64 dividend, u32 divisor)
{
	u32 remainder;

	return div_u64_rem(dividend, divisor, &remainder);
}

static inline s64 div_s64(s64 dividend, s32 divisor)
{
	s32 remainder;

	return div_s64_rem(dividend, divisor, &remainder);
}

u32 iter_div_u64_rem(u64 dividend, u32 divisor, u64 *remainder);

/* by repeated subtraction: for quotients known to be small (time code) */
static __always_inline u32 __iter_div_u64_rem(u64 dividend, u32 divisor, u64 *remainder)
{
	u32 ret = 0;

	while (dividend >= divisor) {
		/* keeps the compiler from turning the loop into a division */
		__asm__("" : "+rm"(dividend));
		dividend -= divisor;
		ret++;
	}
	*remainder = dividend;
	return ret;
}

static inline u64 mul_u32_u32(u32 a, u32 b)
{
	return (u64)a * b;
}

/* the 128-bit product, shifted right: what clocksource code scales with */
static inline u64 mul_u64_u32_shr(u64 a, u32 mul, unsigned int shift)
{
	return (u64)(((unsigned __int128)a * mul) >> shift);
}

static inline u64 mul_u64_u64_shr(u64 a, u64 mul, unsigned int shift)
{
	return (u64)(((unsigned __int128)a * mul) >> shift);
}

static inline u64 mul_s64_u64_shr(s64 a, u64 b, unsigned int shift)
{
	u64 ret;

	/* the product of the magnitudes, negated back: rounds toward zero */
	ret = mul_u64_u64_shr(a < 0 ? -(u64)a : (u64)a, b, shift);
	return a < 0 ? -ret : ret;
}

#ifndef mul_u64_u32_div
/* (a * mul) / divisor in two 64/32 steps: no 128-bit division (libgcc) */
static inline u64 mul_u64_u32_div(u64 a, u32 mul, u32 divisor)
{
	u64 lo = mul_u32_u32((u32)a, mul);
	u64 hi = mul_u32_u32((u32)(a >> 32), mul) + (lo >> 32);
	u64 rest = ((hi % divisor) << 32) | (u32)lo;

	return ((hi / divisor) << 32) + rest / divisor;
}
#endif

#ifndef mul_u64_u64_div_u64
u64 mul_u64_u64_div_u64(u64 a, u64 mul, u64 div);
#endif

#define DIV64_U64_ROUND_UP(ll, d)	\
	({ u64 _tmp = (d); div64_u64((ll) + _tmp - 1, _tmp); })

#define DIV64_U64_ROUND_CLOSEST(dividend, divisor)	\
	({ u64 _tmp = (divisor); div64_u64((dividend) + _tmp / 2, _tmp); })

#define DIV_U64_ROUND_CLOSEST(dividend, divisor)	\
	({ u32 _tmp = (divisor); div_u64((u64)(dividend) + _tmp / 2, _tmp); })

/* halves away from zero, as DIV_ROUND_CLOSEST() */
#define DIV_S64_ROUND_CLOSEST(dividend, divisor)(			\
{									\
	s64 __x = (dividend);						\
	s32 __d = (divisor);						\
	((__x > 0) == (__d > 0)) ?					\
		div_s64((__x + (__d / 2)), __d) :			\
		div_s64((__x - (__d / 2)), __d);			\
}									\
)

#endif /* _LINUX_MATH64_H */
