/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_BUILD_BUG_H
#define _LINUX_BUILD_BUG_H

#include <linux/compiler.h>

/* 0, or a compile error when @e is true (usable in a constant expression) */
#define BUILD_BUG_ON_ZERO(e)	((int)(sizeof(struct { int:(-!!(e)); })))
#define BUILD_BUG_ON_INVALID(e)	((void)(sizeof((long)(e))))
/*
 * As Linux's compiletime_assert(): a call to a function that carries an
 * error attribute, left only when @cond is not folded to false. So the
 * condition needs to be constant after optimisation, not an integer
 * constant expression, and the macro is a statement (an if's body too).
 */
#define __compiletime_assert(condition, msg, prefix, suffix)		\
	do {								\
		extern void prefix ## suffix(void) __compiletime_error(msg) \
			__attribute__((__noreturn__));			\
		if (!(condition))					\
			prefix ## suffix();				\
	} while (0)
#define _compiletime_assert(condition, msg, prefix, suffix)		\
	__compiletime_assert(condition, msg, prefix, suffix)
#define compiletime_assert(condition, msg)				\
	_compiletime_assert(condition, msg, __compiletime_assert_, __COUNTER__)
#define BUILD_BUG_ON_MSG(cond, msg)	compiletime_assert(!(cond), msg)
#define BUILD_BUG_ON(condition)	\
	BUILD_BUG_ON_MSG(condition, "BUILD_BUG_ON failed: " #condition)
#define BUILD_BUG_ON_NOT_POWER_OF_2(n)	BUILD_BUG_ON((n) == 0 || (((n) & ((n) - 1)) != 0))
#define BUILD_BUG()		BUILD_BUG_ON_MSG(1, "BUILD_BUG failed")

/* static_assert(expr) or static_assert(expr, "message"), as 6.1's */
#define static_assert(expr, ...)	__static_assert(expr, ##__VA_ARGS__, #expr)
#define __static_assert(expr, msg, ...)	_Static_assert(expr, msg)

#endif /* _LINUX_BUILD_BUG_H */
