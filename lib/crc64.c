// SPDX-License-Identifier: MIT
/*
 * CRC-64 (lib/crc64.c): crc64_be() with ECMA-182's polynomial MSB first
 * and no inversion (bcache's), crc64_rocksoft_generic() with the Rocksoft
 * polynomial reflected, inverted on the way in and out (NVMe's).
 */
#include <stddef.h>
#include <stdint.h>

#include "kernel/kapi.h"
#include "lib/crc-table.h"
#include "lib/klib.h"

#define ECMA_POLY	0x42f0e1eba9ea3693ull
#define ROCKSOFT_POLY	0x9a6c9329ac4bc9b5ull

#define BE(i)	CRC_MSB_BYTE((uint64_t)(i) << 56, ECMA_POLY, 1ull << 63)
#define RS(i)	CRC_LSB_BYTE((uint64_t)(i), ROCKSOFT_POLY)

static const uint64_t crc64_table[256] = { CRC_TABLE(BE) };
static const uint64_t crc64_rocksoft_table[256] = { CRC_TABLE(RS) };

static uint64_t kapi_crc64_be(uint64_t crc, const void *p, size_t len)
{
	const unsigned char *b = p;

	while (len--)
		crc = (crc << 8) ^ crc64_table[(crc >> 56) ^ *b++];
	return crc;
}

uint64_t umod_crc64_rocksoft_generic(uint64_t crc, const void *p, size_t len)
{
	const unsigned char *b = p;

	crc = ~crc;
	while (len--)
		crc = (crc >> 8) ^ crc64_rocksoft_table[(crc ^ *b++) & 0xff];
	return ~crc;
}

static const struct umod_kapi_export crc64_exports[] = {
	UMOD_KAPI_GPL("crc64_be", kapi_crc64_be),
	UMOD_KAPI_GPL("crc64_rocksoft_generic", umod_crc64_rocksoft_generic),
};

const struct umod_kapi_table umod_kapi_crc64 = UMOD_KAPI_TABLE(crc64_exports);
