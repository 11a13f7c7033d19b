/* SPDX-License-Identifier: MIT */
/* get_cycles() and rdtsc(): the time-stamp counter (arm64: CNTVCT_EL0). */
#ifndef _ASM_X86_TSC_H
#define _ASM_X86_TSC_H

#include <asm/processor.h>

typedef unsigned long long cycles_t;

static __always_inline unsigned long long rdtsc(void)
{
#if defined(__x86_64__)
	unsigned int lo, hi;

	__asm__ __volatile__("rdtsc" : "=a" (lo), "=d" (hi));
	return ((unsigned long long)hi << 32) | lo;
#elif defined(__aarch64__)
	unsigned long long v;

	__asm__ __volatile__("isb; mrs %0, cntvct_el0" : "=r" (v) :: "memory");
	return v;
#else
	return 0;
#endif
}

#define rdtsc_ordered()		rdtsc()

static inline cycles_t get_cycles(void)
{
	return rdtsc();
}
#define get_cycles get_cycles

#define random_get_entropy()	((unsigned long)get_cycles())

#endif /* _ASM_X86_TSC_H */
