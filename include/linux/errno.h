/* SPDX-License-Identifier: MIT */
/* Linux's errno numbers: the user-visible ones from asm/errno.h, as 6.1's
 * linux/errno.h includes them (uapi), then the kernel-internal ones. */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/errno.h>
#elif !defined(_LINUX_ERRNO_H)
#define _LINUX_ERRNO_H

#include <asm/errno.h>

/* kernel-internal, never seen by user space in Linux (linux/errno.h) */
#define ERESTARTSYS	512
#define ERESTARTNOINTR	513
#define ERESTARTNOHAND	514
#define ENOIOCTLCMD	515
#define ERESTART_RESTARTBLOCK 516
#define EPROBE_DEFER	517
#define EOPENSTALE	518
#define ENOPARAM	519
#define EBADHANDLE	521
#define ENOTSYNC	522
#define EBADCOOKIE	523
#define ENOTSUPP	524
#define ETOOSMALL	525
#define ESERVERFAULT	526
#define EBADTYPE	527
#define EJUKEBOX	528
#define EIOCBQUEUED	529
#define ERECALLCONFLICT	530
#define ENOGRACE	531

#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x)	((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)

#endif /* _LINUX_ERRNO_H */
