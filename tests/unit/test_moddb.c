// SPDX-License-Identifier: MIT
/*
 * libkmod/moddb.c: the modules.dep and alias parsers on malformed buffers
 * (warning per bad line, the rest kept), and the database over a tree
 * written here: names with dashes, globs, symbol: aliases, builtins.
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

#include "helpers.h"
#include "libkmod/libkmod.h"

struct seen {
	char text[4096];
	int n;
};

static int on_dep(const char *path, const char *const *deps, unsigned int n, void *data)
{
	struct seen *s = data;
	size_t len = strlen(s->text);

	len += (size_t)snprintf(s->text + len, sizeof(s->text) - len, "%s<-", path);
	for (unsigned int i = 0; i < n; i++)
		len += (size_t)snprintf(s->text + len, sizeof(s->text) - len, "%s,", deps[i]);
	snprintf(s->text + len, sizeof(s->text) - len, ";");
	s->n++;
	return 0;
}

static int on_alias(const char *pattern, const char *module, void *data)
{
	struct seen *s = data;
	size_t len = strlen(s->text);

	snprintf(s->text + len, sizeof(s->text) - len, "%s=%s;", pattern, module);
	s->n++;
	return 0;
}

static char *capture(FILE **f, size_t *len)
{
	char *buf = NULL;

	*f = open_memstream(&buf, len);
	return buf;
}

static void dep_parser_malformed(void **state)
{
	const char text[] = "a.ko: b.ko c.ko\nno colon here\n: empty.ko\n# comment\n\n"
			    "b.ko:\nc.ko:\t d.ko \nlast.ko: x.ko";
	struct seen s = { "", 0 };
	char *err = NULL;
	size_t len;
	FILE *f = open_memstream(&err, &len);

	assert_int_equal(umod_moddep_parse(text, sizeof(text) - 1, "modules.dep", f, on_dep, &s), 0);
	fclose(f);
	assert_string_equal(s.text, "a.ko<-b.ko,c.ko,;b.ko<-;c.ko<-d.ko,;last.ko<-x.ko,;");
	assert_string_equal(err, "modprobe: WARNING: modules.dep line 2: ignoring bad line\n"
				 "modprobe: WARNING: modules.dep line 3: ignoring bad line\n");
	free(err);
	(void)capture;
}

static int stop_at_second(const char *path, const char *const *deps, unsigned int n, void *data)
{
	return ++*(int *)data == 2 ? -ECANCELED : 0;
}

static void dep_parser_stops(void **state)
{
	const char text[] = "a.ko:\nb.ko:\nc.ko:\n";
	int calls = 0;

	assert_int_equal(umod_moddep_parse(text, sizeof(text) - 1, "d", NULL, stop_at_second, &calls),
			 -ECANCELED);
	assert_int_equal(calls, 2);
}

static void alias_parser_malformed(void **state)
{
	const char text[] = "# Aliases extracted from modules themselves.\nalias pci:v* e1000\n"
			    "alias onlyone\nsoftdep x pre: y\n   \nalias\tchar-major-250-* m  \n";
	struct seen s = { "", 0 };
	char *err = NULL;
	size_t len;
	FILE *f = open_memstream(&err, &len);

	assert_int_equal(umod_modalias_parse(text, sizeof(text) - 1, "modules.alias", f, on_alias, &s), 0);
	fclose(f);
	assert_string_equal(s.text, "pci:v*=e1000;char-major-250-*=m;");
	assert_string_equal(err,
		"modprobe: WARNING: modules.alias line 3: ignoring bad line starting with 'alias'\n"
		"modprobe: WARNING: modules.alias line 4: ignoring bad line starting with 'softdep'\n");
	free(err);
}

static void write_file(const char *dir, const char *name, const char *text, size_t len)
{
	assert_int_equal(test_put_file(dir, name, text, len ? len : strlen(text)), 0);
}

static int collect(const char *module, void *data)
{
	return on_alias("", module, data);
}

static void database(void **state)
{
	char dir[] = "/tmp/umod-moddb.XXXXXX";
	static const char modinfo[] = "md5.alias=crypto-md5\0md5.license=GPL\0junk\0x.alias=y";
	struct umod_moddb *db;
	const char *path, *const *deps;
	unsigned int n;
	struct seen s = { "", 0 };

	assert_non_null(mkdtemp(dir));
	write_file(dir, "modules.dep", "kernel/a-b.ko: kernel/c.ko.xz /abs/d.ko\nkernel/c.ko.xz:\n"
		   "kernel/x/a-b.ko:\n", 0);
	write_file(dir, "modules.alias", "alias char-major-250-* a_b\nalias pci:v[0-9]x c\n"
		   "alias bad[ c\n", 0);
	write_file(dir, "modules.symbols", "alias symbol:c_fn c\n", 0);
	write_file(dir, "modules.builtin", "kernel/crypto/md5.ko\nkernel/fs/ext-4.ko\n", 0);
	write_file(dir, "modules.builtin.modinfo", modinfo, sizeof(modinfo) - 1);
	assert_int_equal(umod_moddb_open(dir, NULL, &db), 0);

	assert_int_equal(umod_moddb_module(db, "a_b", &path, &deps, &n), 0);
	assert_true(strstr(path, "/kernel/a-b.ko") != NULL);	/* the first line wins */
	assert_int_equal(n, 2);
	assert_true(strstr(deps[0], "/kernel/c.ko.xz") != NULL);
	assert_string_equal(deps[1], "/abs/d.ko");
	assert_int_equal(umod_moddb_module(db, "a-b", NULL, NULL, NULL), -ENOENT);
	assert_int_equal(umod_moddb_module(db, "nosuch", NULL, NULL, NULL), -ENOENT);

	assert_int_equal(umod_moddb_lookup_alias(db, false, "char_major_250_7", collect, &s), 0);
	assert_int_equal(umod_moddb_lookup_alias(db, false, "pci:v5x", collect, &s), 0);
	assert_int_equal(umod_moddb_lookup_alias(db, false, "pci:vax", collect, &s), 0);
	assert_int_equal(umod_moddb_lookup_alias(db, true, "symbol:c_fn", collect, &s), 0);
	assert_int_equal(umod_moddb_lookup_builtin_alias(db, "crypto_md5", collect, &s), 0);
	assert_string_equal(s.text, "=a_b;=c;=c;=md5;");

	assert_true(umod_moddb_builtin(db, "md5"));
	assert_true(umod_moddb_builtin(db, "ext_4"));
	assert_false(umod_moddb_builtin(db, "ext"));
	assert_false(umod_moddb_builtin(db, "md"));
	umod_moddb_close(db);

	/* an empty directory is an empty tree */
	for (const char *f = "modules.dep\0modules.alias\0modules.symbols\0modules.builtin\0"
			     "modules.builtin.modinfo\0"; *f; f += strlen(f) + 1) {
		char p[512];

		snprintf(p, sizeof(p), "%s/%s", dir, f);
		unlink(p);
	}
	assert_int_equal(umod_moddb_open(dir, NULL, &db), 0);
	assert_int_equal(umod_moddb_module(db, "a_b", NULL, NULL, NULL), -ENOENT);
	assert_false(umod_moddb_builtin(db, "md5"));
	umod_moddb_close(db);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dep_parser_malformed),
		cmocka_unit_test(dep_parser_stops),
		cmocka_unit_test(alias_parser_malformed),
		cmocka_unit_test(database),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
