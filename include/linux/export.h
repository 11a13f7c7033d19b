/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_EXPORT_H
#define _LINUX_EXPORT_H

#include <linux/compiler.h>
#include <linux/stringify.h>
#include <linux/compiler.h>
#include <linux/stddef.h>
#include <linux/types.h>

struct module;

#ifdef MODULE
/* defined in foo.mod.c by modpost, in .gnu.linkonce.this_module */
extern struct module __this_module;
#define THIS_MODULE (&__this_module)
#else
#define THIS_MODULE ((struct module *)0)
#endif

/*
 * EXPORT_SYMBOL(sym) makes @sym visible to other modules, as in Linux 6.1:
 * a struct kernel_symbol in __ksymtab (or __ksymtab_gpl) whose three
 * fields are offsets from themselves (value, name, namespace), and the
 * name and namespace strings in __ksymtab_strings, which depmod reads.
 * The loader adds them to the host's export table; modpost lists them in
 * Module.symvers. The local labels __ksymtab_NAME and __kstrtabns_NAME
 * are what modpost looks for, as the kernel's does.
 */
#define ___EXPORT_SYMBOL(sym, sec, ns)					\
	extern __typeof__(sym) sym;					\
	__ADDRESSABLE(sym)						\
	__asm__("	.pushsection \"__ksymtab_strings\",\"aMS\",%progbits,1\n" \
		"__kstrtab_" #sym ":\n"					\
		"	.asciz \"" #sym "\"\n"				\
		"__kstrtabns_" #sym ":\n"				\
		"	.asciz \"" ns "\"\n"				\
		"	.popsection\n"					\
		"	.pushsection \"" sec "\",\"a\"\n"		\
		"	.balign 4\n"					\
		"__ksymtab_" #sym ":\n"					\
		"	.long " #sym " - .\n"				\
		"	.long __kstrtab_" #sym " - .\n"			\
		"	.long __kstrtabns_" #sym " - .\n"		\
		"	.popsection\n")

#ifdef MODULE
#define EXPORT_SYMBOL(sym)		___EXPORT_SYMBOL(sym, "__ksymtab", "")
#define EXPORT_SYMBOL_GPL(sym)		___EXPORT_SYMBOL(sym, "__ksymtab_gpl", "")
/* 6.1's form: the namespace is an identifier, EXPORT_SYMBOL_NS(f, FOO) */
#define EXPORT_SYMBOL_NS(sym, ns)	___EXPORT_SYMBOL(sym, "__ksymtab", #ns)
#define EXPORT_SYMBOL_NS_GPL(sym, ns)	___EXPORT_SYMBOL(sym, "__ksymtab_gpl", #ns)
#else
/* host code exports with UMOD_EXPORT_SYMBOL() from <umod/umod.h> */
#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)
#define EXPORT_SYMBOL_NS(sym, ns)
#define EXPORT_SYMBOL_NS_GPL(sym, ns)
#endif

/* 2.6 exports nothing by default: the old opt-out is a no-op */
#define EXPORT_NO_SYMBOLS

#endif /* _LINUX_EXPORT_H */
