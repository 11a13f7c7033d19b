/* SPDX-License-Identifier: MIT */
/* Open flags (O_* are linux/fs.h's here, x86-64's numbers), and the rest of 6.1's fcntl.h. */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/fcntl.h>
#elif !defined(_LINUX_FCNTL_H)
#define _LINUX_FCNTL_H

#include <linux/stat.h>
#include <linux/fs.h>

#define F_DUPFD		0
#define F_GETFD		1
#define F_SETFD		2
#define F_GETFL		3
#define F_SETFL		4
#define F_SETOWN	8
#define F_GETOWN	9
#define F_SETSIG	10
#define F_GETSIG	11
#define FD_CLOEXEC	1

#define AT_FDCWD		-100
#define AT_SYMLINK_NOFOLLOW	0x100
#define AT_REMOVEDIR		0x200
#define AT_SYMLINK_FOLLOW	0x400
#define AT_EMPTY_PATH		0x1000

#define FMODE_EXEC		((fmode_t)0x20)

#endif /* _LINUX_FCNTL_H */
