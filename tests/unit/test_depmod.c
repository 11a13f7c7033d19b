// SPDX-License-Identifier: MIT
/*
 * libkmod/depmod.c, depmod_elf.c, depfiles.c: trees of synthesized modules.
 * Exports from __crc_ symbols win over __ksymtab_strings; an unterminated
 * last string still counts; weak and unknown imports add nothing; unnamed
 * __versions entries become imports; a file that is not ELF is reported and
 * kept; a dependency cycle is reported and fails; modules.order problems;
 * a CRC outside the sections depmod reads first is still read.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "elfsynth.h"
#include "helpers.h"
#include "util/elf.h"
#include "libkmod/libkmod.h"

static char dir[64];

static void put(const char *rel, const void *data, size_t len)
{
	assert_int_equal(test_put_file(dir, rel, data, len), 0);
}

static void put_module(const char *rel, struct synth *s)
{
	size_t len;
	unsigned char *img = synth_image(s, &len);

	put(rel, img, len);
	free(img);
	synth_free(s);
}

static void add_import(struct synth *s, const char *name, unsigned char bind)
{
	synth_symbol(s, name, SHN_UNDEF, 0, bind, STT_NOTYPE);
}

static void versions(struct synth *s, const char *const *names, unsigned int n)
{
	unsigned char v[64 * 8] = { 0 };

	for (unsigned int i = 0; i < n; i++) {
		v[i * 64] = (unsigned char)(i + 1);
		strcpy((char *)v + i * 64 + 8, names[i]);
	}
	synth_section(s, "__versions", SHT_PROGBITS, SHF_ALLOC, 8, v, n * 64);
}

/* runs depmod with @opts, returns what -n prints and what it said */
static int run_opts(struct umod_depmod_opts *opts, char **out, char **err)
{
	size_t olen, elen;
	FILE *o = open_memstream(out, &olen), *e = open_memstream(err, &elen);
	struct umod_depmod *d;
	int ret;

	opts->err = e;
	ret = umod_depmod_run(opts, &d);
	if (!ret) {
		assert_int_equal(umod_depmod_write_stream(d, o), 0);
		umod_depmod_free(d);
	}
	fclose(o);
	fclose(e);
	return ret;
}

/* runs depmod over dir */
static int run(char **out, char **err)
{
	struct umod_depmod_opts opts = { .dirname = dir };

	return run_opts(&opts, out, err);
}

/* runs depmod over dir with -E dir/kernel.symvers holding @vers, and -e */
static int run_symvers(const char *vers, char **out, char **err)
{
	char path[128];
	struct umod_depmod_opts opts = { .dirname = dir, .symvers = path, .warn_unknown = true };

	put("kernel.symvers", vers, strlen(vers));
	snprintf(path, sizeof(path), "%s/kernel.symvers", dir);
	return run_opts(&opts, out, err);
}

static int setup(void **state)
{
	return test_tmpdir(dir, sizeof(dir), "depmod");
}

static int teardown(void **state)
{
	return test_rmtree(dir);
}

