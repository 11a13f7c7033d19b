// SPDX-License-Identifier: MIT
/* lib/crc32.c: the catalogue check values of CRC-32, CRC-32/BZIP2 and CRC-32C, and the shift that combines two pieces */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

#define CHECK	((const unsigned char *)"123456789")

typedef uint32_t (*crc_fn)(uint32_t, const unsigned char *, size_t);
typedef uint32_t (*shift_fn)(uint32_t, size_t);

static void check_values(void **state)
{
	crc_fn le = KAPI_FN(&umod_kapi_crc32, "crc32_le", crc_fn);
	crc_fn be = KAPI_FN(&umod_kapi_crc32, "crc32_be", crc_fn);
	crc_fn c = KAPI_FN(&umod_kapi_crc32, "__crc32c_le", crc_fn);
	shift_fn le_shift = KAPI_FN(&umod_kapi_crc32, "crc32_le_shift", shift_fn);
	shift_fn c_shift = KAPI_FN(&umod_kapi_crc32, "__crc32c_le_shift", shift_fn);
	uint32_t a, b;

	/* seeded with ~0 and inverted: the published CRC-32, BZIP2 and CRC-32C */
	assert_int_equal(~le(~0u, CHECK, 9), 0xcbf43926);
	assert_int_equal(~be(~0u, CHECK, 9), 0xfc891918);
	assert_int_equal(~c(~0u, CHECK, 9), 0xe3069283);
	/* no inversion inside: seed 0 over zero bytes stays 0 */
	assert_int_equal(le(0, (const unsigned char *)"\0\0\0", 3), 0);
	assert_int_equal(le(0x1234, CHECK, 0), 0x1234);
	/* crc32_le_combine(): the CRC of "1234" then "56789" from the two parts */
	a = le(~0u, CHECK, 4);
	b = le(0, CHECK + 4, 5);
	assert_int_equal(~(le_shift(a, 5) ^ b), 0xcbf43926);
	a = c(~0u, CHECK, 2);
	b = c(0, CHECK + 2, 7);
	assert_int_equal(~(c_shift(a, 7) ^ b), 0xe3069283);
	/* shifting over n zero bytes is running over them */
	assert_int_equal(le_shift(0xdeadbeef, 1000),
			 le(0xdeadbeef, (const unsigned char[1000]){ 0 }, 1000));
	assert_int_equal(le_shift(0xdeadbeef, 0), 0xdeadbeef);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(check_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
