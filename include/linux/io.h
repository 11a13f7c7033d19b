/* SPDX-License-Identifier: MIT */
/* linux/io.h: what a driver reaches its memory's addresses with (asm/io.h) */
#ifndef _LINUX_IO_H
#define _LINUX_IO_H

#include <linux/types.h>
#include <asm/io.h>

#endif /* _LINUX_IO_H */
