/* SPDX-License-Identifier: MIT */
/* The barriers are linux/barrier.h's (compiler fences), shared with arm64. */
#ifndef _ASM_X86_BARRIER_H
#define _ASM_X86_BARRIER_H

#include <linux/barrier.h>
#include <linux/types.h>
#include <linux/stringify.h>
#include <linux/compiler.h>
#include <linux/panic.h>
#include <linux/printk.h>

#endif /* _ASM_X86_BARRIER_H */
