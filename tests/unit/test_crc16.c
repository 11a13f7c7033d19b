// SPDX-License-Identifier: MIT
/* lib/crc16.c: CRC-16/ARC check value, and the exported table crc16_byte() reads */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

#define CHECK	((const unsigned char *)"123456789")

typedef uint16_t (*crc_fn)(uint16_t, const uint8_t *, size_t);

static void check_values(void **state)
{
	crc_fn crc16 = KAPI_FN(&umod_kapi_crc16, "crc16", crc_fn);
	const uint16_t *table = kapi_in(&umod_kapi_crc16, "crc16_table");
	uint16_t crc = 0;

	assert_int_equal(crc16(0, CHECK, 9), 0xbb3d);
	/* CRC-16/MODBUS: the same with seed 0xffff */
	assert_int_equal(crc16(0xffff, CHECK, 9), 0x4b37);
	assert_int_equal(table[0], 0);
	assert_int_equal(table[1], 0xc0c1);
	assert_int_equal(table[255], 0x4040);
	for (int i = 0; i < 9; i++)
		crc = (uint16_t)((crc >> 8) ^ table[(crc ^ CHECK[i]) & 0xff]);
	assert_int_equal(crc, 0xbb3d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(check_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
