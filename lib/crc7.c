// SPDX-License-Identifier: MIT
/*
 * crc7_be() (lib/crc7.c): x^7 + x^3 + 1, MSB first, as MMC/SD commands
 * use it; the 7 bits are kept left-justified in a byte (bit 0 is 0), so
 * the table is indexed by crc ^ data directly.
 */
#include <stddef.h>
#include <stdint.h>

#include "kernel/kapi.h"
#include "lib/crc-table.h"

#define ENTRY(i)	(uint8_t)CRC_MSB_BYTE((unsigned int)(i), 0x12u, 0x80u)

static const uint8_t crc7_be_syndrome_table[256] = { CRC_TABLE(ENTRY) };

static uint8_t kapi_crc7_be(uint8_t crc, const uint8_t *buffer, size_t len)
{
	while (len--)
		crc = crc7_be_syndrome_table[crc ^ *buffer++];
	return crc;
}

static const struct umod_kapi_export crc7_exports[] = {
	UMOD_KAPI("crc7_be_syndrome_table", crc7_be_syndrome_table),
	UMOD_KAPI("crc7_be", kapi_crc7_be),
};

const struct umod_kapi_table umod_kapi_crc7 = UMOD_KAPI_TABLE(crc7_exports);
