/* SPDX-License-Identifier: MIT */
/*
 * The fault shim's control interface (shim.c). Tests declare these weak:
 * they are there only when libfault.so is preloaded (fault_preloaded()).
 */
#ifndef _UMOD_FAULT_H
#define _UMOD_FAULT_H

enum { FAULT_ALLOC, FAULT_MMAP, FAULT_MPROTECT, FAULT_KINDS };

/* from now on, count calls; the @n-th of family @kind fails (0: none) */
void umod_fault_arm(int kind, long n) __attribute__((weak));
/* stop counting and failing; counts and the live set stay readable */
void umod_fault_disarm(void) __attribute__((weak));
/* calls of family @kind since arming */
long umod_fault_calls(int kind) __attribute__((weak));
/* blocks allocated while armed and not freed since */
long umod_fault_live(void) __attribute__((weak));

#define fault_preloaded()	(umod_fault_arm != NULL)

#endif /* _UMOD_FAULT_H */
