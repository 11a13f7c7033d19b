/* SPDX-License-Identifier: MIT */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <asm/errno.h>
#elif !defined(_ASM_ERRNO_H)
#define _ASM_ERRNO_H
/* asm/errno.h: the error numbers are asm-generic's, in linux/errno.h */

#include <linux/errno.h>

#endif /* _ASM_ERRNO_H */
