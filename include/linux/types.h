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
typedef int			pid_t;
typedef long			clock_t;
typedef s64			time64_t;

typedef _Bool			bool;

typedef u64			phys_addr_t;
typedef u64			dma_addr_t;
typedef s64			ktime_t;
#define rcu_head callback_head

#define U8_MAX		((u8)~0U)
#define S8_MAX		((s8)(U8_MAX >> 1))
#define S8_MIN		((s8)(-S8_MAX - 1))
#define U16_MAX		((u16)~0U)
#define S16_MAX		((s16)(U16_MAX >> 1))
#define S16_MIN		((s16)(-S16_MAX - 1))
#define U32_MAX		((u32)~0U)
#define S32_MAX		((s32)(U32_MAX >> 1))
#define S32_MIN		((s32)(-S32_MAX - 1))
#define U64_MAX		((u64)~0ULL)
#define S64_MAX		((s64)(U64_MAX >> 1))
#define S64_MIN		((s64)(-S64_MAX - 1))

#define INT_MAX		((int)(~0U >> 1))
#define INT_MIN		(-INT_MAX - 1)
#define UINT_MAX	(~0U)
#define LONG_MAX	((long)(~0UL >> 1))
#define LONG_MIN	(-LONG_MAX - 1)
#define ULONG_MAX	(~0UL)
#define LLONG_MAX	((long long)(~0ULL >> 1))
#define LLONG_MIN	(-LLONG_MAX - 1)
#define ULLONG_MAX	(~0ULL)
#define SHRT_MAX	((short)(USHRT_MAX >> 1))
#define SHRT_MIN	((short)(-SHRT_MAX - 1))
#define USHRT_MAX	((unsigned short)~0U)

#endif /* _LINUX_TYPES_H */
