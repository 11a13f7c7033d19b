// SPDX-License-Identifier: MIT
/*
 * crc64_rocksoft() (lib/crc64-rocksoft.c): Linux reaches the fastest
 * "crc64-rocksoft" driver through the crypto API, whose value is
 * crc64_rocksoft_generic()'s; so is this.
 */
#include <stddef.h>
#include <stdint.h>

#include "kernel/kapi.h"
#include "lib/klib.h"

static uint64_t kapi_crc64_rocksoft_update(uint64_t crc, const unsigned char *buffer, size_t len)
{
	return umod_crc64_rocksoft_generic(crc, buffer, len);
}

static uint64_t kapi_crc64_rocksoft(const unsigned char *buffer, size_t len)
{
	return umod_crc64_rocksoft_generic(0, buffer, len);
}

static const struct umod_kapi_export crc64_rocksoft_exports[] = {
	UMOD_KAPI_GPL("crc64_rocksoft_update", kapi_crc64_rocksoft_update),
	UMOD_KAPI_GPL("crc64_rocksoft", kapi_crc64_rocksoft),
};

const struct umod_kapi_table umod_kapi_crc64_rocksoft = UMOD_KAPI_TABLE(crc64_rocksoft_exports);
