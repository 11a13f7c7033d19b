// SPDX-License-Identifier: MIT
/*
 * lib/string_helpers.c: string_get_size()'s figures and rounding (6.1's
 * own test cases), string_unescape() class by class (octal that stops
 * before overflowing, a lone trailing backslash, the size limit, in
 * place), string_escape_mem() with each class, NP/NA/NAP, @only and
 * ESCAPE_APPEND, and the length it reports when cut; kstrdup_quotable,
 * string arrays, padding copies, trimmers and the sysfs matchers.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"
#include "kernel/module/internal.h"
#include "mm/internal.h"
#include "lib/klib.h"

#define T	(&umod_kapi_string_helpers)
#define GFP_KERNEL	0xcc0u

typedef void (*size_fn)(uint64_t, uint64_t, int, char *, int);
typedef int (*unescape_fn)(char *, char *, size_t, unsigned int);
typedef int (*escape_fn)(const char *, size_t, char *, size_t, unsigned int, const char *);

static void sizes(void **state)
{
	static const struct {
		uint64_t size, blk;
		const char *si, *bin;
	} cases[] = {
		{ 0, 512, "0 B", "0 B" },
		{ 1, 512, "512 B", "512 B" },
		{ 1, 1, "1.00 B", "1.00 B" },
		{ 1100, 1, "1.10 kB", "1.07 KiB" },
		{ 16384, 512, "8.39 MB", "8.00 MiB" },
		{ 500, 2048, "1.02 MB", "1000 KiB" },
		{ 8192, 4096, "33.6 MB", "32.0 MiB" },
		{ 999, 1, "999 B", "999 B" },
		{ 1024, 1, "1.02 kB", "1.00 KiB" },
		{ 1, 0, "0 B", "0 B" },
		{ ~0ull, 1, "18.4 EB", "16.0 EiB" },
		/* 2^128: past yotta, the unit is unknown */
		{ ~0ull, ~0ull, "340 UNK", "256 UNK" },
	};
	size_fn f = KAPI_FN(T, "string_get_size", size_fn);

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char buf[16];

		f(cases[i].size, cases[i].blk, 0, buf, sizeof(buf));
		if (strcmp(buf, cases[i].si))
			fail_msg("%llu x %llu: \"%s\", expected \"%s\"",
				 (unsigned long long)cases[i].size, (unsigned long long)cases[i].blk,
				 buf, cases[i].si);
		f(cases[i].size, cases[i].blk, 1, buf, sizeof(buf));
		if (strcmp(buf, cases[i].bin))
			fail_msg("%llu x %llu: \"%s\", expected \"%s\"",
				 (unsigned long long)cases[i].size, (unsigned long long)cases[i].blk,
				 buf, cases[i].bin);
	}
	/* the buffer's length cuts the text */
	{
		char small[5];

		f(16384, 512, 1, small, sizeof(small));
		assert_string_equal(small, "8.00");
	}
}

static void unescaping(void **state)
{
	unescape_fn f = KAPI_FN(T, "string_unescape", unescape_fn);
	static const struct {
		const char *in, *out;
		unsigned int flags;
	} cases[] = {
		{ "\\x41\\101\\n", "AA\n", 0xf },
		{ "\\q", "\\q", 0xf },
		{ "abc\\", "abc\\", 0xf },
		{ "\\1234", "S4", 0xf },
		/* 077 is 63, past 32: a third digit would overflow the byte */
		{ "\\777", "?7", 0xf },
		{ "\\xg", "\\xg", 0xf },
		{ "\\x4", "\x04", 0xf },
		{ "\\x414", "A4", 0xf },
		{ "\\\"\\\\\\a\\e", "\"\\\a\033", 0xf },
		{ "\\t\\v\\f\\r", "\t\v\f\r", 0x1 },
		/* only the classes asked for */
		{ "\\n\\x41", "\\nA", 0x4 },
		{ "\\n\\101", "\n\\101", 0x1 },
	};
	char buf[32];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char in[32];
		int n;

		strcpy(in, cases[i].in);
		n = f(in, buf, 0, cases[i].flags);
		if (strcmp(buf, cases[i].out) || n != (int)strlen(cases[i].out))
			fail_msg("\"%s\" gave \"%s\" (%d)", cases[i].in, buf, n);
	}
	/* @size counts the terminator: 4 keeps three characters */
	assert_int_equal(f((char[]){ "abcdef" }, buf, 4, 0), 3);
	assert_string_equal(buf, "abc");
	/* in place */
	{
		char s[] = "a\\tb\\x21";

		assert_int_equal(f(s, s, 0, 0xf), 4);
		assert_string_equal(s, "a\tb!");
	}
}

#define ESC_SPACE	0x01
#define ESC_SPECIAL	0x02
#define ESC_NULL	0x04
#define ESC_OCTAL	0x08
#define ESC_NP		0x10
#define ESC_HEX		0x20
#define ESC_NA		0x40
#define ESC_NAP		0x80
#define ESC_APPEND	0x100
#define ESC_ANY		(ESC_SPACE | ESC_OCTAL | ESC_SPECIAL | ESC_NULL)

