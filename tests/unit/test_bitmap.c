// SPDX-License-Identifier: MIT
/*
 * lib/bitmap.c: the list and hex parsers with the cases of 6.1's
 * lib/test_bitmap.c (groups "0-31:1/2", N, "all", separators, each
 * error and its errno), the sysfs printers, the 32-bit array
 * conversions with their tails, and regions.
 */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

#define T	(&umod_kapi_bitmap)

typedef int (*parselist_fn)(const char *, unsigned long *, int);
typedef int (*parse_fn)(const char *, unsigned int, unsigned long *, int);

static const struct {
	const char *in;
	unsigned long want;
	int nbits, err;
} lists[] = {
	{ "0", 0x1, 32, 0 },
	{ "1", 0x2, 32, 0 },
	{ "0-15", 0xffff, 32, 0 },
	{ "16-31", 0xffff0000, 32, 0 },
	{ "0-31:1/2", 0x55555555, 32, 0 },
	{ "1-31:1/2", 0xaaaaaaaa, 32, 0 },
	{ "0-31:1/4", 0x11111111, 32, 0 },
	{ "0-31:3/4", 0x77777777, 32, 0 },
	{ "0-31:4/4", 0xffffffff, 32, 0 },
	/* 9-12, 19-22, 29-32: the group after that would start past 38 */
	{ "9-38:4/10", 0x1e0781e00ul, 64, 0 },
	{ "all:1/2", 0x5555555555555555ul, 64, 0 },
	{ "ALL", 0xffff, 16, 0 },
	{ "N", 1ul << 15, 16, 0 },
	{ "0-N", 0xffff, 16, 0 },
	{ " , ,  ,,0,1", 0x3, 32, 0 },
	{ "0 1\n5", 0x3, 32, 0 },
	{ "", 0, 32, 0 },
	{ "-1", 0, 32, -EINVAL },
	{ "-0", 0, 32, -EINVAL },
	{ "10-1", 0, 32, -EINVAL },
	{ "0-31:", 0, 32, -EINVAL },
	{ "0-31:4", 0, 32, -EINVAL },
	{ "0-31:0", 0, 32, -EINVAL },
	{ "0-31:4/", 0, 32, -EINVAL },
	{ "0-31:4/0", 0, 32, -EINVAL },
	{ "0-31:5/4", 0, 32, -EINVAL },
	{ "a", 0, 32, -EINVAL },
	{ "0-31:a/4", 0, 32, -EINVAL },
	{ "3:1/2", 0, 32, -EINVAL },
	{ "0-32", 0, 32, -ERANGE },
	{ "32", 0, 32, -ERANGE },
	{ "4294967296", 0, 32, -EOVERFLOW },
	{ "0-31:1/2x", 0, 32, -EINVAL },
	{ "0-100:1/2x", 0, 32, -ERANGE },
};

static void parselist_cases(void **state)
{
	parselist_fn f = KAPI_FN(T, "bitmap_parselist", parselist_fn);

	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
		unsigned long map[2] = { ~0ul, ~0ul };
		int err = f(lists[i].in, map, lists[i].nbits);

		if (err != lists[i].err)
			fail_msg("\"%s\": %d, expected %d", lists[i].in, err, lists[i].err);
		if (lists[i].nbits < 64)
			map[0] &= (1ul << lists[i].nbits) - 1;
		if (!err && map[0] != lists[i].want)
			fail_msg("\"%s\": %#lx, expected %#lx", lists[i].in, map[0], lists[i].want);
	}
}

static const struct {
	const char *in;
	unsigned long want[2];
	int nbits, err;
} hexes[] = {
	{ "0", { 0 }, 32, 0 },
	{ "1", { 1 }, 32, 0 },
	{ "deadbeef", { 0xdeadbeef }, 32, 0 },
	{ "1,0", { 0x100000000ul }, 64, 0 },
	{ "deadbeef,\n,0,1", { 0xdeadbeef }, 32, 0 },
	{ "  deadbeef ,  1 ", { 0xdeadbeef00000001ul }, 64, 0 },
	{ "1,deadbeef,2", { 0xdeadbeef00000002ul, 1 }, 65, 0 },
	{ ",,,,", { 0 }, 64, 0 },
	{ "", { 0 }, 64, 0 },
	{ "1deadbeef", { 0 }, 64, -EOVERFLOW },
	{ "1,2,3", { 0 }, 64, -EOVERFLOW },
	{ "1,0", { 0 }, 32, -EOVERFLOW },
	{ "10", { 0 }, 4, -EOVERFLOW },
	{ "f", { 0xf }, 4, 0 },
	{ "g", { 0 }, 32, -EINVAL },
	{ "1 g", { 0 }, 32, -EINVAL },
};

