// SPDX-License-Identifier: MIT
/*
 * libkmod/modname.c: module names from paths, alias normalisation (dashes,
 * bracket classes, unmatched brackets, overlong input) and glob matching.
 */
#include <errno.h>
#include <fnmatch.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "libkmod/libkmod.h"

static void names_from_paths(void **state)
{
	char buf[64];

	assert_int_equal(umod_modname_from_path("kernel/drivers/usb/usb-storage.ko", buf, sizeof(buf)), 11);
	assert_string_equal(buf, "usb_storage");
	assert_int_equal(umod_modname_from_path("x/a-b.ko.xz", buf, sizeof(buf)), 3);
	assert_string_equal(buf, "a_b");
	assert_int_equal(umod_modname_from_path("snd-hda", buf, sizeof(buf)), 7);
	assert_string_equal(buf, "snd_hda");
	assert_int_equal(umod_modname_from_path("dir/", buf, sizeof(buf)), 0);
	assert_int_equal(umod_modname_from_path("foo.bar.ko", buf, sizeof(buf)), 3);
	assert_int_equal(umod_modname_from_path("abcdef.ko", buf, 6), -ENAMETOOLONG);
	assert_int_equal(umod_modname_from_path("abcde.ko", buf, 6), 5);
	assert_int_equal(umod_modname_from_path("", buf, 0), -ENAMETOOLONG);
}

static void aliases_normalized(void **state)
{
	char buf[64];

	assert_int_equal(umod_alias_normalize("char-major-250-*", buf, sizeof(buf)), 16);
	assert_string_equal(buf, "char_major_250_*");
	/* a class keeps its '-': it is a range */
	assert_true(umod_alias_normalize("pci:v[0-9]d-x", buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "pci:v[0-9]d_x");
	assert_int_equal(umod_alias_normalize("a[0-9", buf, sizeof(buf)), -EINVAL);
	assert_int_equal(umod_alias_normalize("a]b", buf, sizeof(buf)), -EINVAL);
	assert_int_equal(umod_alias_normalize("[", buf, sizeof(buf)), -EINVAL);
	assert_int_equal(umod_alias_normalize("abcdef", buf, 6), -ENAMETOOLONG);
	assert_int_equal(umod_alias_normalize("ab[cdef]", buf, 6), -ENAMETOOLONG);
	assert_int_equal(umod_alias_normalize("", buf, sizeof(buf)), 0);
}

static void globs_match(void **state)
{
	assert_true(umod_alias_match("char_major_250_*", "char_major_250_3"));
	assert_false(umod_alias_match("char_major_250_*", "char_major_251_3"));
	assert_true(umod_alias_match("pci:v0000[0-9]*", "pci:v00008086"));
	assert_true(umod_alias_match("a?c", "abc"));
	assert_false(umod_alias_match("abc", "abcd"));
}

/* the literal prefix is compared before fnmatch: every case as fnmatch says */
static void literal_prefix_as_fnmatch(void **state)
{
	static const char *const cases[][2] = {
		{ "snd_hda_intel", "snd_hda_intel" }, { "snd_hda_intel", "snd_hda_inte" },
		{ "snd_hda_inte", "snd_hda_intel" }, { "", "" }, { "", "a" }, { "a", "" },
		{ "snd_*", "snd_hda" }, { "snd_*", "sn" }, { "snd\\_x", "snd_x" },
		{ "snd\\*", "snd*" }, { "snd\\*", "sndx" }, { "ab[c-e]f", "abdf" },
		{ "ab[!c]f", "abcf" }, { "x?", "xy" }, { "x?", "x" }, { "*", "" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		assert_int_equal(umod_alias_match(cases[i][0], cases[i][1]),
				 fnmatch(cases[i][0], cases[i][1], 0) == 0);
}

static void module_suffixes(void **state)
{
	assert_true(umod_modname_has_module_ext("a.ko", 4));
	assert_true(umod_modname_has_module_ext("a.ko.xz", 7));
	assert_true(umod_modname_has_module_ext("a.ko.zst", 8));
	assert_false(umod_modname_has_module_ext("a.ko.gz", 7));
	assert_false(umod_modname_has_module_ext("a.o", 3));
	assert_false(umod_modname_has_module_ext("ko", 2));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_from_paths),
		cmocka_unit_test(aliases_normalized),
		cmocka_unit_test(globs_match),
		cmocka_unit_test(literal_prefix_as_fnmatch),
		cmocka_unit_test(module_suffixes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
