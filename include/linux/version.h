/* SPDX-License-Identifier: MIT */
/*
 * The kernel version modules are compiled against: umod presents itself as
 * Debian's 6.1.192, so version tests take the branches a 6.1 kernel takes.
 */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/version.h>
#elif !defined(_LINUX_VERSION_H)
#define _LINUX_VERSION_H

#define LINUX_VERSION_CODE	393664
#define KERNEL_VERSION(a, b, c)	(((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))
#define LINUX_VERSION_MAJOR	6
#define LINUX_VERSION_PATCHLEVEL 1
#define LINUX_VERSION_SUBLEVEL	192

#endif /* _LINUX_VERSION_H */
