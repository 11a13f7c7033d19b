/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_CRC32C_H
#define _LINUX_CRC32C_H

#include <linux/types.h>

/* __crc32c_le()'s value: no inversion (lib/libcrc32c.c) */
u32 crc32c(u32 crc, const void *address, unsigned int length);
const char *crc32c_impl(void);

#endif /* _LINUX_CRC32C_H */
