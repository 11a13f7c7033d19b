// SPDX-License-Identifier: MIT
/*
 * libkmod/modversions.c: what --dump-modversions and --show-exports read
 * of a module image, and kmod's error for each kind of bad input: not ELF,
 * a damaged ELF, no __versions, a table of partial records, a name filling
 * its whole 56 bytes, a CRC symbol pointing outside its section.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "elfsynth.h"
#include "libkmod/libkmod.h"

struct seen {
	char text[2048];
	size_t len;
	int stop_after;		/* > 0: return 1 after that many entries */
	int n;
};

static int collect(uint64_t crc, const char *name, void *data)
{
	struct seen *s = data;

	s->len += (size_t)snprintf(s->text + s->len, sizeof(s->text) - s->len,
				   "0x%08llx %s\n", (unsigned long long)crc, name);
	return ++s->n == s->stop_after;
}

static unsigned char *image_of(struct synth *s, size_t *len)
{
	unsigned char *img = synth_image(s, len);

	synth_free(s);
	return img;
}

static void versions_in_table_order(void **state)
{
	struct modversion_info v[2] = { { 0x12345678, "zeta" }, { 0xabc, "alpha" } };
	struct seen s = { 0 };
	size_t len;
	unsigned char *img = image_of(synth_module_versions("m", v, 2), &len);

	assert_int_equal(umod_modversions_parse(img, len, collect, &s), 0);
	/* module_layout first, as synth_module_versions() puts it */
	assert_non_null(strstr(s.text, "module_layout\n0x12345678 zeta\n0x00000abc alpha\n"));
	/* a non-zero return stops the walk and comes back */
	memset(&s, 0, sizeof(s));
	s.stop_after = 2;
	assert_int_equal(umod_modversions_parse(img, len, collect, &s), 1);
	assert_int_equal(s.n, 2);
	free(img);
}

static void full_length_name(void **state)
{
	struct modversion_info v = { 7, "" };
	struct seen s = { 0 };
	size_t len;
	unsigned char *img;

	memset(v.name, 'n', sizeof(v.name));	/* no NUL inside the record */
	img = image_of(synth_module_versions("m", &v, 1), &len);
	assert_int_equal(umod_modversions_parse(img, len, collect, &s), 0);
	assert_int_equal(s.n, 2);
	assert_int_equal(strlen(strrchr(s.text, ' ') + 1), sizeof(v.name) + 1);
	free(img);
}

static void bad_images(void **state)
{
	struct seen s = { 0 };
	size_t len;
	unsigned char *img = image_of(synth_module("m"), &len);
	unsigned int idx = synth_find(img, "__versions");
	static const char text[] = "obj-m := x.o\n";

	/* not ELF at all, or too short to say: kmod's ENOEXEC */
	assert_int_equal(umod_modversions_parse(text, sizeof(text), collect, &s), -ENOEXEC);
	assert_int_equal(umod_modexports_parse(text, sizeof(text), collect, &s), -ENOEXEC);
	assert_int_equal(umod_modversions_parse(img, 10, collect, &s), -ENOEXEC);
	/* ELF, but cut short: EINVAL */
	assert_int_equal(umod_modversions_parse(img, 100, collect, &s), -EINVAL);
	assert_int_equal(umod_modexports_parse(img, 100, collect, &s), -EINVAL);
	/* a table that is not whole records */
	assert_true(idx > 0);
	synth_shdr(img, idx)->sh_size -= 1;
	assert_int_equal(umod_modversions_parse(img, len, collect, &s), -EINVAL);
	/* no __versions at all */
	synth_shdr(img, idx)->sh_name = synth_shdr(img, 1)->sh_name;
	assert_int_equal(umod_modversions_parse(img, len, collect, &s), -ENOENT);
	assert_int_equal(s.n, 0);
	free(img);
}

static void exports(void **state)
{
	struct seen s = { 0 };
	uint32_t crcs[2] = { 0xdeadbeef, 0x0badcafe };
	static const char strings[] = "exp_one\0exp_two";	/* last one without NUL */
	struct synth *sy = synth_module("m");
	unsigned int kcrc = synth_section(sy, "__kcrctab", SHT_PROGBITS, SHF_ALLOC, 4,
					  crcs, sizeof(crcs));
	size_t len;
	unsigned char *img;

	synth_symbol(sy, "__crc_exp_two", kcrc, 4, STB_GLOBAL, STT_NOTYPE);
	synth_symbol(sy, "__crc_exp_abs", SHN_ABS, 0x42, STB_GLOBAL, STT_NOTYPE);
	synth_symbol(sy, "__crc_exp_out", kcrc, 6, STB_GLOBAL, STT_NOTYPE);
	synth_symbol(sy, "__crc_", kcrc, 0, STB_GLOBAL, STT_NOTYPE);	/* no name: skipped */
	img = image_of(sy, &len);
	assert_int_equal(umod_modexports_parse(img, len, collect, &s), 0);
	/* out of its section: kmod's (uint64_t)-1 */
	assert_string_equal(s.text, "0x0badcafe exp_two\n0x00000042 exp_abs\n"
				    "0xffffffffffffffff exp_out\n");
	free(img);

	/* without __crc_ symbols: the __ksymtab_strings names, CRC 0 */
	sy = synth_module("m");
	synth_section(sy, "__ksymtab_strings", SHT_PROGBITS, SHF_ALLOC, 1, strings,
		      sizeof(strings) - 1);
	img = image_of(sy, &len);
	memset(&s, 0, sizeof(s));
	assert_int_equal(umod_modexports_parse(img, len, collect, &s), 0);
	assert_string_equal(s.text, "0x00000000 exp_one\n0x00000000 exp_two\n");
	free(img);

	/* neither: ENOENT */
	img = image_of(synth_module("m"), &len);
	assert_int_equal(umod_modexports_parse(img, len, collect, &s), -ENOENT);
	free(img);
}

static void files(void **state)
{
	struct seen s = { 0 };
	char path[] = "/tmp/umod-modversions-XXXXXX";
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	/* an empty file: kmod cannot map it */
	assert_int_equal(umod_modversions_file(path, false, collect, &s), -EINVAL);
	unlink(path);
	close(fd);
	assert_int_equal(umod_modversions_file(path, false, collect, &s), -ENOENT);
	assert_int_equal(umod_modversions_file("/", true, collect, &s), -EISDIR);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(versions_in_table_order),
		cmocka_unit_test(full_length_name),
		cmocka_unit_test(bad_images),
		cmocka_unit_test(exports),
		cmocka_unit_test(files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
