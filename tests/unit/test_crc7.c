// SPDX-License-Identifier: MIT
/* lib/crc7.c: CRC-7/MMC, left-justified: the check value 0x75 shifted up, and an SD CMD0 frame */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

#define CHECK	((const unsigned char *)"123456789")

typedef uint8_t (*crc_fn)(uint8_t, const uint8_t *, size_t);

static void check_values(void **state)
{
	crc_fn crc7 = KAPI_FN(&umod_kapi_crc7, "crc7_be", crc_fn);
	static const uint8_t cmd0[] = { 0x40, 0, 0, 0, 0 };
	static const uint8_t cmd8[] = { 0x48, 0, 0, 0x01, 0xaa };

	assert_int_equal(crc7(0, CHECK, 9), 0x75 << 1);
	/* the well-known end bytes of GO_IDLE_STATE and SEND_IF_COND: crc << 1 | 1 */
	assert_int_equal(crc7(0, cmd0, 5) | 1, 0x95);
	assert_int_equal(crc7(0, cmd8, 5) | 1, 0x87);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(check_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
