// SPDX-License-Identifier: MIT
/*
 * lib/cmdline.c (test_cmdline.c is kernel/module/cmdline.c's):
 * get_option()'s four answers, get_options() with ranges, a full array
 * and the count-only mode, memparse()'s suffixes and where it stops.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

#define T	(&umod_kapi_cmdline)

typedef int (*option_fn)(char **, int *);
typedef char *(*options_fn)(const char *, int, int *);
typedef unsigned long long (*memparse_fn)(const char *, char **);

static void one_option(void **state)
{
	option_fn f = KAPI_FN(T, "get_option", option_fn);
	char buf[] = "10,-0x10,7-9,x";
	char *s = buf, *dash = (char[]){ "-" }, *empty = (char[]){ "" };
	int v = 0;

	assert_int_equal(f(&s, &v), 2);
	assert_int_equal(v, 10);
	assert_int_equal(f(&s, &v), 2);
	assert_int_equal(v, -16);
	assert_int_equal(f(&s, &v), 3);
	assert_int_equal(v, 7);
	assert_string_equal(s, "-9,x");
	s = strchr(buf, 'x');
	assert_int_equal(f(&s, &v), 0);
	/* a lone '-' is no number, but it is consumed */
	s = dash;
	assert_int_equal(f(&s, NULL), 0);
	assert_string_equal(s, "");
	s = empty;
	assert_int_equal(f(&s, &v), 0);
	s = NULL;
	assert_int_equal(f(&s, &v), 0);
	s = (char[]){ "42" };
	assert_int_equal(f(&s, &v), 1);
	assert_int_equal(v, 42);
}

static void option_lists(void **state)
{
	options_fn f = KAPI_FN(T, "get_options", options_fn);
	int ints[8];
	char *end;

	end = f("1,3-6,9", 8, ints);
	assert_int_equal(ints[0], 6);
	assert_int_equal(ints[1], 1);
	assert_int_equal(ints[2], 3);
	assert_int_equal(ints[5], 6);
	assert_int_equal(ints[6], 9);
	assert_string_equal(end, "");
	/* the array is full after three: the rest stays in the string */
	end = f("1,2,3,4,5", 4, ints);
	assert_int_equal(ints[0], 3);
	assert_int_equal(ints[3], 3);
	assert_string_equal(end, "4,5");
	/* a range longer than the room left is cut, but counted whole, as 6.1 counts it */
	end = f("0-100", 4, ints);
	assert_int_equal(ints[0], 100);
	assert_int_equal(ints[3], 2);
	/* stops at what is not a number */
	end = f("5,x,6", 8, ints);
	assert_int_equal(ints[0], 1);
	assert_string_equal(end, "x,6");
	/* nints 0: counts without storing (ranges included) */
	f("1,3-6,9", 0, ints);
	assert_int_equal(ints[0], 6);
}

static void sizes(void **state)
{
	memparse_fn f = KAPI_FN(T, "memparse", memparse_fn);
	char *end;

	assert_int_equal(f("4096", &end), 4096);
	assert_string_equal(end, "");
	assert_int_equal(f("64k", NULL), 64 << 10);
	assert_int_equal(f("16M", NULL), 16 << 20);
	assert_int_equal(f("2g", NULL), 2ull << 30);
	assert_int_equal(f("1T", NULL), 1ull << 40);
	assert_int_equal(f("1p", NULL), 1ull << 50);
	assert_int_equal(f("1E", NULL), 1ull << 60);
	assert_int_equal(f("0x10K", &end), 16 << 10);
	assert_string_equal(end, "");
	/* one suffix only, and anything else stops the number */
	assert_int_equal(f("3KB", &end), 3 << 10);
	assert_string_equal(end, "B");
	assert_int_equal(f("7x", &end), 7);
	assert_string_equal(end, "x");
	assert_int_equal(f("abc", &end), 0);
	assert_string_equal(end, "abc");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(one_option),
		cmocka_unit_test(option_lists),
		cmocka_unit_test(sizes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
