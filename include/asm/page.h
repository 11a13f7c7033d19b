/* SPDX-License-Identifier: MIT */
/*
 * asm/page.h: a "physical" address in a umod host is the address itself
 * (a page is its own descriptor: umod/kabi/mm.h), so __pa() and __va()
 * are the identity.
 */
#ifndef _ASM_PAGE_H
#define _ASM_PAGE_H

#include <umod/kabi/mm.h>

#define __pa(x)		((unsigned long)(x))
#define __va(x)		((void *)(unsigned long)(x))
#define __pa_symbol(x)	__pa(x)
#define pfn_to_kaddr(pfn)	__va((unsigned long)(pfn) << PAGE_SHIFT)

#endif /* _ASM_PAGE_H */
