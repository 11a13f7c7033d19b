/* SPDX-License-Identifier: MIT */
/*
 * A module's use count as both sides see it. The host owns it (inside its
 * struct umod_module, kernel/module/refcount.c); struct module points at
 * it once the module's code may run, so that try_module_get() and
 * module_put() in include/linux/module.h can count inline, without a call
 * into the host: the kernel's __module_get() is inline for the same reason.
 * Builtin types only; every access is an __atomic builtin.
 */
#ifndef _UMOD_KABI_MODULE_H
#define _UMOD_KABI_MODULE_H

#define UMOD_CACHELINE		64
#define UMOD_REFCNT_STRIPES	16
/* enum umod_module_state's GOING: from there on try_module_get() fails */
#define UMOD_REFCNT_GOING	3

/* one thread's share of a use count, alone on its cache line */
struct umod_refcnt_stripe {
	unsigned long gets __attribute__((aligned(UMOD_CACHELINE)));
	unsigned long puts;
};

/*
 * The count is Σgets − Σputs over the stripes. A thread counts on the
 * stripe whose index plus one the host keeps in a thread-local variable,
 * @tls_offset bytes from the thread pointer (0: the thread has none yet,
 * the out-of-line path hands one out). The rest lives on a line of its
 * own: read by every get, written only when the module goes.
 */
struct umod_refcnt {
	struct umod_refcnt_stripe stripe[UMOD_REFCNT_STRIPES];
	int stopping __attribute__((aligned(UMOD_CACHELINE)));
	const int *state;	/* the module's enum umod_module_state */
	long tls_offset;
};

#endif /* _UMOD_KABI_MODULE_H */
