// SPDX-License-Identifier: MIT
/* crc_itu_t() (lib/crc-itu-t.c): x^16 + x^12 + x^5 + 1, MSB first (CRC-16/XMODEM) */
#include <stddef.h>
#include <stdint.h>

#include "kernel/kapi.h"
#include "lib/crc-table.h"

#define ENTRY(i)	(uint16_t)CRC_MSB_BYTE((unsigned int)(i) << 8, 0x1021u, 0x8000u)

static const uint16_t crc_itu_t_table[256] = { CRC_TABLE(ENTRY) };

static uint16_t kapi_crc_itu_t(uint16_t crc, const uint8_t *buffer, size_t len)
{
	while (len--)
		crc = (uint16_t)((crc << 8) ^ crc_itu_t_table[((crc >> 8) ^ *buffer++) & 0xff]);
	return crc;
}

static const struct umod_kapi_export crc_itu_t_exports[] = {
	UMOD_KAPI("crc_itu_t_table", crc_itu_t_table),
	UMOD_KAPI("crc_itu_t", kapi_crc_itu_t),
};

const struct umod_kapi_table umod_kapi_crc_itu_t = UMOD_KAPI_TABLE(crc_itu_t_exports);
