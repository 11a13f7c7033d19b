/* SPDX-License-Identifier: MIT */
/* struct page, vm_area_struct, vm_fault, vm_operations_struct: umod/kabi/mm.h */
#ifndef _LINUX_MM_TYPES_H
#define _LINUX_MM_TYPES_H

#include <linux/types.h>
#include <umod/kabi/mm.h>

#endif /* _LINUX_MM_TYPES_H */
