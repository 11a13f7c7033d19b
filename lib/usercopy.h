/* SPDX-License-Identifier: MIT */
/*
 * "User" memory in a process: the buffer of the operation running on this
 * thread (a read's, an ioctl's argument). Copies are checked against it and
 * return the bytes NOT copied, as Linux's copy_to_user().
 */
#ifndef _UMOD_LIB_USERCOPY_H
#define _UMOD_LIB_USERCOPY_H

#include <stdbool.h>
#include <stddef.h>

struct umod_uwindow {
	char *base;
	size_t len;
};

/* from now on [@base, @base + @len) is user memory; *@save the old window */
void umod_uaccess_enter(struct umod_uwindow *save, void *base, size_t len);
void umod_uaccess_leave(const struct umod_uwindow *save);

bool umod_access_ok(const void *p, unsigned long n);
unsigned long umod_copy_to_user(void *to, const void *from, unsigned long n);
unsigned long umod_copy_from_user(void *to, const void *from, unsigned long n);
unsigned long umod_clear_user(void *to, unsigned long n);
long umod_strncpy_from_user(char *dst, const char *src, long count);
long umod_strnlen_user(const char *src, long n);

#endif /* _UMOD_LIB_USERCOPY_H */
