// SPDX-License-Identifier: MIT
/*
 * drivers/firmware/dmi_scan.c: the "Hardware name:" text is Linux's
 * dmi_format_ids() over the DMI files: "vendor product[/board], BIOS
 * version date", unprintable bytes as \xNN; no vendor or product: none.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "drivers/firmware/dmi.h"
#include "helpers.h"

static char dir[256], text[256];

static void put(const char *name, const char *value)
{
	assert_int_equal(test_put_file(dir, name, value, strlen(value)), 0);
}

static int setup(void **state)
{
	return test_tmpdir(dir, sizeof(dir), "dmi");
}

static int teardown(void **state)
{
	return test_rmtree(dir);
}

static void qemu_without_board(void **state)
{
	put("sys_vendor", "QEMU\n");
	put("product_name", "Standard PC (i440FX + PIIX, 1996)\n");
	put("bios_version", "1.16.2-debian-1.16.2-1\n");
	put("bios_date", "04/01/2014\n");
	assert_int_equal(umod_dmi_format(dir, text, sizeof(text)), 0);
	assert_string_equal(text, "QEMU Standard PC (i440FX + PIIX, 1996), BIOS "
				  "1.16.2-debian-1.16.2-1 04/01/2014");
}

static void board_after_a_slash(void **state)
{
	put("sys_vendor", "LENOVO\n");
	put("product_name", "20XW0055GE\n");
	put("board_name", "20XW0055GE\n");
	put("bios_version", "N32ET75W (1.51 )\n");
	put("bios_date", "05/08/2022\n");
	assert_int_equal(umod_dmi_format(dir, text, sizeof(text)), 0);
	assert_string_equal(text, "LENOVO 20XW0055GE/20XW0055GE, BIOS N32ET75W (1.51 ) 05/08/2022");
}

static void unprintable_as_hex(void **state)
{
	put("sys_vendor", "A\tB\n");
	put("product_name", "P\x80\n");
	assert_int_equal(umod_dmi_format(dir, text, sizeof(text)), 0);
	assert_string_equal(text, "A\\x09B P\\x80, BIOS  ");
}

static void no_product_no_text(void **state)
{
	put("sys_vendor", "QEMU\n");
	assert_int_equal(umod_dmi_format(dir, text, sizeof(text)), -ENOENT);
	assert_int_equal(umod_dmi_format("/nonexistent", text, sizeof(text)), -ENOENT);
}

static void cut_to_the_buffer(void **state)
{
	char small[16];

	put("sys_vendor", "QEMU\n");
	put("product_name", "Standard PC (i440FX + PIIX, 1996)\n");
	assert_int_equal(umod_dmi_format(dir, small, sizeof(small)), 0);
	assert_true(strlen(small) < sizeof(small));
	assert_memory_equal(small, "QEMU Stan", 9);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(qemu_without_board, setup, teardown),
		cmocka_unit_test_setup_teardown(board_after_a_slash, setup, teardown),
		cmocka_unit_test_setup_teardown(unprintable_as_hex, setup, teardown),
		cmocka_unit_test_setup_teardown(no_product_no_text, setup, teardown),
		cmocka_unit_test_setup_teardown(cut_to_the_buffer, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
