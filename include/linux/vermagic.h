/* SPDX-License-Identifier: MIT */
/*
 * The version magic a module records in .modinfo. Every part is fixed by
 * the umod build that compiles the module except the compiler's, which the
 * preprocessor takes from the compiler actually used: a module built with
 * another compiler than the host's records a magic the host refuses.
 */
#ifndef _LINUX_VERMAGIC_H
#define _LINUX_VERMAGIC_H

#include <generated/utsrelease.h>
#include <linux/stringify.h>

/* threads run in parallel and are preempted: always so in user space */
#define VERMAGIC_SMP		"SMP "
#define VERMAGIC_PREEMPT	"preempt "
#define VERMAGIC_MODULE_UNLOAD	"mod_unload "
#define VERMAGIC_MODVERSIONS	"modversions "

#if defined(__clang__)
#define VERMAGIC_CC	"clang-" __stringify(__clang_major__) " "
#elif defined(__GNUC__)
#define VERMAGIC_CC	"gcc-" __stringify(__GNUC__) " "
#else
#define VERMAGIC_CC	"cc-unknown "
#endif

/*
 * The architecture's word, where Linux puts it (asm/vermagic.h): arm64's
 * "aarch64"; x86-64 has none (its MODULE_PROC_FAMILY is empty unless the
 * kernel is built for one CPU family). A module built for the other
 * architecture is refused already by its ELF header's machine, and by
 * this word if the header were rewritten.
 */
#if defined(__aarch64__)
#define MODULE_ARCH_VERMAGIC	"aarch64 "
#else
#define MODULE_ARCH_VERMAGIC	""
#endif

#define VERMAGIC_STRING							\
	UTS_RELEASE " "							\
	VERMAGIC_SMP VERMAGIC_PREEMPT VERMAGIC_MODULE_UNLOAD		\
	VERMAGIC_MODVERSIONS MODULE_ARCH_VERMAGIC VERMAGIC_CC

#endif /* _LINUX_VERMAGIC_H */
