/* SPDX-License-Identifier: MIT */
/*
 * Pages: 4 KiB as on x86-64 (and Debian's arm64). PAGE_SIZE and struct
 * page are umod/kabi/mm.h's, shared with the host's allocator; __pa() and
 * __va() are the identity, since a module's "kernel addresses" are the
 * process's.
 */
#ifndef _ASM_X86_PAGE_H
#define _ASM_X86_PAGE_H

#include <linux/types.h>
#include <linux/const.h>
#include <umod/kabi/mm.h>
#include <linux/init.h>
#include <linux/stringify.h>
#include <linux/panic.h>
#include <linux/printk.h>
#include <linux/log2.h>

#define PAGE_OFFSET		((unsigned long)CONFIG_PAGE_OFFSET)

#define __pa(x)			((unsigned long)(x))
#define __va(x)			((void *)(unsigned long)(x))
#define __pa_symbol(x)		__pa(x)
#define __phys_addr(x)		__pa(x)

#define virt_to_phys(x)		((phys_addr_t)__pa(x))
#define phys_to_virt(x)		__va(x)
#define pfn_to_kaddr(pfn)	__va((unsigned long)(pfn) << PAGE_SHIFT)

#define clear_page(page)	__builtin_memset((page), 0, PAGE_SIZE)
#define copy_page(to, from)	__builtin_memcpy((to), (from), PAGE_SIZE)

#endif /* _ASM_X86_PAGE_H */
