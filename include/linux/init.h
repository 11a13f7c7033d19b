/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#include <linux/compiler.h>
#include <linux/types.h>

/*
 * Code and data only needed while the module initialises: the host unmaps
 * the whole init region once init() has returned successfully.
 */
#define __init		__section(".init.text") __cold notrace
#define __initdata	__section(".init.data")
#define __initconst	__section(".init.rodata")

/* kept while the module is loaded: the host supports unloading */
#define __exit		__section(".exit.text") __cold notrace
#define __exitdata	__section(".exit.data")

/* references from kept code to init code or data: nothing to check here */
#define __ref		noinline
#define __refdata
#define __refconst
#define __exitcall(fn)
#define __exit_p(x)	x
#define __init_or_module

/* written during init, read-only after it */
#define __ro_after_init	__section(".data..ro_after_init")

typedef int (*initcall_t)(void);
typedef void (*exitcall_t)(void);

#ifdef MODULE
/*
 * Explicit, as the article says: a module without module_init() has no
 * init. The alias gives the loader one fixed name to find through the
 * struct module modpost generates; the inline function type-checks fn.
 */
#define module_init(initfn)						\
	static inline initcall_t __maybe_unused __inittest(void)	\
	{ return initfn; }						\
	int init_module(void) __copy(initfn)				\
		__attribute__((__alias__(#initfn)));			\
	___ADDRESSABLE(init_module, __initdata);

/* 6.1's: the pointer in .exit.data is kallsyms' __UNIQUE_ID___addressable_cleanup_module */
#define module_exit(exitfn)						\
	static inline exitcall_t __maybe_unused __exittest(void)	\
	{ return exitfn; }						\
	void cleanup_module(void) __copy(exitfn)			\
		__attribute__((__alias__(#exitfn)));			\
	___ADDRESSABLE(cleanup_module, __exitdata);
#endif

#endif /* _LINUX_INIT_H */
