/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_CRC32_POLY_H
#define _LINUX_CRC32_POLY_H

/* x^32 + x^26 + x^23 + x^22 + x^16 + x^12 + x^11 + x^10 + x^8 + x^7 + x^5 + x^4 + x^2 + x + 1 */
#define CRC32_POLY_LE	0xedb88320
#define CRC32_POLY_BE	0x04c11db7
/* Castagnoli's, reflected */
#define CRC32C_POLY_LE	0x82f63b78

#endif /* _LINUX_CRC32_POLY_H */
