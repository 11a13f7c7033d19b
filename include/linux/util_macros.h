/* SPDX-License-Identifier: MIT */
/* Lookups in sorted arrays (find_closest ...) and small helpers, as 6.1's. */
#ifndef _LINUX_HELPER_MACROS_H_
#define _LINUX_HELPER_MACROS_H_

#include <linux/math.h>

#define __find_closest(x, a, as, op)					\
({									\
	__typeof__(as) __fc_i, __fc_as = (as) - 1;			\
	__typeof__(x) __fc_x = (x);					\
	__typeof__(*a) const *__fc_a = (a);				\
	for (__fc_i = 0; __fc_i < __fc_as; __fc_i++) {			\
		if (__fc_x op DIV_ROUND_CLOSEST(__fc_a[__fc_i] +	\
						__fc_a[__fc_i + 1], 2))	\
			break;						\
	}								\
	(__fc_i);							\
})

/* the index of the element of ascending @a (of @as) closest to @x */
#define find_closest(x, a, as)		__find_closest(x, a, as, <=)
/* the same for a descending array */
#define find_closest_descending(x, a, as) __find_closest(x, a, as, >=)

#define is_insidevar(ptr, var)						\
	((uintptr_t)(ptr) >= (uintptr_t)(var) &&			\
	 (uintptr_t)(ptr) < (uintptr_t)(var) + sizeof(var))

#endif /* _LINUX_HELPER_MACROS_H_ */
