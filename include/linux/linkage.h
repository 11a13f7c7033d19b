/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_LINKAGE_H
#define _LINUX_LINKAGE_H

#include <linux/compiler.h>
#include <linux/stringify.h>
#include <linux/export.h>

#define asmlinkage
#define __page_aligned_data	__section(".data..page_aligned") __aligned(4096)
#define __page_aligned_bss	__section(".bss..page_aligned") __aligned(4096)
#define SYMBOL_NAME(x)		x
#define SYMBOL_NAME_STR(x)	#x

#endif /* _LINUX_LINKAGE_H */
