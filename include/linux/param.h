/* SPDX-License-Identifier: MIT */
/* HZ, as 6.1's linux/param.h brings it from asm/param.h. */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/param.h>
#elif !defined(_LINUX_PARAM_H)
#define _LINUX_PARAM_H

#include <asm/param.h>

#endif /* _LINUX_PARAM_H */
