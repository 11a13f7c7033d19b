// SPDX-License-Identifier: MIT
/*
 * lib/string.c and lib/ctype.c: strim/skip_spaces with the kernel's
 * white space, sysfs_streq's one trailing newline, match_string's stop at
 * NULL, and the Latin-1 character table.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "lib/klib.h"

static void trimming(void **state)
{
	char s[] = " \t\v hello world \n\f ";
	char empty[] = "";

	assert_string_equal(umod_strim(s), "hello world");
	assert_string_equal(umod_skip_spaces("\n\r x "), "x ");
	assert_string_equal(umod_strim(empty), "");
}

static void sysfs_comparisons(void **state)
{
	static const char *const modes[] = { "off", "on", NULL, "auto" };

	assert_true(umod_sysfs_streq("on", "on\n"));
	assert_true(umod_sysfs_streq("on\n", "on"));
	assert_true(umod_sysfs_streq("on", "on"));
	assert_false(umod_sysfs_streq("on", "on\n\n"));
	assert_false(umod_sysfs_streq("on", "o"));
	assert_int_equal(umod_match_string(modes, 4, "on"), 1);
	/* match_string stops at the first NULL, sysfs_match_string skips it */
	assert_int_equal(umod_match_string(modes, 4, "auto"), -EINVAL);
	assert_int_equal(umod_sysfs_match_string(modes, 4, "auto\n"), 3);
	assert_int_equal(umod_sysfs_match_string(modes, 4, "of"), -EINVAL);
}

static void ctype_table(void **state)
{
	/* upper 0x01, lower 0x02, digit 0x04, cntrl 0x08, punct 0x10, space 0x20, xdigit 0x40 */
	assert_int_equal(umod_ctype['A'], 0x41);
	assert_int_equal(umod_ctype['g'], 0x02);
	assert_int_equal(umod_ctype['7'], 0x04);
	assert_int_equal(umod_ctype[' '], 0xa0);
	assert_int_equal(umod_ctype['\v'], 0x28);
	assert_int_equal(umod_ctype['~'], 0x10);
	assert_int_equal(umod_ctype[0x7f], 0x08);
	/* Latin-1: letters, the no-break space, and × ÷ as punctuation */
	assert_int_equal(umod_ctype[0xc9], 0x01);
	assert_int_equal(umod_ctype[0xe9], 0x02);
	assert_int_equal(umod_ctype[0xa0], 0xa0);
	assert_int_equal(umod_ctype[0xd7], 0x10);
	assert_int_equal(umod_ctype[0xf7], 0x10);
	assert_int_equal(umod_ctype[0x85], 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(trimming),
		cmocka_unit_test(sysfs_comparisons),
		cmocka_unit_test(ctype_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
