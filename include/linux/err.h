/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_ERR_H
#define _LINUX_ERR_H

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/types.h>
#include <asm/errno.h>

/* the last page of the address space holds the error codes */
static inline void *__must_check ERR_PTR(long error)
{
	return (void *)error;
}

static inline long __must_check PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline bool __must_check IS_ERR(const void *ptr)
{
	return unlikely(IS_ERR_VALUE((unsigned long)ptr));
}

static inline bool __must_check IS_ERR_OR_NULL(const void *ptr)
{
	return unlikely(!ptr) || IS_ERR_VALUE((unsigned long)ptr);
}

/* an error pointer, as another pointer type */
static inline void *__must_check ERR_CAST(const void *ptr)
{
	return (void *)ptr;
}

static inline int __must_check PTR_ERR_OR_ZERO(const void *ptr)
{
	if (IS_ERR(ptr))
		return (int)PTR_ERR(ptr);
	return 0;
}

#endif /* _LINUX_ERR_H */
