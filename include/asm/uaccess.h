/* SPDX-License-Identifier: MIT */
/* asm/uaccess.h: what older drivers include for copy_to_user() and friends */
#ifndef _ASM_UACCESS_H
#define _ASM_UACCESS_H

#include <linux/uaccess.h>

#endif /* _ASM_UACCESS_H */
