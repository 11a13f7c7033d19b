/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_OVERFLOW_H
#define _LINUX_OVERFLOW_H

#include <linux/compiler.h>
#include <linux/limits.h>
#include <linux/types.h>
#include <linux/const.h>

#define type_max(T)		((T)((((T)1 << (8 * sizeof(T) - 1 - is_signed_type(T))) - 1) * 2 + 1))
#define type_min(T)		((T)((T)-type_max(T) - (T)1))

/* true if the result wrapped; *d holds the wrapped result either way */
#define check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)
#define check_sub_overflow(a, b, d)	__builtin_sub_overflow(a, b, d)
#define check_mul_overflow(a, b, d)	__builtin_mul_overflow(a, b, d)

/* sizes that saturate at SIZE_MAX, so that an allocation of them fails */
static inline __must_check size_t size_mul(size_t a, size_t b)
{
	size_t r;

	return __builtin_mul_overflow(a, b, &r) ? SIZE_MAX : r;
}

static inline __must_check size_t size_add(size_t a, size_t b)
{
	size_t r;

	return __builtin_add_overflow(a, b, &r) ? SIZE_MAX : r;
}

static inline __must_check size_t size_sub(size_t a, size_t b)
{
	size_t r;

	if (a == SIZE_MAX || b == SIZE_MAX || __builtin_sub_overflow(a, b, &r))
		return SIZE_MAX;
	return r;
}

#define array_size(a, b)	size_mul(a, b)
#define array3_size(a, b, c)	size_mul(size_mul(a, b), c)
#define flex_array_size(p, member, count) \
	size_mul(count, sizeof(*(p)->member) + __must_be_array((p)->member))
/* a structure and @count elements of its flexible array @member */
#define struct_size(p, member, count) \
	size_add(sizeof(*(p)), flex_array_size(p, member, count))

#endif /* _LINUX_OVERFLOW_H */