static void exports_imports_order(void **state)
{
	struct synth *a = synth_module("a"), *b = synth_module("b"), *c = synth_new();
	static const char strs[] = "\0\0ignored";
	static const char cstrs[] = "\0fc\0\0fd\0fe";
	static const char *const vers[] = { "fa", "module_layout", "fa" };
	static const char modinfo_c[] = "alias=b-alias\0softdep=pre: a\0alias=devname:bee\0"
					"alias=char-major-10-200\0";
	char *out, *err;
	unsigned int k;

	k = synth_section(a, "__kcrctab", SHT_PROGBITS, SHF_ALLOC, 4, "\0\0\0\0", 4);
	synth_symbol(a, "__crc_fa", k, 0, STB_LOCAL, STT_NOTYPE);
	synth_section(a, "__ksymtab_strings", SHT_PROGBITS, SHF_ALLOC, 1, strs, sizeof(strs) - 1);
	put_module("a.ko", a);
	add_import(b, "fa", STB_GLOBAL);
	add_import(b, "nowhere", STB_WEAK);
	add_import(b, "fe", STB_GLOBAL);
	versions(b, vers, 3);
	synth_section(b, ".modinfo.extra", SHT_PROGBITS, 0, 1, "", 1);
	put_module("b.ko", b);
	synth_section(c, "__ksymtab_strings", SHT_PROGBITS, SHF_ALLOC, 1, cstrs, sizeof(cstrs) - 1);
	synth_section(c, ".modinfo", SHT_PROGBITS, SHF_ALLOC, 1, modinfo_c, sizeof(modinfo_c));
	put_module("c.ko", c);
	put("broken.ko", "not an ELF file", 15);
	put("modules.order", "c.ko\nb.ko\na.ko\nbroken.ko\n", 25);

	assert_int_equal(run(&out, &err), 0);
	/*
	 * b needs fa (a) and fe (c, its unterminated last string); ranks come
	 * from the root stack (b, then broken popped first), so c sorts first
	 */
	assert_non_null(strstr(out, "c.ko:\nb.ko: c.ko a.ko\na.ko:\nbroken.ko:\n"));
	assert_non_null(strstr(out, "alias b-alias c\n"));
	assert_non_null(strstr(out, "softdep c pre: a\n"));
	assert_non_null(strstr(out, "alias symbol:fa a\n"));
	assert_non_null(strstr(out, "alias symbol:fe c\n"));
	assert_null(strstr(out, "symbol:ignored"));
	assert_non_null(strstr(out, "c bee c10:200\n"));
	assert_non_null(strstr(err, "depmod: ERROR: failed to load symbols from "));
	assert_non_null(strstr(err, "broken.ko: Exec format error\n"));
	free(out);
	free(err);
}

static void cycle_fails(void **state)
{
	struct synth *x = synth_module("x"), *y = synth_module("y");
	char *out, *err;

	synth_section(x, "__ksymtab_strings", SHT_PROGBITS, SHF_ALLOC, 1, "x1", 3);
	add_import(x, "y1", STB_GLOBAL);
	put_module("x.ko", x);
	synth_section(y, "__ksymtab_strings", SHT_PROGBITS, SHF_ALLOC, 1, "y1", 3);
	add_import(y, "x1", STB_GLOBAL);
	put_module("y.ko", y);
	put("modules.order", "x.ko\ny.ko\n", 10);
	assert_int_equal(run(&out, &err), -ELOOP);
	assert_non_null(strstr(err, "depmod: ERROR: Found 2 modules in dependency cycles!\n"));
	assert_non_null(strstr(err, "depmod: ERROR: Cycle detected: x -> y -> x\n"));
	free(out);
	free(err);
}

static void order_problems(void **state)
{
	char *out, *err;

	put_module("m1.ko", synth_module("m1"));
	put_module("m2.ko", synth_module("m2"));
	assert_int_equal(run(&out, &err), 0);
	assert_non_null(strstr(err, "depmod: WARNING: could not open modules.order at "));
	free(out);
	free(err);
	put("modules.order", "m2.ko\nm1.ko", 11);
	assert_int_equal(run(&out, &err), 0);
	assert_non_null(strstr(err, "/modules.order:2 corrupted line misses '\\n'\n"));
	free(out);
	free(err);
	put("modules.order", "m2.ko\nm1.ko\n", 12);
	assert_int_equal(run(&out, &err), 0);
	assert_non_null(strstr(out, "m2.ko:\nm1.ko:\n"));
	assert_string_equal(err, "");
	free(out);
	free(err);
}

