/* SPDX-License-Identifier: MIT */
/* asm/errno.h: the error numbers are asm-generic's, in linux/errno.h */
#ifndef _ASM_ERRNO_H
#define _ASM_ERRNO_H

#include <linux/errno.h>

#endif /* _ASM_ERRNO_H */