static void escaping(void **state)
{
	escape_fn f = KAPI_FN(T, "string_escape_mem", escape_fn);
	static const struct {
		const char *in;
		size_t len;
		unsigned int flags;
		const char *only, *out;
	} cases[] = {
		{ "\n\ta b", 5, ESC_SPACE, NULL, "\\n\\ta b" },
		{ "\\\a\033\"", 4, ESC_SPECIAL, NULL, "\\\\\\a\\e\\\"" },
		{ "a\0b", 3, ESC_NULL, NULL, "a\\0b" },
		{ "\x01" "A", 2, ESC_OCTAL, NULL, "\\001\\101" },
		{ "\xff" "A", 2, ESC_HEX, NULL, "\\xff\\x41" },
		/* octal wins over hex */
		{ "A", 1, ESC_OCTAL | ESC_HEX, NULL, "\\101" },
		/* printable passes, Latin-1 letters included; the rest by class */
		{ "a\nb\x01\xe9", 5, ESC_ANY | ESC_NP, NULL, "a\\nb\\001\xe9" },
		{ "a\xe9", 2, ESC_NAP | ESC_HEX, NULL, "a\\xe9" },
		{ "\x01\xe9", 2, ESC_NA | ESC_HEX, NULL, "\x01\\xe9" },
		/* @only: what is not in it passes */
		{ "\t\n", 2, ESC_ANY, "\n", "\t\\n" },
		/* @only in it but of no class asked: passes too */
		{ "x", 1, ESC_SPACE, "x", "x" },
		/* ESCAPE_APPEND: @only's characters escaped although printable */
		{ "ab\x01", 3, ESC_NP | ESC_HEX | ESC_APPEND, "a", "\\x61b\\x01" },
	};
	char buf[64];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int n = f(cases[i].in, cases[i].len, buf, sizeof(buf), cases[i].flags,
			  cases[i].only);

		if (n != (int)strlen(cases[i].out) || memcmp(buf, cases[i].out, (size_t)n))
			fail_msg("case %zu: \"%.*s\" (%d), expected \"%s\"", i, n, buf, n,
				 cases[i].out);
	}
	/* cut: what fits is written, the whole length returned, no terminator */
	memset(buf, '#', sizeof(buf));
	assert_int_equal(f("\n\n", 2, buf, 3, ESC_SPACE, NULL), 4);
	assert_memory_equal(buf, "\\n\\#", 4);
	assert_int_equal(f("\n\n", 2, NULL, 0, ESC_SPACE, NULL), 4);
}

static void quotable_and_arrays(void **state)
{
	char *(*quotable)(const char *, unsigned int) = kapi_in(T, "kstrdup_quotable");
	char **(*strarray)(unsigned int, const char *, size_t) = kapi_in(T, "kasprintf_strarray");
	void (*free_strarray)(char **, size_t) = kapi_in(T, "kfree_strarray");
	char *q = quotable("a\"b\n\x7f", GFP_KERNEL);
	char **names = strarray(GFP_KERNEL, "gpio", 3);

	assert_string_equal(q, "a\\x22b\\x0a\x7f");
	umod_kfree(q);
	assert_null(quotable(NULL, GFP_KERNEL));
	assert_non_null(names);
	assert_string_equal(names[0], "gpio-0");
	assert_string_equal(names[2], "gpio-2");
	assert_null(names[3]);
	free_strarray(names, 3);
	free_strarray(NULL, 3);
}

static void copies(void **state)
{
	ssize_t (*pad)(char *, const char *, size_t) = kapi_in(T, "strscpy_pad");
	void (*and_pad)(void *, size_t, const void *, size_t, int) = kapi_in(T, "memcpy_and_pad");
	char buf[8];

	memset(buf, 'x', sizeof(buf));
	assert_int_equal(pad(buf, "ab", sizeof(buf)), 2);
	assert_memory_equal(buf, "ab\0\0\0\0\0\0", 8);
	assert_int_equal(pad(buf, "abcdefghij", sizeof(buf)), -E2BIG);
	assert_string_equal(buf, "abcdefg");
	and_pad(buf, sizeof(buf), "abc", 3, ' ');
	assert_memory_equal(buf, "abc     ", 8);
	and_pad(buf, 2, "xyz", 3, ' ');
	assert_memory_equal(buf, "xyc     ", 8);
}

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
	/* both stop at the first NULL, as 6.1's do */
	assert_int_equal(umod_match_string(modes, 4, "auto"), -EINVAL);
	assert_int_equal(umod_sysfs_match_string(modes, 4, "auto\n"), -EINVAL);
	assert_int_equal(umod_sysfs_match_string(modes, 4, "on\n"), 1);
	assert_int_equal(umod_sysfs_match_string(modes, 4, "of"), -EINVAL);
	/* n counts too */
	assert_int_equal(umod_match_string(modes, 1, "on"), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sizes),
		cmocka_unit_test(unescaping),
		cmocka_unit_test(escaping),
		cmocka_unit_test(quotable_and_arrays),
		cmocka_unit_test(copies),
		cmocka_unit_test(trimming),
		cmocka_unit_test(sysfs_comparisons),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
