/* SPDX-License-Identifier: MIT */
/* x86-64 (and Debian's arm64) is little-endian. */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <asm/byteorder.h>
#elif !defined(_ASM_X86_BYTEORDER_H)
#define _ASM_X86_BYTEORDER_H

#include <linux/byteorder/little_endian.h>

#endif /* _ASM_X86_BYTEORDER_H */
