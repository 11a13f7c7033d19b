/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_BUILD_BUG_H
#define _LINUX_BUILD_BUG_H

#define BUILD_BUG_ON_ZERO(e)	((int)(sizeof(struct { int:(-!!(e)); })))
#define BUILD_BUG_ON_MSG(cond, msg)	_Static_assert(!(cond), msg)
#define BUILD_BUG_ON(cond)	BUILD_BUG_ON_MSG(cond, "BUILD_BUG_ON failed: " #cond)
#define static_assert(expr, ...)	_Static_assert(expr, #expr)

#endif /* _LINUX_BUILD_BUG_H */
