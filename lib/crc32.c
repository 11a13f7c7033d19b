// SPDX-License-Identifier: MIT
/*
 * CRC-32 (lib/crc32.c): crc32_le() with the IEEE 802.3 polynomial
 * reflected, crc32_be() with it MSB first, __crc32c_le() with
 * Castagnoli's, all without the initial or final inversion (the caller
 * seeds with ~0 and inverts, as the kernel's callers do). The _shift()
 * functions advance a CRC over @len zero bytes in O(log len), which
 * crc32_le_combine() uses to join the CRCs of two pieces.
 */
#include <stddef.h>
#include <stdint.h>

#include "kernel/kapi.h"
#include "lib/crc-table.h"
#include "lib/klib.h"

#define CRC32_POLY_LE	0xedb88320u
#define CRC32_POLY_BE	0x04c11db7u
#define CRC32C_POLY_LE	0x82f63b78u

#define LE(i)	CRC_LSB_BYTE((uint32_t)(i), CRC32_POLY_LE)
#define CLE(i)	CRC_LSB_BYTE((uint32_t)(i), CRC32C_POLY_LE)
#define BE(i)	(uint32_t)CRC_MSB_BYTE((uint32_t)(i) << 24, CRC32_POLY_BE, 0x80000000u)

static const uint32_t crc32_le_table[256] = { CRC_TABLE(LE) };
static const uint32_t crc32c_le_table[256] = { CRC_TABLE(CLE) };
static const uint32_t crc32_be_table[256] = { CRC_TABLE(BE) };

static uint32_t crc_le(const uint32_t *table, uint32_t crc, const unsigned char *p, size_t len)
{
	while (len--)
		crc = (crc >> 8) ^ table[(crc ^ *p++) & 0xff];
	return crc;
}

static uint32_t kapi_crc32_le(uint32_t crc, const unsigned char *p, size_t len)
{
	return crc_le(crc32_le_table, crc, p, len);
}

uint32_t umod_crc32c_le(uint32_t crc, const void *p, size_t len)
{
	return crc_le(crc32c_le_table, crc, p, len);
}

static uint32_t kapi_crc32_be(uint32_t crc, const unsigned char *p, size_t len)
{
	while (len--)
		crc = (crc << 8) ^ crc32_be_table[(crc >> 24) ^ *p++];
	return crc;
}

/*
 * a * b modulo the polynomial, both reflected: bit 31 is x^0. Each bit
 * of @a picks b times its power of x, and b moves up one power per bit.
 */
static uint32_t mul_mod(uint32_t a, uint32_t b, uint32_t poly)
{
	uint32_t product = 0;

	for (uint32_t bit = 1u << 31; bit; bit >>= 1) {
		if (a & bit)
			product ^= b;
		b = CRC_LSB_STEP(b, poly);
	}
	return product;
}

/* @crc times x^(8 * len): the CRC after @len more zero bytes */
static uint32_t shift(uint32_t crc, size_t len, uint32_t poly)
{
	uint32_t power = 1u << 23;	/* x^8 */

	for (; len; len >>= 1) {
		if (len & 1)
			crc = mul_mod(crc, power, poly);
		power = mul_mod(power, power, poly);
	}
	return crc;
}

static uint32_t kapi_crc32_le_shift(uint32_t crc, size_t len)
{
	return shift(crc, len, CRC32_POLY_LE);
}

static uint32_t kapi___crc32c_le_shift(uint32_t crc, size_t len)
{
	return shift(crc, len, CRC32C_POLY_LE);
}

/* the _base names: the generic code under the arch-accelerated ones */
static const struct umod_kapi_export crc32_exports[] = {
	UMOD_KAPI("crc32_le", kapi_crc32_le),
	UMOD_KAPI("crc32_be", kapi_crc32_be),
	UMOD_KAPI("__crc32c_le", umod_crc32c_le),
	UMOD_KAPI("crc32_le_base", kapi_crc32_le),
	UMOD_KAPI("crc32_be_base", kapi_crc32_be),
	UMOD_KAPI("__crc32c_le_base", umod_crc32c_le),
	UMOD_KAPI("crc32_le_shift", kapi_crc32_le_shift),
	UMOD_KAPI("__crc32c_le_shift", kapi___crc32c_le_shift),
};

const struct umod_kapi_table umod_kapi_crc32 = UMOD_KAPI_TABLE(crc32_exports);
