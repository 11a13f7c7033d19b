// SPDX-License-Identifier: MIT
/*
 * util/symvers.c: Module.symvers lines as modpost writes them parse into
 * their fields; each kind of malformed line is refused with -EINVAL and
 * "file:line: reason"; writing gives the kernel's exact format back.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/symvers.h"

struct seen {
	struct umod_symvers_entry e[8];
	char strings[8][3][128];
	int n;
};

static int collect(const struct umod_symvers_entry *e, void *data)
{
	struct seen *s = data;

	if (s->n == 8)
		return -E2BIG;
	s->e[s->n] = *e;
	s->e[s->n].name = strcpy(s->strings[s->n][0], e->name);
	s->e[s->n].module = strcpy(s->strings[s->n][1], e->module);
	s->e[s->n].ns = strcpy(s->strings[s->n][2], e->ns);
	s->n++;
	return 0;
}

static int parse(const char *text, struct seen *s, char *err, size_t errsize)
{
	memset(s, 0, sizeof(*s));
	err[0] = '\0';
	return umod_symvers_parse("M.symvers", text, strlen(text), collect, s, err, errsize);
}

static void good_lines(void **state)
{
	static const char text[] =
		"0x1234abcd\tprintk\tvmlinux\tEXPORT_SYMBOL\t\n"
		"0x00000000\tgpl_fn\t/abs/dir/exporter\tEXPORT_SYMBOL_GPL\tMY_NS\n"
		"0xFFFFFFFF\tlast\tm\tEXPORT_SYMBOL\t";	/* no final newline */
	struct seen s;
	char err[128];

	assert_int_equal(parse(text, &s, err, sizeof(err)), 0);
	assert_int_equal(s.n, 3);
	assert_true(s.e[0].crc == 0x1234abcd);
	assert_string_equal(s.e[0].name, "printk");
	assert_string_equal(s.e[0].module, "vmlinux");
	assert_false(s.e[0].gpl);
	assert_string_equal(s.e[0].ns, "");
	assert_int_equal(s.e[0].line, 1);
	assert_true(s.e[1].gpl);
	assert_string_equal(s.e[1].module, "/abs/dir/exporter");
	assert_string_equal(s.e[1].ns, "MY_NS");
	assert_true(s.e[2].crc == 0xffffffffu);
	assert_int_equal(s.e[2].line, 3);
	/* an empty file is a valid, empty list */
	assert_int_equal(parse("", &s, err, sizeof(err)), 0);
	assert_int_equal(s.n, 0);
}

static void expect_bad(const char *text, const char *message)
{
	struct seen s;
	char err[256];

	assert_int_equal(parse(text, &s, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, message);
}

/* one case per rule of the format */
static void malformed_lines(void **state)
{
	expect_bad("0x0\tf\tm\tEXPORT_SYMBOL\n",
		   "M.symvers:1: too few fields (expected 5 tab-separated fields)");
	expect_bad("0x0\tf\tm\tEXPORT_SYMBOL\tns\textra\n",
		   "M.symvers:1: too many fields (expected 5 tab-separated fields)");
	expect_bad("0x0\tok\tm\tEXPORT_SYMBOL\t\n\n",
		   "M.symvers:2: too few fields (expected 5 tab-separated fields)");
	expect_bad("1234\tf\tm\tEXPORT_SYMBOL\t\n", "M.symvers:1: bad CRC '1234'");
	expect_bad("0x\tf\tm\tEXPORT_SYMBOL\t\n", "M.symvers:1: bad CRC '0x'");
	expect_bad("0x123456789\tf\tm\tEXPORT_SYMBOL\t\n", "M.symvers:1: bad CRC '0x123456789'");
	expect_bad("0x12g4\tf\tm\tEXPORT_SYMBOL\t\n", "M.symvers:1: bad CRC '0x12g4'");
	expect_bad("\tf\tm\tEXPORT_SYMBOL\t\n", "M.symvers:1: bad CRC ''");
	expect_bad("0x0\t\tm\tEXPORT_SYMBOL\t\n", "M.symvers:1: empty symbol name");
	expect_bad("0x0\tf\t\tEXPORT_SYMBOL\t\n", "M.symvers:1: empty module name");
	expect_bad("0x0\tf\tm\tEXPORT_SYMBOL_FOO\t\n",
		   "M.symvers:1: f: unknown license EXPORT_SYMBOL_FOO");
	expect_bad("0x0\tf\tm\tEXPORT_SYMBOL\t\n0x0\tg\tm\tEXPORT_SYMBOL\tns\n"
		   "0x0\th\tm\texport_symbol\t\n",
		   "M.symvers:3: h: unknown license export_symbol");
}

static void nul_byte_refused(void **state)
{
	static const char text[] = "0x0\tf\tm\tEXPORT_SYMBOL\t\n0x0\tg\0x\tm\tEXPORT_SYMBOL\t\n";
	struct seen s = { .n = 0 };
	char err[128];

	assert_int_equal(umod_symvers_parse("M.symvers", text, sizeof(text) - 1, collect, &s,
					    err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "M.symvers:2: NUL byte in line");
	assert_int_equal(s.n, 1);	/* the lines before were delivered */
}

/* the input need not be NUL-terminated: nothing past len is read */
static void bounded_by_len(void **state)
{
	char *buf = malloc(22);
	struct seen s = { .n = 0 };
	char err[128];

	memcpy(buf, "0x0\tf\tm\tEXPORT_SYMBOL\t", 22);
	assert_int_equal(umod_symvers_parse("M", buf, 22, collect, &s, err, sizeof(err)), 0);
	assert_int_equal(s.n, 1);
	assert_string_equal(s.e[0].ns, "");
	free(buf);
}

static int stop_at_second(const struct umod_symvers_entry *e, void *data)
{
	return ++*(int *)data == 2 ? 7 : 0;
}

static void callback_stops(void **state)
{
	static const char text[] = "0x0\ta\tm\tEXPORT_SYMBOL\t\n0x0\tb\tm\tEXPORT_SYMBOL\t\n"
				   "bad line\n";
	char err[16];
	int n = 0;

	assert_int_equal(umod_symvers_parse("M", text, strlen(text), stop_at_second, &n,
					    err, sizeof(err)), 7);
	assert_int_equal(n, 2);
	/* a small error buffer truncates, never overflows */
	assert_int_equal(umod_symvers_parse("long/path/M.symvers", "x\n", 2, stop_at_second,
					    &n, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "long/path/M.sym");
}

static void write_format(void **state)
{
	struct umod_symvers_entry e = { 0xabc, "fn", "/dir/mod", "", true, 0 };
	char buf[256] = "";
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	umod_symvers_write(f, &e);
	e = (struct umod_symvers_entry){ 0, "g", "vmlinux", "NS", false, 0 };
	umod_symvers_write(f, &e);
	fclose(f);
	assert_string_equal(buf, "0x00000abc\tfn\t/dir/mod\tEXPORT_SYMBOL_GPL\t\n"
				 "0x00000000\tg\tvmlinux\tEXPORT_SYMBOL\tNS\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(good_lines),
		cmocka_unit_test(malformed_lines),
		cmocka_unit_test(nul_byte_refused),
		cmocka_unit_test(bounded_by_len),
		cmocka_unit_test(callback_stops),
		cmocka_unit_test(write_format),
	};

	return cmocka_run_group_tests_name("symvers", tests, NULL, NULL);
}