static void parse_cases(void **state)
{
	parse_fn f = KAPI_FN(T, "bitmap_parse", parse_fn);

	for (size_t i = 0; i < sizeof(hexes) / sizeof(hexes[0]); i++) {
		unsigned long map[2] = { ~0ul, ~0ul };
		int err = f(hexes[i].in, UINT_MAX, map, hexes[i].nbits);

		if (err != hexes[i].err)
			fail_msg("\"%s\": %d, expected %d", hexes[i].in, err, hexes[i].err);
		/* the bits past nbits in the last word are not the parser's */
		if (hexes[i].nbits < 64)
			map[0] &= (1ul << hexes[i].nbits) - 1;
		if (!err && (map[0] != hexes[i].want[0] ||
			     (hexes[i].nbits > 64 && (map[1] & 1) != hexes[i].want[1])))
			fail_msg("\"%s\": %#lx %#lx", hexes[i].in, map[1], map[0]);
	}
	/* @buflen ends the string too */
	{
		unsigned long map[1];

		assert_int_equal(f("ff,1", 2, map, 64), 0);
		assert_int_equal(map[0], 0xff);
	}
}

static void printers(void **state)
{
	int (*print)(bool, char *, const unsigned long *, int) =
		kapi_in(T, "bitmap_print_to_pagebuf");
	char *page = aligned_alloc(4096, 4096);
	unsigned long map[2] = { 0x8000000000000f0dul, 0x3 };

	assert_non_null(page);
	assert_int_equal(print(true, page, map, 66), 17);
	assert_string_equal(page, "0,2-3,8-11,63-65\n");
	assert_int_equal(print(false, page, map, 66), 20);
	assert_string_equal(page, "3,80000000,00000f0d\n");
	/* near the end of the page: cut there, as scnprintf() cuts */
	assert_int_equal(print(true, page + 4090, map, 66), 5);
	assert_string_equal(page + 4090, "0,2-3");
	free(page);
}

static void arrays_of_u32(void **state)
{
	void (*from)(unsigned long *, const uint32_t *, unsigned int) =
		kapi_in(T, "bitmap_from_arr32");
	void (*to)(uint32_t *, const unsigned long *, unsigned int) =
		kapi_in(T, "bitmap_to_arr32");
	static const uint32_t in[3] = { 0x11111111, 0x22222222, 0xffffffff };
	unsigned long map[2] = { 0, ~0ul };
	uint32_t out[3] = { 0, 0, 0x12345678 };

	from(map, in, 70);
	assert_int_equal(map[0], 0x2222222211111111ul);
	/* only bits 64..69 of the third word, the rest of its long cleared */
	assert_int_equal(map[1], 0x3f);
	to(out, map, 68);
	assert_int_equal(out[0], 0x11111111);
	assert_int_equal(out[1], 0x22222222);
	assert_int_equal(out[2], 0xf);
}

static void regions(void **state)
{
	int (*find)(unsigned long *, unsigned int, int) = kapi_in(T, "bitmap_find_free_region");
	void (*release)(unsigned long *, unsigned int, int) = kapi_in(T, "bitmap_release_region");
	int (*take)(unsigned long *, unsigned int, int) = kapi_in(T, "bitmap_allocate_region");
	unsigned long map[1] = { 0x2 };

	/* bit 1 taken: the first free aligned pair is 2-3, the first four 4-7 */
	assert_int_equal(find(map, 16, 1), 2);
	assert_int_equal(find(map, 16, 2), 4);
	assert_int_equal(map[0], 0xfe);
	assert_int_equal(take(map, 8, 3), 0);
	assert_int_equal(take(map, 8, 3), -EBUSY);
	release(map, 8, 3);
	assert_int_equal(find(map, 16, 4), -ENOMEM);
	assert_int_equal(map[0], 0xfe);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parselist_cases),
		cmocka_unit_test(parse_cases),
		cmocka_unit_test(printers),
		cmocka_unit_test(arrays_of_u32),
		cmocka_unit_test(regions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
