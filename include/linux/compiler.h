/* SPDX-License-Identifier: MIT */
/* Attribute and builtin shorthands, as the kernel's compiler_types.h spells them. */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H

#define __section(s)		__attribute__((__section__(s)))
#define __used			__attribute__((__used__))
#define __maybe_unused		__attribute__((__unused__))
#define __always_unused		__attribute__((__unused__))
#define __aligned(x)		__attribute__((__aligned__(x)))
#define __packed		__attribute__((__packed__))
#define __printf(a, b)		__attribute__((__format__(printf, a, b)))
#define __scanf(a, b)		__attribute__((__format__(scanf, a, b)))
#define __weak			__attribute__((__weak__))
#define __cold			__attribute__((__cold__))
#define __noreturn		__attribute__((__noreturn__))
#define __must_check		__attribute__((__warn_unused_result__))
#define __copy(symbol)		__attribute__((__copy__(symbol)))
#define __visible		__attribute__((__externally_visible__))
#define __always_inline		inline __attribute__((__always_inline__))
#define noinline		__attribute__((__noinline__))
#define notrace			__attribute__((__no_instrument_function__))
#define fallthrough		__attribute__((__fallthrough__))

/* sparse annotations: meaningless here, accepted so kernel code compiles */
#define __user
#define __kernel
#define __iomem
#define __force
#define __rcu

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define barrier()		__asm__ __volatile__("" : : : "memory")

#define ___PASTE(a, b)		a##b
#define __PASTE(a, b)		___PASTE(a, b)
#define __UNIQUE_ID(prefix)	__PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)

#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)	(*(volatile __typeof__(x) *)&(x) = (val))

#define __same_type(a, b)	__builtin_types_compatible_p(__typeof__(a), __typeof__(b))

#endif /* _LINUX_COMPILER_H */
