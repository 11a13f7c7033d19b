// SPDX-License-Identifier: MIT
/*
 * lib/glob.c: the cases of 6.1's lib/globtest.c (classes, the corner
 * cases of class parsing, '?', backtracking over several '*'), and the
 * rules it leaves implicit: '^' is no inversion, a class that never
 * closes is a literal '[', a backslash quotes, a reversed range is empty.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

typedef bool (*glob_fn)(const char *, const char *);

static const struct {
	bool match;
	const char *pat, *str;
} cases[] = {
	/* basic */
	{ 1, "a", "a" }, { 0, "a", "b" }, { 0, "a", "aa" }, { 0, "a", "" },
	{ 1, "", "" }, { 0, "", "a" },
	/* classes */
	{ 1, "[a]", "a" }, { 0, "[a]", "b" }, { 0, "[!a]", "a" }, { 1, "[!a]", "b" },
	{ 1, "[ab]", "a" }, { 1, "[ab]", "b" }, { 0, "[ab]", "c" }, { 1, "[!ab]", "c" },
	{ 1, "[a-c]", "b" }, { 0, "[a-c]", "d" },
	/* corner cases of class parsing */
	{ 1, "[a-c-e-g]", "-" }, { 0, "[a-c-e-g]", "d" }, { 1, "[a-c-e-g]", "f" },
	{ 1, "[]a-ceg-ik[]", "a" }, { 1, "[]a-ceg-ik[]", "]" }, { 1, "[]a-ceg-ik[]", "[" },
	{ 1, "[]a-ceg-ik[]", "h" }, { 0, "[]a-ceg-ik[]", "f" },
	{ 0, "[!]a-ceg-ik[]", "h" }, { 0, "[!]a-ceg-ik[]", "]" }, { 1, "[!]a-ceg-ik[]", "f" },
	/* '?' */
	{ 1, "?", "a" }, { 0, "?", "aa" }, { 0, "??", "a" }, { 1, "?x?", "axb" },
	{ 0, "?x?", "abx" }, { 0, "?x?", "xab" },
	/* '*' and backtracking */
	{ 0, "*??", "a" }, { 1, "*??", "ab" }, { 1, "*??", "abc" }, { 1, "*??", "abcd" },
	{ 0, "??*", "a" }, { 1, "??*", "ab" }, { 1, "??*", "abc" }, { 1, "??*", "abcd" },
	{ 0, "?*?", "a" }, { 1, "?*?", "ab" }, { 1, "?*?", "abc" }, { 1, "?*?", "abcd" },
	{ 1, "*b", "b" }, { 1, "*b", "ab" }, { 0, "*b", "ba" }, { 1, "*b", "bb" },
	{ 1, "*b", "abb" }, { 1, "*b", "bab" }, { 1, "*bc", "abbc" }, { 1, "*bc", "bc" },
	{ 1, "*bc", "bbc" }, { 1, "*bc", "bcbc" },
	/* several '*' */
	{ 1, "*ac*", "abacadaeafag" }, { 1, "*ac*ae*ag*", "abacadaeafag" },
	{ 1, "*a*b*[bc]*[ef]*g*", "abacadaeafag" }, { 0, "*a*b*[ef]*[cd]*g*", "abacadaeafag" },
	{ 1, "*abcd*", "abcabcabcabcdefg" }, { 1, "*ab*cd*", "abcabcabcabcdefg" },
	{ 1, "*abcd*abcdef*", "abcabcdabcdeabcdefg" }, { 0, "*abcd*", "abcabcabcabcefg" },
	{ 0, "*ab*cd*", "abcabcabcabcefg" },
	/* beyond globtest.c */
	{ 0, "[^a]", "b" }, { 1, "[^a]", "^" },
	{ 1, "[ab", "[ab" }, { 0, "[ab", "a" }, { 1, "[a-", "[a-" },
	{ 1, "\\*", "*" }, { 0, "\\*", "a" }, { 1, "a\\?b", "a?b" },
	{ 0, "[z-a]", "m" }, { 1, "*/*", "dir/file" }, { 1, "*", "" },
	{ 1, "[a-]", "-" }, { 1, "[a-]]", "a]" },
};

static void globtest(void **state)
{
	glob_fn glob = KAPI_FN(&umod_kapi_glob, "glob_match", glob_fn);

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (glob(cases[i].pat, cases[i].str) != cases[i].match)
			fail_msg("\"%s\" vs. \"%s\": %s", cases[i].pat, cases[i].str,
				 cases[i].match ? "mismatch" : "match");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(globtest),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
