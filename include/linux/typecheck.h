/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_TYPECHECK_H
#define _LINUX_TYPECHECK_H

/* true, and a warning at compile time if @x is not of @type */
#define typecheck(type, x) \
({	type __dummy; \
	__typeof__(x) __dummy2; \
	(void)(&__dummy == &__dummy2); \
	1; \
})

/* the same for a function pointer */
#define typecheck_fn(type, function) \
({	__typeof__(type) __tmp = function; \
	(void)__tmp; \
})

/* checks that @x and @y have the same type */
#define typecheck_pointer(x) \
({	__typeof__(x) __dummy; \
	(void)sizeof(*__dummy); \
	1; \
})

#endif /* _LINUX_TYPECHECK_H */
