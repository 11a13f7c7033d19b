/* SPDX-License-Identifier: MIT */
/*
 * vmalloc(): memory of whole pages, page-aligned, mapped on its own
 * (with an unmapped guard page after it, as the kernel's vmap areas),
 * owned by the calling module.
 */
#ifndef _LINUX_VMALLOC_H
#define _LINUX_VMALLOC_H

#include <linux/compiler.h>
#include <linux/export.h>
#include <linux/gfp.h>
#include <linux/types.h>
#include <linux/spinlock.h>
#include <linux/rbtree.h>

void *vmalloc(struct module *mod, unsigned long size) __attribute__((__malloc__));
void *vzalloc(struct module *mod, unsigned long size) __attribute__((__malloc__));
void *vmalloc_user(struct module *mod, unsigned long size) __attribute__((__malloc__));
void *__vmalloc(struct module *mod, unsigned long size, gfp_t gfp_mask) __attribute__((__malloc__));
void vfree(const void *addr);
struct vm_area_struct;
/* the vmalloc() area at @addr, from its page @pgoff on, into all of @vma */
int remap_vmalloc_range(struct vm_area_struct *vma, void *addr, unsigned long pgoff);

#define vmalloc(size)			vmalloc(THIS_MODULE, size)
#define vzalloc(size)			vzalloc(THIS_MODULE, size)
#define vmalloc_user(size)		vmalloc_user(THIS_MODULE, size)
#define __vmalloc(size, gfp)		__vmalloc(THIS_MODULE, size, gfp)
#define vmalloc_node(size, node)	vmalloc(size)
#define vzalloc_node(size, node)	vzalloc(size)
#define vmalloc_32(size)		vmalloc(size)
#define vmalloc_array(n, size)		__vmalloc_array(THIS_MODULE, n, size)

static __always_inline void *__vmalloc_array(struct module *mod, size_t n, size_t size)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		return (void *)0;
	return (vmalloc)(mod, bytes);
}

#endif /* _LINUX_VMALLOC_H */
