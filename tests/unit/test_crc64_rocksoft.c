// SPDX-License-Identifier: MIT
/* lib/crc64-rocksoft.c: the crypto-API face of the Rocksoft CRC */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

#define CHECK	((const unsigned char *)"123456789")

typedef uint64_t (*update_fn)(uint64_t, const unsigned char *, size_t);
typedef uint64_t (*crc_fn)(const unsigned char *, size_t);

static void check_values(void **state)
{
	crc_fn crc = KAPI_FN(&umod_kapi_crc64_rocksoft, "crc64_rocksoft", crc_fn);
	update_fn update = KAPI_FN(&umod_kapi_crc64_rocksoft, "crc64_rocksoft_update", update_fn);

	assert_int_equal(crc(CHECK, 9), 0xae8b14860a799888ull);
	assert_int_equal(update(crc(CHECK, 2), CHECK + 2, 7), 0xae8b14860a799888ull);
	assert_int_equal(crc(CHECK, 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(check_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
