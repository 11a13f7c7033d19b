// SPDX-License-Identifier: MIT
/*
 * crc32c() (lib/libcrc32c.c): the Castagnoli CRC of lib/crc32.c. Linux
 * goes through the crypto API to pick the fastest driver; its result is
 * the same __crc32c_le() value, no inversion.
 */
#include <stddef.h>
#include <stdint.h>

#include "kernel/kapi.h"
#include "lib/klib.h"

static uint32_t kapi_crc32c(uint32_t crc, const void *address, unsigned int length)
{
	return umod_crc32c_le(crc, address, length);
}

/* the driver crypto_shash_driver_name() would name */
static const char *kapi_crc32c_impl(void)
{
	return "crc32c-generic";
}

static const struct umod_kapi_export libcrc32c_exports[] = {
	UMOD_KAPI("crc32c", kapi_crc32c),
	UMOD_KAPI("crc32c_impl", kapi_crc32c_impl),
};

const struct umod_kapi_table umod_kapi_libcrc32c = UMOD_KAPI_TABLE(libcrc32c_exports);
