// SPDX-License-Identifier: MIT
/*
 * scripts/gendwarfksyms: the CRC of each declared type kind, with fixed
 * expected values (so a change of the text format is a visible decision),
 * the same at -O0 and -O2, changed only for the symbols that reach a
 * struct that grew. The fixture objects are built by tests/unit/Makefile.inc.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "scripts/gendwarfksyms/gendwarfksyms.h"

#define NSYMS 7

static const char *const names[NSYMS] = {
	"fixture_fn", "fixture_mixed", "fixture_var", "fixture_array",
	"fixture_callback", "fixture_names", "fixture_unrelated",
};

/* fixture_fn and fixture_var reach struct node; the rest do not */
static const uint32_t expected[NSYMS] = {
	0x1eaa0b4d, 0x75cc54e8, 0xe5b4eff3, 0x228f7f04,
	0x65fdab51, 0x5d7ea021, 0xf266d403,
};

static void compute(const char *obj, struct gdk_symbol *syms)
{
	for (int i = 0; i < NSYMS; i++)
		syms[i].name = names[i];
	assert_int_equal(gdk_compute(obj, syms, NSYMS, NULL), 0);
	for (int i = 0; i < NSYMS; i++)
		assert_true(syms[i].found);
}

static void fixed_values(void **state)
{
	struct gdk_symbol s[NSYMS];

	compute(CRC_FIXTURE_DIR "/crc_fixture_O2.o", s);
	for (int i = 0; i < NSYMS; i++)
		assert_int_equal(s[i].crc, expected[i]);
}

static void same_at_every_optimisation_level(void **state)
{
	struct gdk_symbol o0[NSYMS], o2[NSYMS];

	compute(CRC_FIXTURE_DIR "/crc_fixture_O0.o", o0);
	compute(CRC_FIXTURE_DIR "/crc_fixture_O2.o", o2);
	for (int i = 0; i < NSYMS; i++)
		assert_int_equal(o0[i].crc, o2[i].crc);
}

static void a_grown_struct_changes_only_its_users(void **state)
{
	struct gdk_symbol a[NSYMS], b[NSYMS];

	compute(CRC_FIXTURE_DIR "/crc_fixture_O2.o", a);
	compute(CRC_FIXTURE_DIR "/crc_fixture_changed.o", b);
	for (int i = 0; i < NSYMS; i++) {
		bool reaches_node = i == 0 || i == 2;

		assert_int_equal(a[i].crc != b[i].crc, reaches_node);
	}
}

static void missing_symbol_not_found(void **state)
{
	struct gdk_symbol s = { .name = "no_such_symbol" };

	assert_int_equal(gdk_compute(CRC_FIXTURE_DIR "/crc_fixture_O2.o", &s, 1, NULL), 0);
	assert_false(s.found);
}

static void no_file_is_an_error(void **state)
{
	struct gdk_symbol s = { .name = "x" };

	assert_int_equal(gdk_compute(CRC_FIXTURE_DIR "/does-not-exist.o", &s, 1, NULL), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fixed_values),
		cmocka_unit_test(same_at_every_optimisation_level),
		cmocka_unit_test(a_grown_struct_changes_only_its_users),
		cmocka_unit_test(missing_symbol_not_found),
		cmocka_unit_test(no_file_is_an_error),
	};

	return cmocka_run_group_tests_name("gendwarfksyms", tests, NULL, NULL);
}
