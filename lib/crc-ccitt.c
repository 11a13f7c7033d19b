// SPDX-License-Identifier: MIT
/*
 * crc_ccitt() (lib/crc-ccitt.c): x^16 + x^12 + x^5 + 1, reflected
 * (CRC-16/KERMIT with seed 0), and crc_ccitt_false() with it MSB first
 * (the "CCITT-FALSE" of seed 0xffff).
 */
#include <stddef.h>
#include <stdint.h>

#include "kernel/kapi.h"
#include "lib/crc-table.h"

#define LSB(i)	(uint16_t)CRC_LSB_BYTE((unsigned int)(i), 0x8408u)
#define MSB(i)	(uint16_t)CRC_MSB_BYTE((unsigned int)(i) << 8, 0x1021u, 0x8000u)

static const uint16_t crc_ccitt_table[256] = { CRC_TABLE(LSB) };
static const uint16_t crc_ccitt_false_table[256] = { CRC_TABLE(MSB) };

static uint16_t kapi_crc_ccitt(uint16_t crc, const uint8_t *buffer, size_t len)
{
	while (len--)
		crc = (uint16_t)((crc >> 8) ^ crc_ccitt_table[(crc ^ *buffer++) & 0xff]);
	return crc;
}

static uint16_t kapi_crc_ccitt_false(uint16_t crc, const uint8_t *buffer, size_t len)
{
	while (len--)
		crc = (uint16_t)((crc << 8) ^ crc_ccitt_false_table[(crc >> 8) ^ *buffer++]);
	return crc;
}

static const struct umod_kapi_export crc_ccitt_exports[] = {
	UMOD_KAPI("crc_ccitt_table", crc_ccitt_table),
	UMOD_KAPI("crc_ccitt_false_table", crc_ccitt_false_table),
	UMOD_KAPI("crc_ccitt", kapi_crc_ccitt),
	UMOD_KAPI("crc_ccitt_false", kapi_crc_ccitt_false),
};

const struct umod_kapi_table umod_kapi_crc_ccitt = UMOD_KAPI_TABLE(crc_ccitt_exports);
