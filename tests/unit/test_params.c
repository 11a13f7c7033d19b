// SPDX-License-Identifier: MIT
/*
 * kernel/params.c: the argument splitter and parse_args() on a fake parameter
 * table, then every standard op's set and get, arrays and strings, with
 * the kernel's accepted values, errnos and messages.
 */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/module/module.h"
#include "kernel/params.h"

#include "helpers.h"

static struct capture cap;
static struct umod_host *host;
static struct umod_module *fake;
static struct module kmod;

static int setup(void **state)
{
	host = test_host_new(&cap);
	fake = host ? fake_module_new(host, "test", &kmod, NULL, 0) : NULL;
	return fake ? 0 : -1;
}

static int teardown(void **state)
{
	fake_module_free(fake);
	umod_host_unref(host);
	return 0;
}

/* ---- the splitter, through a parameter that records what it is given ------ */

static char seen[512];

static int record_set(const char *val, const struct kernel_param *kp)
{
	size_t n = strlen(seen);

	snprintf(seen + n, sizeof(seen) - n, "%s[%s=%s]", n ? " " : "", kp->name,
		 val ? val : "(none)");
	return 0;
}

static const struct kernel_param_ops record_ops = {
	.flags = KERNEL_PARAM_OPS_FL_NOARG, .set = record_set,
};

static const struct kernel_param rec_params[] = {
	{ .name = "a", .mod = &kmod, .ops = &record_ops, .level = -1 },
	{ .name = "b_c", .mod = &kmod, .ops = &record_ops, .level = -1 },
	{ .name = "d", .mod = &kmod, .ops = &record_ops, .level = -1 },
};

static int parse(const char *args, const struct kernel_param *kp, unsigned int n,
		 umod_parse_unknown_fn unknown)
{
	char *copy = strdup(args);
	int err;

	assert_non_null(copy);
	seen[0] = '\0';
	err = umod_parse_args(host->log, "test", copy, kp, n, unknown, NULL);
	free(copy);
	return err;
}

static void splits_as_the_kernel(void **state)
{
	static const struct { const char *args, *seen; } cases[] = {
		{ "", "" },
		{ "   ", "" },
		{ "a=1", "[a=1]" },
		{ "  a=1   d  ", "[a=1] [d=(none)]" },
		{ "a= d", "[a=] [d=(none)]" },
		{ "a=\"x y\" d", "[a=x y] [d=(none)]" },
		{ "\"a=x y\"", "[a=x y]" },
		{ "a=x\"y z\"", "[a=x\"y z\"]" },
		{ "a=b=c", "[a=b=c]" },
		{ "a=1,2,,3", "[a=1,2,,3]" },
		{ "b-c=2 b_c=3", "[b_c=2] [b_c=3]" },
		{ "a\tb-c=1\nd", "[a=(none)] [b_c=1] [d=(none)]" },
		{ "a=1 -- d=2", "[a=1]" },
		{ "a=\"unterminated d", "[a=unterminated d]" },
	};

	for (size_t i = 0; i < UMOD_ARRAY_SIZE(cases); i++) {
		assert_int_equal(parse(cases[i].args, rec_params, 3, NULL), 0);
		assert_string_equal(seen, cases[i].seen);
	}
}

static void names_are_case_sensitive_and_exact(void **state)
{
	assert_int_equal(parse("A=1", rec_params, 3, NULL), -ENOENT);
	assert_string_equal(capture_last(&cap), "test: Unknown parameter `A'");
	assert_int_equal(parse("b=1", rec_params, 3, NULL), -ENOENT);
	assert_int_equal(parse("b_c_=1", rec_params, 3, NULL), -ENOENT);
	assert_string_equal(seen, "");
	assert_true(umod_parameq("a-b_c", "a_b-c"));
	assert_false(umod_parameq("ab", "a"));
	assert_false(umod_parameq("a", "ab"));
}

static char unknown_seen[128];

static int unknown(char *param, char *val, const char *doing, void *arg)
{
	snprintf(unknown_seen, sizeof(unknown_seen), "%s:%s=%s", doing, param, val ? val : "(none)");
	return 0;
}

