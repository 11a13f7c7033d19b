/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_ARRAY_SIZE_H
#define _LINUX_ARRAY_SIZE_H

#include <linux/compiler.h>

/* the number of elements of an array; a pointer fails to compile */
#define ARRAY_SIZE(arr)	(sizeof(arr) / sizeof((arr)[0]) + __must_be_array(arr))

#endif /* _LINUX_ARRAY_SIZE_H */
