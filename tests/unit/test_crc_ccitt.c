// SPDX-License-Identifier: MIT
/* lib/crc-ccitt.c: CRC-16/KERMIT and MCRF4XX (reflected), IBM-3740 "CCITT-FALSE" (MSB first) */
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
	crc_fn ccitt = KAPI_FN(&umod_kapi_crc_ccitt, "crc_ccitt", crc_fn);
	crc_fn ccitt_false = KAPI_FN(&umod_kapi_crc_ccitt, "crc_ccitt_false", crc_fn);
	const uint16_t *table = kapi_in(&umod_kapi_crc_ccitt, "crc_ccitt_table");
	const uint16_t *ftable = kapi_in(&umod_kapi_crc_ccitt, "crc_ccitt_false_table");

	assert_int_equal(ccitt(0, CHECK, 9), 0x2189);
	assert_int_equal(ccitt(0xffff, CHECK, 9), 0x6f91);
	assert_int_equal(ccitt_false(0xffff, CHECK, 9), 0x29b1);
	assert_int_equal(table[1], 0x1189);
	assert_int_equal(ftable[1], 0x1021);
	/* a message followed by its CRC, low byte first, leaves 0xf0b8 (PPP) */
	{
		uint8_t msg[11];
		uint16_t fcs;

		memcpy(msg, CHECK, 9);
		fcs = (uint16_t)~ccitt(0xffff, msg, 9);
		msg[9] = fcs & 0xff;
		msg[10] = fcs >> 8;
		assert_int_equal(ccitt(0xffff, msg, 11), 0xf0b8);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(check_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
