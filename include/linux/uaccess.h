/* SPDX-License-Identifier: MIT */
/*
 * User memory (the copies themselves are in asm/uaccess.h, as 6.1 has
 * them), and what linux/uaccess.h adds around them.
 */
#ifndef _LINUX_UACCESS_H
#define _LINUX_UACCESS_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/string.h>

#include <asm/uaccess.h>
#include <linux/minmax.h>
#include <linux/sched.h>

/* copies that may fail without a report (6.1: the "nofault" ones) */
#define copy_to_user_nofault(dst, src, size) \
	(copy_to_user((dst), (src), (size)) ? -EFAULT : 0)
#define copy_from_user_nofault(dst, src, size) \
	(copy_from_user((dst), (src), (size)) ? -EFAULT : 0)

#define __copy_to_user_inatomic(to, from, n)	raw_copy_to_user(to, from, n)
#define __copy_from_user_inatomic(to, from, n)	raw_copy_from_user(to, from, n)

/* user_access_begin() opens SMAP's window on x86; nothing to open here */
#define user_access_begin(ptr, len)	access_ok(ptr, len)
#define user_access_end()		do { } while (0)
#define user_write_access_begin		user_access_begin
#define user_write_access_end		user_access_end
#define user_read_access_begin		user_access_begin
#define user_read_access_end		user_access_end

static inline void pagefault_disable(void)
{
}

static inline void pagefault_enable(void)
{
}

static inline bool pagefault_disabled(void)
{
	return false;
}

#endif /* _LINUX_UACCESS_H */
