/* SPDX-License-Identifier: MIT */
/* x86-64 and arm64 use the generic numbers (uapi asm/errno.h) */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <asm/errno.h>
#elif !defined(_ASM_ERRNO_H)
#define _ASM_ERRNO_H
#include <asm-generic/errno.h>

#endif /* _ASM_ERRNO_H */
