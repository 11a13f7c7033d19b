/* SPDX-License-Identifier: MIT */
/*
 * 32-bit compatibility: a 32-bit process's pointers and types, for a
 * compat_ioctl. The daemon's tree calls unlocked_ioctl for every client
 * (FUSE passes no word size), so compat code is compiled, not called.
 */
#ifndef _LINUX_COMPAT_H
#define _LINUX_COMPAT_H

#include <linux/types.h>
#include <linux/time.h>
#include <linux/stat.h>
#include <linux/uaccess.h>
#include <linux/fs.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>
#include <linux/refcount.h>
#include <linux/uio.h>
#include <linux/param.h>
#include <asm/signal.h>

typedef u32 compat_uptr_t;
typedef s32 compat_int_t;
typedef u32 compat_uint_t;
typedef s32 compat_long_t;
typedef u32 compat_ulong_t;
typedef u32 compat_size_t;
typedef s32 compat_ssize_t;
typedef s64 compat_s64;
typedef u64 compat_u64;
typedef s32 compat_time_t;
typedef s32 compat_pid_t;
typedef u32 compat_caddr_t;

static inline void __user *compat_ptr(compat_uptr_t uptr)
{
	return (void __user *)(unsigned long)uptr;
}

static inline compat_uptr_t ptr_to_compat(void __user *uptr)
{
	return (u32)(unsigned long)uptr;
}

#define in_compat_syscall()	false

/* a compat_ioctl that needs nothing converted (fs/ioctl.c, an export in 6.1) */
static inline long compat_ptr_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (!file->f_op->unlocked_ioctl)
		return -ENOIOCTLCMD;
	return file->f_op->unlocked_ioctl(file, cmd, (unsigned long)compat_ptr(arg));
}

#endif /* _LINUX_COMPAT_H */
