// SPDX-License-Identifier: MIT
/*
 * kernel/module/version.c: vermagic with and without modversions, each outcome of
 * check_version() (match, mismatch, no entry, no __versions at all),
 * module_layout first, the force flags and their taint, and a malformed
 * __versions section.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/module/module.h"
#include "kernel/panic.h"
#include "util/symtab.h"

#include "elfsynth.h"
#include "helpers.h"

static struct capture cap;

static uint32_t crc_of(struct umod_host *host, const char *name)
{
	const struct umod_ksym *ks = umod_symtab_lookup(host->exports, name);

	assert_non_null(ks);
	assert_true(ks->has_crc);
	return ks->crc;
}

/* a module importing kfree, its __versions holding @v */
static int load(struct umod_host *host, const struct modversion_info *v, size_t n,
		unsigned int flags, void (*mutate)(unsigned char *img, size_t len))
{
	struct synth *s = synth_module_versions("synth", v, n);
	unsigned char *img;
	size_t len;
	int err;

	synth_symbol(s, "kfree", SHN_UNDEF, 0, STB_GLOBAL, STT_NOTYPE);
	img = synth_image(s, &len);
	if (mutate)
		mutate(img, len);
	err = umod_module_insert_image(host, img, len, NULL, flags, NULL);
	if (!err)
		assert_int_equal(umod_module_remove(host, "synth", 0), 0);
	free(img);
	synth_free(s);
	return err;
}

static void matching_crc_loads(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct modversion_info v = { .crc = crc_of(host, "kfree"), .name = "kfree" };

	assert_int_equal(load(host, &v, 1, 0, NULL), 0);
	assert_int_equal(cap.n, 0);
	assert_int_equal(umod_host_get_taint(host), 0);
	umod_host_unref(host);
}

static void mismatching_crc_refused(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct modversion_info v = { .crc = crc_of(host, "kfree") ^ 1, .name = "kfree" };

	assert_int_equal(load(host, &v, 1, 0, NULL), -EINVAL);
	assert_string_equal(cap.lines[0], "synth: disagrees about version of symbol kfree");
	assert_string_equal(cap.lines[1], "synth: Unknown symbol kfree (err -22)");
	assert_int_equal(umod_host_get_taint(host), 0);
	umod_host_unref(host);
}

static void missing_entry_warns_once(void **state)
{
	struct umod_host *host = test_host_new(&cap);

	assert_int_equal(load(host, NULL, 0, 0, NULL), 0);
	assert_int_equal(load(host, NULL, 0, 0, NULL), 0);
	assert_int_equal(cap.n, 1);
	assert_string_equal(cap.lines[0], "synth: no symbol version for kfree");
	assert_int_equal(umod_host_get_taint(host), 0);
	umod_host_unref(host);
}

static void module_layout_mismatch_refused(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct modversion_info v = { .crc = crc_of(host, "module_layout") + 1, .name = "module_layout" };

	assert_int_equal(load(host, &v, 1, 0, NULL), -ENOEXEC);
	assert_int_equal(cap.n, 1);
	assert_string_equal(cap.lines[0], "synth: disagrees about version of symbol module_layout");
	umod_host_unref(host);
}

static void rename_versions(unsigned char *img, size_t len)
{
	unsigned int i = synth_find(img, "__versions");
	Elf64_Shdr *shs = synth_shdr(img, ((Elf64_Ehdr *)img)->e_shstrndx);

	img[shs->sh_offset + synth_shdr(img, i)->sh_name + 2] = 'V';
}

/* a module built without modversions: a forced load, named by module_layout */
static void no_versions_is_forced_and_taints(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	assert_int_equal(load(host, NULL, 0, 0, rename_versions), 0);
	assert_string_equal(cap.lines[0], "synth: module_layout: kernel tainted.");
	assert_true(umod_host_get_taint(host) == 1ul << UMOD_TAINT_FORCED_MODULE);
	umod_host_unref(host);
}

static void force_modversion_skips_crcs(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct modversion_info v = { .crc = crc_of(host, "kfree") ^ 1, .name = "kfree" };

	assert_int_equal(load(host, &v, 1, UMOD_INSERT_FORCE_MODVERSION, NULL), 0);
	/* one message, naming the first check skipped; then add_taint()'s */
	assert_string_equal(cap.lines[0], "synth: module_layout: kernel tainted.");
	assert_string_equal(cap.lines[1], "Disabling lock debugging due to kernel taint");
	assert_int_equal(cap.n, 2);
	assert_true(umod_host_get_taint(host) & (1 << UMOD_TAINT_FORCED_MODULE));
	umod_host_unref(host);
}

