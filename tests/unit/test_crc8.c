// SPDX-License-Identifier: MIT
/* lib/crc8.c: tables for an MSB-first and a reflected polynomial; CRC-8/SMBUS, MAXIM-DOW, and CRC8_GOOD_VALUE */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

#define CHECK	((const unsigned char *)"123456789")

typedef void (*populate_fn)(uint8_t *, uint8_t);
typedef uint8_t (*crc_fn)(const uint8_t *, const uint8_t *, size_t, uint8_t);

static void check_values(void **state)
{
	populate_fn msb = KAPI_FN(&umod_kapi_crc8, "crc8_populate_msb", populate_fn);
	populate_fn lsb = KAPI_FN(&umod_kapi_crc8, "crc8_populate_lsb", populate_fn);
	crc_fn crc8 = KAPI_FN(&umod_kapi_crc8, "crc8", crc_fn);
	uint8_t t[256], msg[10];

	msb(t, 0x07);
	assert_int_equal(t[0], 0);
	assert_int_equal(t[1], 0x07);
	assert_int_equal(crc8(t, CHECK, 9, 0), 0xf4);
	/* CRC-8/ROHC-like seed: 0xff in, the same table */
	assert_int_equal(crc8(t, CHECK, 0, 0xff), 0xff);
	lsb(t, 0x8c);
	assert_int_equal(t[1], 0x5e);
	assert_int_equal(crc8(t, CHECK, 9, 0), 0xa1);
	/* a message followed by its inverted CRC leaves the table's good value */
	memcpy(msg, CHECK, 9);
	msg[9] = (uint8_t)~crc8(t, msg, 9, 0xff);
	assert_int_equal(crc8(t, msg, 10, 0xff), t[0xff]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(check_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
