// SPDX-License-Identifier: MIT
/*
 * lib/string.c and lib/ctype.c: strscpy's cut and -E2BIG, and the
 * Latin-1 character table. (The trimmers and matchers are
 * lib/string_helpers.c's, in test_string_helpers.c.)
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"
#include "lib/klib.h"

typedef ssize_t (*strscpy_fn)(char *, const char *, size_t);

static void copies(void **state)
{
	strscpy_fn scpy = KAPI_FN(&umod_kapi_string, "strscpy", strscpy_fn);
	char buf[6];

	assert_int_equal(scpy(buf, "hello", sizeof(buf)), 5);
	assert_string_equal(buf, "hello");
	/* cut, terminated, -E2BIG */
	assert_int_equal(scpy(buf, "hello!", sizeof(buf)), -E2BIG);
	assert_string_equal(buf, "hello");
	assert_int_equal(scpy(buf, "x", 0), -E2BIG);
	assert_string_equal(buf, "hello");
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
		cmocka_unit_test(copies),
		cmocka_unit_test(ctype_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
