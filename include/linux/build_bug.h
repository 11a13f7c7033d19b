/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_BUILD_BUG_H
#define _LINUX_BUILD_BUG_H

#include <linux/compiler.h>

/* 0, or a compile error when @e is true (usable in a constant expression) */
#define BUILD_BUG_ON_ZERO(e)	((int)(sizeof(struct { int:(-!!(e)); })))
#define BUILD_BUG_ON_INVALID(e)	((void)(sizeof((long)(e))))
#define BUILD_BUG_ON_MSG(cond, msg)	_Static_assert(!(cond), msg)
#define BUILD_BUG_ON(condition)	\
	BUILD_BUG_ON_MSG(condition, "BUILD_BUG_ON failed: " #condition)
#define BUILD_BUG_ON_NOT_POWER_OF_2(n)	BUILD_BUG_ON((n) == 0 || (((n) & ((n) - 1)) != 0))
#define BUILD_BUG()		BUILD_BUG_ON_MSG(1, "BUILD_BUG failed")

/* static_assert(expr) or static_assert(expr, "message"), as 6.1's */
#define static_assert(expr, ...)	__static_assert(expr, ##__VA_ARGS__, #expr)
#define __static_assert(expr, msg, ...)	_Static_assert(expr, msg)

#endif /* _LINUX_BUILD_BUG_H */