static void break_vermagic(unsigned char *img, size_t len)
{
	Elf64_Shdr *mi = synth_shdr(img, synth_find(img, ".modinfo"));
	char *magic = memmem(img + mi->sh_offset, mi->sh_size, "vermagic=", 9);

	magic[9 + strcspn(magic + 9, " ") + 1] = 'X';
}

static void force_vermagic_skips_magic(void **state)
{
	struct umod_host *host = test_host_new(&cap);

	assert_int_equal(load(host, NULL, 0, 0, break_vermagic), -ENOEXEC);
	assert_int_equal(load(host, NULL, 0, UMOD_INSERT_FORCE_VERMAGIC, break_vermagic), 0);
	assert_true(capture_has(&cap, "synth: bad vermagic: kernel tainted."));
	assert_true(umod_host_get_taint(host) & (1 << UMOD_TAINT_FORCED_MODULE));
	umod_host_unref(host);
}

static void change_release(unsigned char *img, size_t len)
{
	Elf64_Shdr *mi = synth_shdr(img, synth_find(img, ".modinfo"));
	char *magic = memmem(img + mi->sh_offset, mi->sh_size, "vermagic=", 9);

	magic[9] = magic[9] == '9' ? '8' : '9';
}

/* with modversions the release part is not compared; without, it is */
static void release_compared_only_without_versions(void **state)
{
	struct umod_host *host = test_host_new(&cap);

	assert_int_equal(load(host, NULL, 0, 0, change_release), 0);
	assert_int_equal(load(host, NULL, 0, UMOD_INSERT_FORCE_MODVERSION, change_release), -ENOEXEC);
	assert_true(strstr(capture_last(&cap), "synth: version magic '"));
	umod_host_unref(host);
}

static void truncate_versions(unsigned char *img, size_t len)
{
	synth_shdr(img, synth_find(img, "__versions"))->sh_size -= 8;
}

static void unterminated_name(unsigned char *img, size_t len)
{
	Elf64_Shdr *v = synth_shdr(img, synth_find(img, "__versions"));

	memset(img + v->sh_offset + 8, 'x', UMOD_MODULE_NAME_LEN);
}

static void malformed_versions_refused(void **state)
{
	struct umod_host *host = test_host_new(&cap);

	assert_int_equal(load(host, NULL, 0, 0, truncate_versions), -ENOEXEC);
	assert_string_equal(capture_last(&cap),
			    "synth: __versions is not an array of struct modversion_info");
	assert_int_equal(load(host, NULL, 0, 0, unterminated_name), -ENOEXEC);
	assert_string_equal(capture_last(&cap), "synth: __versions entry 0 has no terminated name");
	umod_host_unref(host);
}

/* the application's own exports carry no CRC: any module may use them */
static void exporter_without_crc_accepted(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct synth *s = synth_module("synth");
	static int app_value;
	unsigned char *img;
	size_t len;

	assert_int_equal(umod_host_export(host, "app_value", &app_value, 0), 0);
	synth_symbol(s, "app_value", SHN_UNDEF, 0, STB_GLOBAL, STT_NOTYPE);
	img = synth_image(s, &len);
	assert_int_equal(umod_module_insert_image(host, img, len, NULL, 0, NULL), 0);
	assert_int_equal(cap.n, 0);
	free(img);
	synth_free(s);
	umod_host_unref(host);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(matching_crc_loads),
		cmocka_unit_test(mismatching_crc_refused),
		cmocka_unit_test(missing_entry_warns_once),
		cmocka_unit_test(module_layout_mismatch_refused),
		cmocka_unit_test(no_versions_is_forced_and_taints),
		cmocka_unit_test(force_modversion_skips_crcs),
		cmocka_unit_test(force_vermagic_skips_magic),
		cmocka_unit_test(release_compared_only_without_versions),
		cmocka_unit_test(malformed_versions_refused),
		cmocka_unit_test(exporter_without_crc_accepted),
	};

	return cmocka_run_group_tests_name("version", tests, NULL, NULL);
}
