// SPDX-License-Identifier: MIT
/*
 * lib/hexdump.c: hex_dump_to_buffer()'s rows exactly as Linux lays them
 * out (groups, the ASCII column, the fallback to bytes), its return value,
 * and the hex digit helpers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "lib/klib.h"

static const unsigned char data[] = "0123456789ABCDEF\x01\x7f\x80 z";
static char line[200];

static void bytes_with_ascii(void **state)
{
	int n = umod_hex_dump_to_buffer(data, 16, 16, 1, line, sizeof(line), true);

	assert_string_equal(line, "30 31 32 33 34 35 36 37 38 39 41 42 43 44 45 46  "
				  "0123456789ABCDEF");
	assert_int_equal(n, 65);
	/* a short row: the ASCII column stays where a full row puts it */
	umod_hex_dump_to_buffer(data + 16, 5, 16, 1, line, sizeof(line), true);
	assert_string_equal(line, "01 7f 80 20 7a                                   ... z");
}

static void groups_are_little_endian_words(void **state)
{
	umod_hex_dump_to_buffer(data, 16, 16, 4, line, sizeof(line), false);
	assert_string_equal(line, "33323130 37363534 42413938 46454443");
	umod_hex_dump_to_buffer(data, 16, 16, 8, line, sizeof(line), true);
	assert_string_equal(line, "3736353433323130 4645444342413938  0123456789ABCDEF");
	umod_hex_dump_to_buffer(data, 4, 16, 2, line, sizeof(line), false);
	assert_string_equal(line, "3130 3332");
	/* a length that is no multiple of the group: bytes */
	umod_hex_dump_to_buffer(data, 5, 16, 4, line, sizeof(line), false);
	assert_string_equal(line, "30 31 32 33 34");
	/* a bad group size: bytes */
	umod_hex_dump_to_buffer(data, 3, 16, 3, line, sizeof(line), false);
	assert_string_equal(line, "30 31 32");
}

static void rowsize_32_and_truncation(void **state)
{
	char small[10];
	int n;

	n = umod_hex_dump_to_buffer(data, 21, 32, 1, line, sizeof(line), true);
	/* the ASCII column of a 32-byte row: 32 * 2 + 32 + 1, then the bytes */
	assert_int_equal(n, 97 + 21);
	assert_int_equal(line[96], ' ');
	assert_memory_equal(line + 97, "0123456789ABCDEF", 16);
	n = umod_hex_dump_to_buffer(data, 16, 16, 1, small, sizeof(small), false);
	assert_int_equal(n, 47);
	assert_string_equal(small, "30 31 32 ");
	umod_hex_dump_to_buffer(data, 0, 16, 1, line, sizeof(line), true);
	assert_string_equal(line, "");
}

static void hex_digits(void **state)
{
	assert_int_equal(umod_hex_to_bin('0'), 0);
	assert_int_equal(umod_hex_to_bin('a'), 10);
	assert_int_equal(umod_hex_to_bin('F'), 15);
	assert_int_equal(umod_hex_to_bin('g'), -1);
	assert_int_equal(umod_hex_to_bin(' '), -1);
	assert_string_equal(umod_hex_asc, "0123456789abcdef");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bytes_with_ascii),
		cmocka_unit_test(groups_are_little_endian_words),
		cmocka_unit_test(rowsize_32_and_truncation),
		cmocka_unit_test(hex_digits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