static void unknown_goes_to_the_callback(void **state)
{
	assert_int_equal(parse("zz=\"1 2\" a=3", rec_params, 3, unknown), 0);
	assert_string_equal(unknown_seen, "test:zz=1 2");
	assert_string_equal(seen, "[a=3]");
}

static int v_int;

static const struct kernel_param int_params[] = {
	{ .name = "i", .mod = &kmod, .ops = &umod_param_ops_int, .level = -1, .arg = &v_int },
};

static void stops_at_the_first_error(void **state)
{
	v_int = 5;
	cap.n = 0;
	assert_int_equal(parse("i=x i=2 zz=1", int_params, 1, NULL), -EINVAL);
	assert_int_equal(cap.n, 1);
	assert_string_equal(capture_last(&cap), "test: `x' invalid for parameter `i'");
	assert_int_equal(v_int, 5);
	assert_int_equal(parse("i=99999999999", int_params, 1, NULL), -ERANGE);
	assert_string_equal(capture_last(&cap), "test: `99999999999' invalid for parameter `i'");
	/* a bare name is no value: only NOARG types take it */
	assert_int_equal(parse("i", int_params, 1, NULL), -EINVAL);
	assert_string_equal(capture_last(&cap), "test: `' invalid for parameter `i'");
	assert_int_equal(parse("i=1 i=2", int_params, 1, NULL), 0);
	assert_int_equal(v_int, 2);
}

static void runs_without_a_host(void **state)
{
	static int v;
	static const struct kernel_param bare[] = {
		{ .name = "v", .ops = &umod_param_ops_int, .level = -1, .arg = &v },
	};
	char args[] = "v=7 nosuch=1";

	assert_int_equal(umod_parse_args(NULL, "fuzz", args, bare, 1, NULL, NULL), -ENOENT);
	assert_int_equal(v, 7);
}

/* ---- each op: set, then what get shows --------------------------------------- */

static union {
	unsigned char b;
	short s;
	unsigned short us;
	int i;
	unsigned int ui;
	long l;
	unsigned long ul;
	unsigned long long ull;
	bool bo;
	char *p;
	char raw[16];
} var;

struct op_case {
	const struct kernel_param_ops *ops;
	const char *val;		/* NULL: the bare name */
	int err;
	const char *shown;		/* after set, or after the failed set */
};

static void check_cases(const struct op_case *c, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct kernel_param kp = { .name = "p", .mod = &kmod, .ops = c[i].ops, .arg = &var };
		char page[UMOD_PAGE_SIZE];
		int len;

		memset(&var, 0, sizeof(var));
		var.raw[0] = 1;	/* a known old value: errors must keep it */
		assert_int_equal(c[i].ops->set(c[i].val, &kp), c[i].err);
		len = c[i].ops->get(page, &kp);
		assert_int_equal(len, strlen(c[i].shown));
		assert_string_equal(page, c[i].shown);
	}
}

static void integer_ops(void **state)
{
	static const struct op_case cases[] = {
		{ &umod_param_ops_byte, "255", 0, "255\n" },
		{ &umod_param_ops_byte, "256", -ERANGE, "1\n" },
		{ &umod_param_ops_byte, "-1", -EINVAL, "1\n" },
		{ &umod_param_ops_byte, "0x10", 0, "16\n" },
		{ &umod_param_ops_byte, "010", 0, "8\n" },
		{ &umod_param_ops_short, "-32768", 0, "-32768\n" },
		{ &umod_param_ops_short, "32768", -ERANGE, "1\n" },
		{ &umod_param_ops_short, "+5", 0, "5\n" },
		{ &umod_param_ops_ushort, "65535", 0, "65535\n" },
		{ &umod_param_ops_ushort, "-1", -EINVAL, "1\n" },
		{ &umod_param_ops_ushort, "65536", -ERANGE, "1\n" },
		{ &umod_param_ops_int, "-2147483648", 0, "-2147483648\n" },
		{ &umod_param_ops_int, "2147483648", -ERANGE, "1\n" },
		{ &umod_param_ops_int, "-0x10", 0, "-16\n" },
		{ &umod_param_ops_int, "7\n", 0, "7\n" },
		{ &umod_param_ops_int, "7 ", -EINVAL, "1\n" },
		{ &umod_param_ops_int, "", -EINVAL, "1\n" },
		{ &umod_param_ops_int, "0x", -EINVAL, "1\n" },
		{ &umod_param_ops_int, NULL, -EINVAL, "1\n" },
		{ &umod_param_ops_uint, "4294967295", 0, "4294967295\n" },
		{ &umod_param_ops_uint, "-1", -EINVAL, "1\n" },
		{ &umod_param_ops_long, "-9223372036854775808", 0, "-9223372036854775808\n" },
		{ &umod_param_ops_long, "9223372036854775808", -ERANGE, "1\n" },
		{ &umod_param_ops_ulong, "18446744073709551615", 0, "18446744073709551615\n" },
		{ &umod_param_ops_ullong, "18446744073709551615", 0, "18446744073709551615\n" },
		{ &umod_param_ops_ullong, "18446744073709551616", -ERANGE, "1\n" },
		{ &umod_param_ops_hexint, "16", 0, "0x000010\n" },
		{ &umod_param_ops_hexint, "0xffffffff", 0, "0xffffffff\n" },
		{ &umod_param_ops_hexint, "0x100000000", -ERANGE, "0x000001\n" },
	};

	check_cases(cases, UMOD_ARRAY_SIZE(cases));
}

