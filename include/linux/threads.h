/* SPDX-License-Identifier: MIT */
/* The system's size limits, as Debian's 6.1 (CONFIG_NR_CPUS=8192) */
#ifndef _LINUX_THREADS_H
#define _LINUX_THREADS_H

#include <umod/kabi/cpumask.h>

#define NR_CPUS		UMOD_NR_CPUS

#define MIN_THREADS_LEFT_FOR_ROOT	4

/* pid_max's default and its ceiling on a 64-bit kernel */
#define PID_MAX_DEFAULT		0x8000
#define PID_MAX_LIMIT		(4 * 1024 * 1024)

#endif /* _LINUX_THREADS_H */
