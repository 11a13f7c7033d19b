/* SPDX-License-Identifier: MIT */
/* Binary-coded decimal, as real-time clocks count. */
#ifndef _BCD_H
#define _BCD_H

#include <linux/compiler.h>

#define bcd2bin(x)	((((x) & 0x0f) + ((x) >> 4) * 10) & 0xff)
#define bin2bcd(x)	(((((x) / 10) << 4) | ((x) % 10)) & 0xff)

#endif /* _BCD_H */