static void bool_ops(void **state)
{
	static const struct op_case cases[] = {
		{ &umod_param_ops_bool, "y", 0, "Y\n" },
		{ &umod_param_ops_bool, "Yes", 0, "Y\n" },
		{ &umod_param_ops_bool, "1", 0, "Y\n" },
		{ &umod_param_ops_bool, "t", 0, "Y\n" },
		{ &umod_param_ops_bool, "on", 0, "Y\n" },
		{ &umod_param_ops_bool, "ON", 0, "Y\n" },
		{ &umod_param_ops_bool, NULL, 0, "Y\n" },
		{ &umod_param_ops_bool, "n", 0, "N\n" },
		{ &umod_param_ops_bool, "0", 0, "N\n" },
		{ &umod_param_ops_bool, "F", 0, "N\n" },
		{ &umod_param_ops_bool, "off", 0, "N\n" },
		{ &umod_param_ops_bool, "2", -EINVAL, "Y\n" },
		{ &umod_param_ops_bool, "", -EINVAL, "Y\n" },
		{ &umod_param_ops_bool, "o", -EINVAL, "Y\n" },
		/* invbool shows what it was given: the inverse of what it stores */
		{ &umod_param_ops_invbool, "y", 0, "Y\n" },
		{ &umod_param_ops_invbool, "n", 0, "N\n" },
		{ &umod_param_ops_invbool, "x", -EINVAL, "N\n" },
		{ &umod_param_ops_bint, "y", 0, "1\n" },
		{ &umod_param_ops_bint, NULL, 0, "1\n" },
		{ &umod_param_ops_bint, "off", 0, "0\n" },
	};
	struct kernel_param kp = { .name = "p", .mod = &kmod, .arg = &var };

	check_cases(cases, UMOD_ARRAY_SIZE(cases));
	assert_int_equal(umod_param_ops_bool.flags, KERNEL_PARAM_OPS_FL_NOARG);
	assert_int_equal(umod_param_ops_bint.flags, KERNEL_PARAM_OPS_FL_NOARG);
	assert_int_equal(umod_param_ops_invbool.flags, 0);
	var.bo = false;
	assert_int_equal(umod_param_set_invbool("y", &kp), 0);
	assert_false(var.bo);
	/* bool_enable_only: on, and once on never off again */
	var.bo = false;
	assert_int_equal(umod_param_set_bool_enable_only("n", &kp), 0);
	assert_false(var.bo);
	assert_int_equal(umod_param_set_bool_enable_only(NULL, &kp), 0);
	assert_true(var.bo);
	assert_int_equal(umod_param_set_bool_enable_only("n", &kp), -EROFS);
	assert_int_equal(umod_param_set_bool_enable_only("y", &kp), 0);
	assert_true(var.bo);
}

