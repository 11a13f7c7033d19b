/* SPDX-License-Identifier: MIT */
/*
 * asm/pgtable.h: page protections, which a umod host keeps only to hand
 * them back (the user process's mapping has the protections it asked for).
 */
#ifndef _ASM_PGTABLE_H
#define _ASM_PGTABLE_H

#include <umod/kabi/mm.h>

#define pgprot_val(x)		((x).pgprot)
#define __pgprot(x)		((pgprot_t){ (x) })
/* x86-64's bits: present, rw, user, accessed, dirty, nx */
#define PAGE_NONE		__pgprot(0x120UL)
#define PAGE_SHARED		__pgprot(0x8000000000000067UL)
#define PAGE_SHARED_EXEC	__pgprot(0x67UL)
#define PAGE_COPY		__pgprot(0x8000000000000025UL)
#define PAGE_READONLY		__pgprot(0x8000000000000025UL)
#define PAGE_KERNEL		__pgprot(0x8000000000000063UL)
/* there is no cache to bypass in a process: the protection is kept */
#define pgprot_noncached(prot)		(prot)
#define pgprot_writecombine(prot)	(prot)
#define pgprot_device(prot)		(prot)

#endif /* _ASM_PGTABLE_H */
