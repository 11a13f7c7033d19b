/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_CONTAINER_OF_H
#define _LINUX_CONTAINER_OF_H

#include <linux/build_bug.h>
#include <linux/stddef.h>
#include <linux/err.h>

/*
 * container_of - the structure that holds @ptr as its @member; the
 * pointer's type must be the member's (checked at compile time, as 6.1).
 */
#define container_of(ptr, type, member) ({				\
	void *__mptr = (void *)(ptr);					\
	_Static_assert(__builtin_types_compatible_p(__typeof__(*(ptr)),	\
			__typeof__(((type *)0)->member)) ||		\
		       __builtin_types_compatible_p(__typeof__(*(ptr)), void), \
		       "pointer type mismatch in container_of()");	\
	((type *)(__mptr - offsetof(type, member))); })

#define container_of_const(ptr, type, member) container_of(ptr, type, member)

#endif /* _LINUX_CONTAINER_OF_H */