static void charp_copies(void **state)
{
	struct kernel_param kp = { .name = "p", .mod = &kmod, .arg = &var.p };
	char page[UMOD_PAGE_SIZE], *big = malloc(1026);
	char *first;

	assert_non_null(big);
	var.p = NULL;
	assert_int_equal(umod_param_get_charp(page, &kp), 7);
	assert_string_equal(page, "(null)\n");
	var.p = "literal";	/* never freed: not ours */
	assert_int_equal(umod_param_set_charp("hello", &kp), 0);
	first = var.p;
	assert_string_equal(first, "hello");
	assert_int_equal(umod_param_set_charp("world\n", &kp), 0);
	assert_ptr_not_equal(var.p, first);
	assert_int_equal(umod_param_get_charp(page, &kp), 7);
	assert_string_equal(page, "world\n\n");
	memset(big, 'x', 1025);
	big[1025] = '\0';
	assert_int_equal(umod_param_set_charp(big, &kp), -ENOSPC);
	assert_string_equal(capture_last(&cap), "p: string parameter too long");
	assert_string_equal(var.p, "world\n");
	big[1024] = '\0';
	assert_int_equal(umod_param_set_charp(big, &kp), 0);
	assert_int_equal(strlen(var.p), 1024);
	umod_param_free_charp(&var.p);
	free(big);
}

static void string_copies_into_its_buffer(void **state)
{
	static char buf[8] = "label";
	static const struct kparam_string ks = { sizeof(buf), buf };
	struct kernel_param kp = { .name = "s", .mod = &kmod, .str = &ks };
	char page[UMOD_PAGE_SIZE];

	assert_int_equal(umod_param_set_copystring("1234567", &kp), 0);
	assert_int_equal(umod_param_get_string(page, &kp), 8);
	assert_string_equal(page, "1234567\n");
	assert_int_equal(umod_param_set_copystring("12345678", &kp), -ENOSPC);
	assert_string_equal(capture_last(&cap), "s: string doesn't fit in 7 chars.");
	assert_string_equal(buf, "1234567");
	assert_int_equal(umod_param_set_copystring("", &kp), 0);
	assert_int_equal(umod_param_get_string(page, &kp), 1);
}

/* ---- arrays ---------------------------------------------------------------- */

static int arr[4];
static unsigned int arr_num;

static const struct kparam_array int_arr = {
	.max = 4, .elemsize = sizeof(int), .num = &arr_num, .ops = &umod_param_ops_int, .elem = arr,
};

static int array_set(const char *val, const struct kparam_array *a, char *shown)
{
	struct kernel_param kp = { .name = "arr", .mod = &kmod, .arr = a };
	char *copy = strdup(val);
	int err;

	assert_non_null(copy);
	err = umod_param_array_ops.set(copy, &kp);
	/* what parse_args() would quote: the value as the op left it */
	if (shown)
		strcpy(shown, copy);
	free(copy);
	return err;
}

static const char *array_get(const struct kparam_array *a)
{
	static char page[UMOD_PAGE_SIZE];
	struct kernel_param kp = { .name = "arr", .mod = &kmod, .arr = a };
	int n = umod_param_array_ops.get(page, &kp);

	assert_int_equal(n, strlen(page));
	return page;
}

static void arrays(void **state)
{
	char shown[64];

	assert_int_equal(array_set("7", &int_arr, NULL), 0);
	assert_int_equal(arr_num, 1);
	assert_string_equal(array_get(&int_arr), "7\n");
	assert_int_equal(array_set("1,2,3,0x10", &int_arr, NULL), 0);
	assert_int_equal(arr_num, 4);
	assert_string_equal(array_get(&int_arr), "1,2,3,16\n");
	cap.n = 0;
	assert_int_equal(array_set("1,2,3,4,5", &int_arr, shown), -EINVAL);
	assert_string_equal(capture_last(&cap), "arr: can only take 4 arguments");
	assert_string_equal(shown, "1");
	/* empty elements are invalid; the count says how far it got */
	assert_int_equal(array_set("5,,6", &int_arr, shown), -EINVAL);
	assert_string_equal(shown, "5");
	assert_int_equal(arr_num, 1);
	assert_int_equal(array_set("5,6,", &int_arr, NULL), -EINVAL);
	assert_int_equal(array_set("", &int_arr, shown), -EINVAL);
	assert_string_equal(shown, "");
	assert_int_equal(array_set("1,99999999999", &int_arr, NULL), -ERANGE);
	assert_int_equal(umod_param_array_ops.set(NULL, &(struct kernel_param){ .arr = &int_arr }),
			 -EINVAL);
	/* nothing given: an empty file */
	arr_num = 0;
	assert_string_equal(array_get(&int_arr), "");
}

