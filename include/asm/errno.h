/* SPDX-License-Identifier: MIT */
/*
 * The architecture's errno numbers (arch/x86's asm/errno.h is
 * asm-generic/errno.h): what linux/errno.h defines. Host code (no
 * __KERNEL__) gets the system's own header, which the C library's
 * errno.h includes.
 */
#ifndef __KERNEL__
#include_next <asm/errno.h>
#else
#include <linux/errno.h>
#endif
