// SPDX-License-Identifier: GPL-2.0
/* Only <linux/types.h>: DECLARE_BITMAP is defined there in 6.1. */
#include <linux/types.h>

#ifndef DECLARE_BITMAP
#error "DECLARE_BITMAP comes with linux/types.h"
#endif

int incl_types_part(void);

int incl_types_part(void)
{
	u64 v = 1;
	bool b = true;

	return (int)v + b;
}
