/* SPDX-License-Identifier: MIT */
/*
 * "User" memory in a process, for the operation running on this thread:
 * a buffer of ours (a read's, a write's, an ioctl argument's copy), and/or
 * the memory of the calling process itself, reached with
 * process_vm_readv()/process_vm_writev() as the kernel reaches its
 * caller's. Copies return the bytes NOT copied, as Linux's copy_to_user().
 */
#ifndef _UMOD_LIB_USERCOPY_H
#define _UMOD_LIB_USERCOPY_H

#include <stdbool.h>
#include <stddef.h>

struct umod_uwindow {
	char *base;
	size_t len;
	int pid;	/* > 0: every address outside [base, base + len) is this process's */
};

/* from now on [@base, @base + @len) is user memory; *@save the old window */
void umod_uaccess_enter(struct umod_uwindow *save, void *base, size_t len);
/* from now on user memory is process @pid's (a thread id will do) */
void umod_uaccess_enter_process(struct umod_uwindow *save, int pid);
void umod_uaccess_leave(const struct umod_uwindow *save);

/*
 * Whether this process may read and write @pid's memory (the kernel's
 * PTRACE_MODE_ATTACH check of process_vm_readv: same user and Yama's
 * ptrace_scope, or CAP_SYS_PTRACE): 1, 0 (-EPERM), or a negative errno
 * (-ESRCH: gone).
 */
int umod_uaccess_reachable(int pid);

bool umod_access_ok(const void *p, unsigned long n);
unsigned long umod_copy_to_user(void *to, const void *from, unsigned long n);
unsigned long umod_copy_from_user(void *to, const void *from, unsigned long n);
unsigned long umod_clear_user(void *to, unsigned long n);
long umod_strncpy_from_user(char *dst, const char *src, long count);
long umod_strnlen_user(const char *src, long n);

#endif /* _UMOD_LIB_USERCOPY_H */
