/* SPDX-License-Identifier: MIT */
/*
 * x86's atomic operations: umod has one layer of them, linux/atomic.h's
 * (compiler builtins), so a module including this header gets that API.
 */
#ifndef _ASM_X86_ATOMIC_H
#define _ASM_X86_ATOMIC_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/cmpxchg.h>
#include <linux/atomic.h>
#include <linux/stringify.h>
#include <linux/panic.h>
#include <linux/printk.h>
#include <asm/barrier.h>

#endif /* _ASM_X86_ATOMIC_H */
