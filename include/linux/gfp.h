/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_GFP_H
#define _LINUX_GFP_H

#include <linux/types.h>

/* accepted for source compatibility; user-space memory has no zones */
#define __GFP_ZERO	0x100u
#define __GFP_NOWARN	0x200u
#define GFP_KERNEL	0x0cc0u
#define GFP_ATOMIC	0x0a20u
#define GFP_NOWAIT	0x0800u
#define GFP_NOFS	0x0c40u
#define GFP_USER	0x100cc0u

#endif /* _LINUX_GFP_H */
