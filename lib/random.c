// SPDX-License-Identifier: MIT
/*
 * get_random_bytes() and friends (drivers/char/random.c): the host's
 * getrandom(2), the kernel's own generator seen from user space. Never
 * blocks once the machine's pool is initialised, as the kernel's.
 */
#include <errno.h>
#include <stdint.h>
#include <sys/random.h>

#include "kernel/kapi.h"
#include "lib/klib.h"

void umod_get_random_bytes(void *buf, size_t len)
{
	unsigned char *p = buf;

	while (len) {
		ssize_t n = getrandom(p, len, 0);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return;
		}
		p += n;
		len -= (size_t)n;
	}
}

static uint8_t kapi_get_random_u8(void)
{
	uint8_t v;

	umod_get_random_bytes(&v, sizeof(v));
	return v;
}

static uint16_t kapi_get_random_u16(void)
{
	uint16_t v;

	umod_get_random_bytes(&v, sizeof(v));
	return v;
}

static uint32_t kapi_get_random_u32(void)
{
	uint32_t v;

	umod_get_random_bytes(&v, sizeof(v));
	return v;
}

static uint64_t kapi_get_random_u64(void)
{
	uint64_t v;

	umod_get_random_bytes(&v, sizeof(v));
	return v;
}

/*
 * Lemire's multiply-and-reject: the high half of rand * ceil is uniform
 * once the low half's few biased values are drawn again, as the kernel's.
 */
uint32_t umod_get_random_u32_below(uint32_t ceil)
{
	uint64_t mult;

	if (ceil <= 1)
		return 0;
	mult = (uint64_t)kapi_get_random_u32() * ceil;
	if ((uint32_t)mult < ceil) {
		uint32_t bound = -ceil % ceil;

		while ((uint32_t)mult < bound)
			mult = (uint64_t)kapi_get_random_u32() * ceil;
	}
	return (uint32_t)(mult >> 32);
}

static const struct umod_kapi_export random_exports[] = {
	UMOD_KAPI("__get_random_u32_below", umod_get_random_u32_below),
	UMOD_KAPI("get_random_bytes", umod_get_random_bytes),
	UMOD_KAPI("get_random_u8", kapi_get_random_u8),
	UMOD_KAPI("get_random_u16", kapi_get_random_u16),
	UMOD_KAPI("get_random_u32", kapi_get_random_u32),
	UMOD_KAPI("get_random_u64", kapi_get_random_u64),
};

const struct umod_kapi_table umod_kapi_random = UMOD_KAPI_TABLE(random_exports);
