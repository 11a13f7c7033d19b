/* SPDX-License-Identifier: MIT */
/* struct page, vm_area_struct, vm_fault, vm_operations_struct: umod/kabi/mm.h */
#ifndef _LINUX_MM_TYPES_H
#define _LINUX_MM_TYPES_H

#include <linux/types.h>
#include <umod/kabi/mm.h>
#include <linux/atomic.h>
#include <linux/kernel.h>
#include <linux/bitmap.h>
#include <linux/bug.h>
#include <asm/page.h>
#include <linux/kref.h>
#include <linux/rbtree.h>
#include <linux/rwsem.h>
#include <linux/completion.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>
#include <linux/seqlock.h>
#include <linux/threads.h>

#endif /* _LINUX_MM_TYPES_H */
