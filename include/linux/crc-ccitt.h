/* SPDX-License-Identifier: MIT */
/* CRC-CCITT, x^16 + x^12 + x^5 + 1: reflected and MSB first (lib/crc-ccitt.c) */
#ifndef _LINUX_CRC_CCITT_H
#define _LINUX_CRC_CCITT_H

#include <linux/types.h>

extern u16 const crc_ccitt_table[256];
extern u16 const crc_ccitt_false_table[256];

u16 crc_ccitt(u16 crc, const u8 *buffer, size_t len);
u16 crc_ccitt_false(u16 crc, const u8 *buffer, size_t len);

static inline u16 crc_ccitt_byte(u16 crc, const u8 c)
{
	return (crc >> 8) ^ crc_ccitt_table[(crc ^ c) & 0xff];
}

static inline u16 crc_ccitt_false_byte(u16 crc, const u8 c)
{
	return (crc << 8) ^ crc_ccitt_false_table[(crc >> 8) ^ c];
}

#endif /* _LINUX_CRC_CCITT_H */
