/* SPDX-License-Identifier: MIT */
/*
 * User memory: in a umod host, the "user" buffer of a file operation is
 * the request's buffer (a FUSE read's or write's, an ioctl's argument).
 * The copies are bounds-checked against it and return the number of bytes
 * NOT copied, as Linux's; get_user()/put_user() return 0 or -EFAULT. The
 * raw_ forms skip nothing here: every copy is checked, as it must be when
 * "user space" is a buffer of the host's.
 */
#ifndef _ASM_X86_UACCESS_H
#define _ASM_X86_UACCESS_H

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/types.h>
#include <asm/page.h>
#include <linux/string.h>
#include <linux/lockdep.h>

bool __access_ok(const void __user *ptr, unsigned long size);
#define access_ok(addr, size)	__access_ok((const void __user *)(addr), (size))

unsigned long copy_to_user(void __user *to, const void *from, unsigned long n);
unsigned long copy_from_user(void *to, const void __user *from, unsigned long n);
unsigned long clear_user(void __user *to, unsigned long n);
long strncpy_from_user(char *dst, const char __user *src, long count);
long strnlen_user(const char __user *str, long n);

#define __copy_to_user(to, from, n)	copy_to_user(to, from, n)
#define __copy_from_user(to, from, n)	copy_from_user(to, from, n)
#define __clear_user(to, n)		clear_user(to, n)

#define get_user(x, ptr)						\
({									\
	unsigned char __gu_buf[sizeof(*(ptr))] __attribute__((aligned(8))); \
	int __gu_err = copy_from_user(__gu_buf, (ptr), sizeof(*(ptr))) ? -EFAULT : 0; \
	if (__gu_err)							\
		__builtin_memset(__gu_buf, 0, sizeof(__gu_buf));	\
	(x) = *(const __typeof__(*(ptr)) *)(void *)__gu_buf;		\
	__gu_err;							\
})

#define put_user(x, ptr)						\
({									\
	__typeof__(*(ptr)) __pu_val = (x);				\
	copy_to_user((ptr), &__pu_val, sizeof(__pu_val)) ? -EFAULT : 0;	\
})

#define __get_user(x, ptr)	get_user(x, ptr)
#define __put_user(x, ptr)	put_user(x, ptr)


static __always_inline unsigned long
raw_copy_to_user(void __user *to, const void *from, unsigned long n)
{
	return copy_to_user(to, from, n);
}

static __always_inline unsigned long
raw_copy_from_user(void *to, const void __user *from, unsigned long n)
{
	return copy_from_user(to, from, n);
}

#define __get_user_size(x, ptr, size, label)	\
	do { if (get_user(x, ptr)) goto label; } while (0)
#define unsafe_get_user(x, ptr, err)	do { if (get_user(x, ptr)) goto err; } while (0)
#define unsafe_put_user(x, ptr, err)	do { if (put_user(x, ptr)) goto err; } while (0)

#endif /* _ASM_X86_UACCESS_H */
