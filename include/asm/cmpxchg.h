/* SPDX-License-Identifier: MIT */
/* xchg() and cmpxchg() are linux/atomic.h's (compiler builtins). */
#ifndef ASM_X86_CMPXCHG_H
#define ASM_X86_CMPXCHG_H

#include <linux/compiler.h>
#include <linux/atomic.h>
#include <linux/stringify.h>
#include <linux/panic.h>
#include <linux/printk.h>

#endif /* ASM_X86_CMPXCHG_H */
