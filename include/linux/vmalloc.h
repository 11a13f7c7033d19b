/* SPDX-License-Identifier: MIT */
/*
 * vmalloc(): memory of whole pages, page-aligned, mapped on its own
 * (with an unmapped guard page after it, as the kernel's vmap areas),
 * owned by the calling module (found from the call's return address).
 */
#ifndef _LINUX_VMALLOC_H
#define _LINUX_VMALLOC_H

#include <linux/compiler.h>
#include <linux/export.h>
#include <linux/gfp.h>
#include <linux/types.h>
#include <linux/spinlock.h>
#include <linux/rbtree.h>

void *vmalloc(unsigned long size) __alloc_size(1);
void *vzalloc(unsigned long size) __alloc_size(1);
void *vmalloc_user(unsigned long size) __alloc_size(1);
void *vmalloc_node(unsigned long size, int node) __alloc_size(1);
void *vzalloc_node(unsigned long size, int node) __alloc_size(1);
void *vmalloc_32(unsigned long size) __alloc_size(1);
void *vmalloc_32_user(unsigned long size) __alloc_size(1);
void *__vmalloc(unsigned long size, gfp_t gfp_mask) __alloc_size(1);
void *__vmalloc_array(size_t n, size_t size, gfp_t flags) __alloc_size(1, 2);
void *vmalloc_array(size_t n, size_t size) __alloc_size(1, 2);
void *__vcalloc(size_t n, size_t size, gfp_t flags) __alloc_size(1, 2);
void *vcalloc(size_t n, size_t size) __alloc_size(1, 2);
void vfree(const void *addr);
struct vm_area_struct;
/* the vmalloc() area at @addr, from its page @pgoff on, into all of @vma */
int remap_vmalloc_range(struct vm_area_struct *vma, void *addr, unsigned long pgoff);

#endif /* _LINUX_VMALLOC_H */
