// SPDX-License-Identifier: MIT
/* lib/crc-itu-t.c: CRC-16/XMODEM check value and table */
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
	crc_fn itu = KAPI_FN(&umod_kapi_crc_itu_t, "crc_itu_t", crc_fn);
	const uint16_t *table = kapi_in(&umod_kapi_crc_itu_t, "crc_itu_t_table");

	assert_int_equal(itu(0, CHECK, 9), 0x31c3);
	assert_int_equal(itu(0xffff, CHECK, 9), 0x29b1);
	assert_int_equal(table[1], 0x1021);
	assert_int_equal(table[255], 0x1ef0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(check_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
