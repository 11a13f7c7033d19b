// SPDX-License-Identifier: MIT
/*
 * CRC-8 (lib/crc8.c) over a table the caller fills for its polynomial:
 * crc8_populate_msb() for one written MSB first (0x07 is x^8+x^2+x+1),
 * crc8_populate_lsb() for one written reflected (0x8c for Dallas/Maxim's
 * 0x31). Entry i is the CRC of the byte i from 0.
 */
#include <stddef.h>
#include <stdint.h>

#include "kernel/kapi.h"
#include "lib/crc-table.h"

static void kapi_crc8_populate_msb(uint8_t table[256], uint8_t polynomial)
{
	for (unsigned int i = 0; i < 256; i++) {
		unsigned int crc = i;

		for (int bit = 0; bit < 8; bit++)
			crc = CRC_MSB_STEP(crc, polynomial, 0x80u) & 0xff;
		table[i] = (uint8_t)crc;
	}
}

static void kapi_crc8_populate_lsb(uint8_t table[256], uint8_t polynomial)
{
	for (unsigned int i = 0; i < 256; i++) {
		unsigned int crc = i;

		for (int bit = 0; bit < 8; bit++)
			crc = CRC_LSB_STEP(crc, polynomial);
		table[i] = (uint8_t)crc;
	}
}

static uint8_t kapi_crc8(const uint8_t table[256], const uint8_t *pdata, size_t nbytes,
			 uint8_t crc)
{
	while (nbytes--)
		crc = table[(crc ^ *pdata++) & 0xff];
	return crc;
}

static const struct umod_kapi_export crc8_exports[] = {
	UMOD_KAPI("crc8_populate_msb", kapi_crc8_populate_msb),
	UMOD_KAPI("crc8_populate_lsb", kapi_crc8_populate_lsb),
	UMOD_KAPI("crc8", kapi_crc8),
};

const struct umod_kapi_table umod_kapi_crc8 = UMOD_KAPI_TABLE(crc8_exports);
