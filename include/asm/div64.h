/* SPDX-License-Identifier: MIT */
/*
 * do_div() and the arch's 128-bit helpers, as 6.1's asm/div64.h on a
 * 64-bit machine: do_div(n, base) divides the u64 @n in place by a
 * 32-bit @base (a wider one is truncated, as the kernel's uint32_t is)
 * and yields the remainder. On x86-64 mul_u64_u64_div_u64() and
 * mul_u64_u32_div() are mulq/divq, so a quotient that does not fit in
 * 64 bits traps (#DE) as in the kernel; other architectures call the
 * generic one in lib/math/div64.c.
 */
#ifndef _ASM_DIV64_H
#define _ASM_DIV64_H

#include <linux/types.h>
#include <linux/log2.h>

#define do_div(n, base) ({					\
	u32 __base = (base);					\
	u32 __rem;						\
	__rem = (u32)((u64)(n) % __base);			\
	(n) = (u64)(n) / __base;				\
	__rem;							\
})

#ifdef __x86_64__
static inline u64 mul_u64_u32_div(u64 a, u32 mul, u32 div)
{
	u64 q;

	__asm__ ("mulq %2; divq %3" : "=a" (q)
		 : "a" (a), "rm" ((u64)mul), "rm" ((u64)div) : "rdx");
	return q;
}
#define mul_u64_u32_div	mul_u64_u32_div

static inline u64 mul_u64_u64_div_u64(u64 a, u64 mul, u64 div)
{
	u64 q;

	__asm__ ("mulq %2; divq %3" : "=a" (q)
		 : "a" (a), "rm" (mul), "rm" (div) : "rdx");
	return q;
}
#define mul_u64_u64_div_u64 mul_u64_u64_div_u64
#endif

#endif /* _ASM_DIV64_H */
