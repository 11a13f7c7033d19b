// SPDX-License-Identifier: MIT
/* crc16() (lib/crc16.c): CRC-16/ARC, x^16 + x^15 + x^2 + 1 reflected */
#include <stddef.h>
#include <stdint.h>

#include "kernel/kapi.h"
#include "lib/crc-table.h"

#define ENTRY(i)	(uint16_t)CRC_LSB_BYTE((unsigned int)(i), 0xa001u)

/* modules' crc16_byte() reads it */
static const uint16_t crc16_table[256] = { CRC_TABLE(ENTRY) };

static uint16_t kapi_crc16(uint16_t crc, const uint8_t *buffer, size_t len)
{
	while (len--)
		crc = (uint16_t)((crc >> 8) ^ crc16_table[(crc ^ *buffer++) & 0xff]);
	return crc;
}

static const struct umod_kapi_export crc16_exports[] = {
	UMOD_KAPI("crc16_table", crc16_table),
	UMOD_KAPI("crc16", kapi_crc16),
};

const struct umod_kapi_table umod_kapi_crc16 = UMOD_KAPI_TABLE(crc16_exports);