/* -E: kernel symbols resolve (no dependency), a module's export takes over */
static void kernel_symbols(void **state)
{
	struct synth *a = synth_module("a"), *b = synth_module("b");
	static const char vers[] = "0x00000007\tkfn\tvmlinux\tEXPORT_SYMBOL\t\n"
				   "zz\tbadcrc\tvmlinux\tEXPORT_SYMBOL\t\n"
				   "0x1\tother\tdrivers/x\tEXPORT_SYMBOL\t\n"
				   "0x2\tafn\tvmlinux\tEXPORT_SYMBOL\t\nshort line\n";
	static const char *const bv[] = { "kfn" };
	char *out, *err;
	struct umod_depmod *d;
	struct umod_depmod_opts opts = { .dirname = dir, .symvers = "/nonexistent.symvers" };

	synth_section(a, "__ksymtab_strings", SHT_PROGBITS, SHF_ALLOC, 1, "afn", 4);
	put_module("a.ko", a);
	add_import(b, "kfn", STB_GLOBAL);
	add_import(b, "afn", STB_GLOBAL);
	add_import(b, "other", STB_GLOBAL);
	add_import(b, "__this_module", STB_GLOBAL);
	versions(b, bv, 1);	/* kfn's CRC 1, the kernel's 7 */
	put_module("b.ko", b);
	put("modules.order", "a.ko\nb.ko\n", 10);
	assert_int_equal(run_symvers(vers, &out, &err), 0);
	assert_non_null(strstr(out, "a.ko:\nb.ko: a.ko\n"));
	assert_non_null(strstr(err, "kernel.symvers:2 Invalid symbol version zz\n"));
	assert_non_null(strstr(err, "b.ko disagrees about version of symbol kfn\n"));
	/* not vmlinux's: unknown */
	assert_non_null(strstr(err, "b.ko needs unknown symbol other\n"));
	assert_null(strstr(err, "__this_module"));
	assert_null(strstr(out, "symbol:kfn"));
	free(out);
	free(err);
	assert_int_equal(umod_depmod_run(&opts, &d), -ENOENT);
}

/*
 * A CRC kept outside __kcrctab: depmod reads only some sections of a
 * module, and must notice it needs another one (here the importer with
 * the right CRC draws no warning, the one with a wrong CRC does).
 */
static void crc_in_another_section(void **state)
{
	static const struct modversion_info good = { 1, "rfn" }, bad = { 2, "rfn" };
	struct synth *a = synth_module("a"), *b = synth_module_versions("b", &good, 1);
	struct synth *c = synth_module_versions("c", &bad, 1);
	static const char vers[] = "0x00000007\tkfn\tvmlinux\tEXPORT_SYMBOL\t\n";
	static const unsigned char crcs[] = { 9, 9, 9, 9, 1, 0, 0, 0 };
	char *out, *err;
	unsigned int k;

	k = synth_section(a, ".rodata.crcs", SHT_PROGBITS, SHF_ALLOC, 4, crcs, sizeof(crcs));
	synth_symbol(a, "__crc_rfn", k, 4, STB_LOCAL, STT_NOTYPE);	/* CRC 1 */
	put_module("a.ko", a);
	add_import(b, "rfn", STB_GLOBAL);
	put_module("b.ko", b);
	add_import(c, "rfn", STB_GLOBAL);
	put_module("c.ko", c);
	put("modules.order", "a.ko\nb.ko\nc.ko\n", 15);
	assert_int_equal(run_symvers(vers, &out, &err), 0);
	assert_non_null(strstr(out, "b.ko: a.ko\n"));
	assert_null(strstr(err, "b.ko disagrees"));
	assert_non_null(strstr(err, "c.ko disagrees about version of symbol rfn\n"));
	free(out);
	free(err);
}

static void missing_directory(void **state)
{
	struct umod_depmod_opts opts = { .dirname = "/nonexistent/lib/modules/1.0" };
	struct umod_depmod *d;

	assert_int_equal(umod_depmod_run(&opts, &d), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(exports_imports_order, setup, teardown),
		cmocka_unit_test_setup_teardown(cycle_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(order_problems, setup, teardown),
		cmocka_unit_test_setup_teardown(crc_in_another_section, setup, teardown),
		cmocka_unit_test_setup_teardown(kernel_symbols, setup, teardown),
		cmocka_unit_test(missing_directory),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
