/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_STACKPROTECTOR_H
#define _LINUX_STACKPROTECTOR_H

#include <linux/compiler.h>
#include <linux/sched.h>
#include <linux/random.h>
#include <linux/mm_types.h>	/* 6.1: through asm/stackprotector.h ... asm-generic/fixmap.h */
#include <linux/rwsem.h>	/* 6.1: through asm/desc.h, asm/mmu.h */

/*
 * Modules are built with -fstack-protector-strong, as Debian's 6.1
 * (CONFIG_STACKPROTECTOR_STRONG): a function whose canary was overwritten
 * calls this on its way out, and it does not return. The canary itself
 * is the C library's: %fs:0x28 on x86-64 (each thread's copy of the one
 * per-process value), the exported __stack_chk_guard on arm64, as there.
 */
void __noreturn __stack_chk_fail(void);
#ifdef __aarch64__
extern unsigned long __stack_chk_guard;
#endif

#endif /* _LINUX_STACKPROTECTOR_H */