static void array_without_count_shows_all(void **state)
{
	static unsigned short us[3] = { 1, 2, 3 };
	static const struct kparam_array a = {
		.max = 3, .elemsize = sizeof(us[0]), .ops = &umod_param_ops_ushort, .elem = us,
	};

	assert_string_equal(array_get(&a), "1,2,3\n");
	assert_int_equal(array_set("9", &a, NULL), 0);
	assert_string_equal(array_get(&a), "9,2,3\n");
	assert_int_equal(array_set("1,-1", &a, NULL), -EINVAL);
}

static void array_of_charp_frees_every_copy(void **state)
{
	static char *names[3] = { "a", "b", "c" };
	static unsigned int n;
	static const struct kparam_array a = {
		.max = 3, .elemsize = sizeof(char *), .num = &n, .ops = &umod_param_ops_charp,
		.elem = names,
	};

	assert_int_equal(array_set("x,y,z", &a, NULL), 0);
	assert_int_equal(array_set("p", &a, NULL), 0);
	assert_string_equal(array_get(&a), "p\n");
	assert_string_equal(names[2], "z");
	/* the elements past the count are freed too (the sanitizer build checks) */
	umod_param_array_ops.free((void *)&a);
}

static void array_get_stops_at_a_page(void **state)
{
	static char *big[8];
	static const struct kparam_array a = {
		.max = 8, .elemsize = sizeof(char *), .ops = &umod_param_ops_charp, .elem = big,
	};
	char *s = malloc(1001);

	assert_non_null(s);
	memset(s, 'x', 1000);
	s[1000] = '\0';
	for (int i = 0; i < 8; i++)
		big[i] = s;
	/* four 1001-byte elements fit a 4096-byte page, a fifth does not */
	assert_int_equal(strlen(array_get(&a)), 4 * 1001);
	free(s);
}

static void uint_minmax(void **state)
{
	unsigned int v = 3;
	struct kernel_param kp = { .name = "l", .arg = &v };

	assert_int_equal(umod_param_set_uint_minmax("7", &kp, 0, 7), 0);
	assert_int_equal(v, 7);
	assert_int_equal(umod_param_set_uint_minmax("8", &kp, 0, 7), -EINVAL);
	assert_int_equal(umod_param_set_uint_minmax("x", &kp, 0, 7), -EINVAL);
	assert_int_equal(umod_param_set_uint_minmax("4294967296", &kp, 0, 7), -ERANGE);
	assert_int_equal(umod_param_set_uint_minmax(NULL, &kp, 0, 7), -EINVAL);
	assert_int_equal(v, 7);
}

static void frees_on_unload(void **state)
{
	static char *p = "literal";
	static const struct kernel_param kp[] = {
		{ .name = "p", .mod = &kmod, .ops = &umod_param_ops_charp, .arg = &p },
		{ .name = "i", .mod = &kmod, .ops = &umod_param_ops_int, .arg = &v_int },
	};

	/* a literal is left alone, a copy is freed (the sanitizer build checks) */
	umod_params_free(kp, 2);
	assert_int_equal(umod_param_set_charp("copy", &kp[0]), 0);
	umod_params_free(kp, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(splits_as_the_kernel),
		cmocka_unit_test(names_are_case_sensitive_and_exact),
		cmocka_unit_test(unknown_goes_to_the_callback),
		cmocka_unit_test(stops_at_the_first_error),
		cmocka_unit_test(runs_without_a_host),
		cmocka_unit_test(integer_ops),
		cmocka_unit_test(bool_ops),
		cmocka_unit_test(charp_copies),
		cmocka_unit_test(string_copies_into_its_buffer),
		cmocka_unit_test(arrays),
		cmocka_unit_test(array_without_count_shows_all),
		cmocka_unit_test(array_of_charp_frees_every_copy),
		cmocka_unit_test(array_get_stops_at_a_page),
		cmocka_unit_test(uint_minmax),
		cmocka_unit_test(frees_on_unload),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
