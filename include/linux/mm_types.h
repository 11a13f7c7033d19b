/* SPDX-License-Identifier: MIT */
/* struct page: see umod/kabi/mm.h */
#ifndef _LINUX_MM_TYPES_H
#define _LINUX_MM_TYPES_H

#include <linux/types.h>
#include <umod/kabi/mm.h>

#endif /* _LINUX_MM_TYPES_H */
