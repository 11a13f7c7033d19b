/* SPDX-License-Identifier: MIT */
/* Fixed-size and kernel types from the compiler's predefined macros: no libc. */
#ifndef __KERNEL__
/*
 * Host code (libumod, the tools) sees include/ too; when a libc header
 * such as <sys/stat.h> asks for <linux/types.h> it means the system's.
 */
#include_next <linux/types.h>
#elif !defined(_LINUX_TYPES_H)
#define _LINUX_TYPES_H

#include <linux/stddef.h>
#include <umod/kabi/types.h>

typedef __INT8_TYPE__		__s8;
typedef __UINT8_TYPE__		__u8;
typedef __INT16_TYPE__		__s16;
typedef __UINT16_TYPE__		__u16;
typedef __INT32_TYPE__		__s32;
typedef __UINT32_TYPE__		__u32;
/* long long on every architecture, as the kernel's int-ll64.h: %lld prints them */
typedef signed long long	__s64;
typedef unsigned long long	__u64;

typedef __s8	s8;
typedef __u8	u8;
typedef __s16	s16;
typedef __u16	u16;
typedef __s32	s32;
typedef __u32	u32;
typedef __s64	s64;
typedef __u64	u64;

typedef __INT8_TYPE__		int8_t;
typedef __UINT8_TYPE__		uint8_t;
typedef __INT16_TYPE__		int16_t;
typedef __UINT16_TYPE__		uint16_t;
typedef __INT32_TYPE__		int32_t;
typedef __UINT32_TYPE__		uint32_t;
typedef __s64			int64_t;
typedef __u64			uint64_t;
typedef __UINTPTR_TYPE__	uintptr_t;
typedef __INTPTR_TYPE__		intptr_t;

typedef __SIZE_TYPE__		size_t;
typedef __PTRDIFF_TYPE__	ptrdiff_t;
typedef long			ssize_t;
typedef long long		loff_t;
typedef unsigned short		umode_t;
typedef unsigned int		gfp_t;
typedef unsigned long		pgoff_t;
typedef int			pid_t;
typedef long			clock_t;
typedef s64			time64_t;

typedef _Bool			bool;

typedef u64			phys_addr_t;
typedef u64			dma_addr_t;
typedef s64			ktime_t;
#define rcu_head callback_head

typedef void (*swap_func_t)(void *a, void *b, int size);
typedef int (*cmp_r_func_t)(const void *a, const void *b, const void *priv);
typedef int (*cmp_func_t)(const void *a, const void *b);

#include <linux/limits.h>

#endif /* _LINUX_TYPES_H */
