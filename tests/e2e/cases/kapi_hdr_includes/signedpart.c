// SPDX-License-Identifier: GPL-2.0
/* Only <linux/compiler.h>: is_signed_type() is there in 6.1. */
#include <linux/compiler.h>

int incl_signed_part(void);

int incl_signed_part(void)
{
	return is_signed_type(int) && !is_signed_type(unsigned char);
}
