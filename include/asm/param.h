/* SPDX-License-Identifier: MIT */
/* HZ and USER_HZ: Debian's 6.1 ticks at 250 Hz (CONFIG_HZ); user space sees 100. */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <asm/param.h>
#elif !defined(_ASM_GENERIC_PARAM_H)
#define _ASM_GENERIC_PARAM_H

#define HZ		CONFIG_HZ
#define USER_HZ		100
#define CLOCKS_PER_SEC	(USER_HZ)
#define EXEC_PAGESIZE	4096
#define NOGROUP		(-1)
#define MAXHOSTNAMELEN	64

#endif /* _ASM_GENERIC_PARAM_H */
