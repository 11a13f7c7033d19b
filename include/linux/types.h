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

typedef unsigned int		uid_t;
typedef unsigned int		gid_t;
typedef unsigned int		dev_t;
typedef unsigned long		ino_t;
typedef unsigned int		mode_t;
typedef unsigned int		nlink_t;
typedef long			off_t;
typedef long			time_t;
typedef int			clockid_t;
typedef int			timer_t;
typedef unsigned int		fmode_t;
typedef unsigned int		__poll_t;
typedef int			daddr_t;
typedef u64			sector_t;
typedef u64			blkcnt_t;

typedef unsigned char		u_char;
typedef unsigned short		u_short;
typedef unsigned int		u_int;
typedef unsigned long		u_long;
typedef unsigned char		unchar;
typedef unsigned short		ushort;
typedef unsigned int		uint;
typedef unsigned long		ulong;
typedef u8			u_int8_t;
typedef u16			u_int16_t;
typedef u32			u_int32_t;
typedef u64			u_int64_t;

/* the __bitwise endian types (sparse's; plain integers to the compiler) */
typedef __u16			__le16;
typedef __u16			__be16;
typedef __u32			__le32;
typedef __u32			__be32;
typedef __u64			__le64;
typedef __u64			__be64;
typedef __u16			__sum16;
typedef __u32			__wsum;

typedef int			__kernel_pid_t;
typedef unsigned int		__kernel_uid32_t;
typedef unsigned int		__kernel_gid32_t;
typedef long			__kernel_long_t;
typedef unsigned long		__kernel_ulong_t;
typedef __kernel_ulong_t	__kernel_size_t;
typedef __kernel_long_t		__kernel_ssize_t;
typedef long long		__kernel_loff_t;
typedef long long		__kernel_time64_t;
typedef __kernel_long_t		__kernel_old_time_t;
typedef int			__kernel_clockid_t;

typedef u64			phys_addr_t;
typedef phys_addr_t		resource_size_t;
typedef unsigned long		irq_hw_number_t;
typedef u64			dma_addr_t;
typedef s64			ktime_t;
#define rcu_head callback_head
typedef void (*rcu_callback_t)(struct rcu_head *head);
typedef void (*call_rcu_func_t)(struct rcu_head *head, rcu_callback_t func);

/* as 6.1's: the array's length needs BITS_TO_LONGS from linux/bitops.h */
#define DECLARE_BITMAP(name, bits) \
	unsigned long name[BITS_TO_LONGS(bits)]

typedef void (*swap_func_t)(void *a, void *b, int size);
typedef int (*cmp_r_func_t)(const void *a, const void *b, const void *priv);
typedef int (*cmp_func_t)(const void *a, const void *b);

#include <linux/limits.h>

#endif /* _LINUX_TYPES_H */
