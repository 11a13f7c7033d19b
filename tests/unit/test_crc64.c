// SPDX-License-Identifier: MIT
/* lib/crc64.c: CRC-64/ECMA-182 (no inversion) and CRC-64/NVME (Rocksoft) check values */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

#define CHECK	((const unsigned char *)"123456789")

typedef uint64_t (*crc_fn)(uint64_t, const void *, size_t);

static void check_values(void **state)
{
	crc_fn be = KAPI_FN(&umod_kapi_crc64, "crc64_be", crc_fn);
	crc_fn rs = KAPI_FN(&umod_kapi_crc64, "crc64_rocksoft_generic", crc_fn);

	assert_int_equal(be(0, CHECK, 9), 0x6c40df5f0b497347ull);
	assert_int_equal(rs(0, CHECK, 9), 0xae8b14860a799888ull);
	/* inverted in and out: updates chain */
	assert_int_equal(rs(rs(0, CHECK, 5), CHECK + 5, 4), 0xae8b14860a799888ull);
	assert_int_equal(be(be(0, CHECK, 5), CHECK + 5, 4), 0x6c40df5f0b497347ull);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(check_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
