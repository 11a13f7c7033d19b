/* SPDX-License-Identifier: MIT */
/* The caller's and this place's addresses (kernel.h includes this, as 6.1's). */
#ifndef _LINUX_INSTRUCTION_POINTER_H
#define _LINUX_INSTRUCTION_POINTER_H

#include <linux/stringify.h>
#include <linux/types.h>

#define _RET_IP_		(unsigned long)__builtin_return_address(0)
#define _THIS_IP_		({ __label__ __here; __here: (unsigned long)&&__here; })

#endif /* _LINUX_INSTRUCTION_POINTER_H */
