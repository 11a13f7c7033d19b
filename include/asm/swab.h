/* SPDX-License-Identifier: MIT */
/* The architecture's byte swaps: linux/swab.h uses the compiler's builtins. */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <asm/swab.h>
#elif !defined(_ASM_X86_SWAB_H)
#define _ASM_X86_SWAB_H

#include <linux/types.h>
#include <linux/compiler.h>

#endif /* _ASM_X86_SWAB_H */
