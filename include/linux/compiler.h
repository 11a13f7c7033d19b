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

/* an integer constant expression? (without evaluating @x) */
#define __is_constexpr(x) \
	(sizeof(int) == sizeof(*(8 ? ((void *)((long)(x) * 0l)) : (int *)8)))

/* 0, or a compile error when @a is a pointer rather than an array */
#define __must_be_array(a) \
	((int)sizeof(struct { int:(-!!__same_type((a), &(a)[0])); }))

#define __compiletime_error(msg)	__attribute__((__error__(msg)))
#define __compiletime_warning(msg)	__attribute__((__warning__(msg)))
#define __read_mostly_section		".data..read_mostly"
#define __pure			__attribute__((__pure__))
#define __const			__attribute__((__const__))
#define __malloc		__attribute__((__malloc__))
#define __always_used		__used
#define __noinline		noinline
#define __nocast
#define __percpu
#define __bitwise
#define __acquires(x)
#define __releases(x)
#define __must_hold(x)
#define __cond_lock(x, c)	(c)
#define __alloc_size(...)	__attribute__((__alloc_size__(__VA_ARGS__)))
#define __realloc_size(...)	__attribute__((__alloc_size__(__VA_ARGS__)))
#define __counted_by(m)
#define __nonstring		__attribute__((__nonstring__))
#define __assume_aligned(a, ...) __attribute__((__assume_aligned__(a, ## __VA_ARGS__)))
#define __gnu_inline		__attribute__((__gnu_inline__))
#define __noclone		__attribute__((__noclone__))
#define OPTIMIZER_HIDE_VAR(var)	__asm__ ("" : "=r" (var) : "0" (var))
#define RELOC_HIDE(ptr, off)	((__typeof__(ptr))((unsigned long)(ptr) + (off)))
#define unreachable()		__builtin_unreachable()
#ifndef __stringify_1
#include <linux/stringify.h>
#include <linux/types.h>
#endif
/* a pointer the compiler must keep, so @sym is kept; .discard.*: not linked in */
#define ___ADDRESSABLE(sym, __attrs)					\
	static void *__used __attrs __UNIQUE_ID(__PASTE(__addressable_, sym)) = (void *)&(sym);
#define __ADDRESSABLE(sym)	___ADDRESSABLE(sym, __section(".discard.addressable"))
#define data_race(expr)		(expr)

/* whether a type is signed: in 6.1's compiler.h (overflow.h uses it) */
#define is_signed_type(type)	(((type)(-1)) < (__force type)1)
#define is_unsigned_type(type)	(!is_signed_type(type))

#endif /* _LINUX_COMPILER_H */
