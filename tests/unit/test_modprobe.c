// SPDX-License-Identifier: MIT
/*
 * libkmod/modprobe.c and modprobe_run.c over a tree written here: kmod's lookup
 * order, load lists (dependencies last-first, softdeps around them, visited
 * modules skipped), options joined as kmod joins them, and what inserting
 * does with loaded, blacklisted, failing and softdep modules; install
 * commands with $CMDLINE_OPTS and MODPROBE_MODULE.
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

static char dir[64];
static struct umod_moddb *db;
static struct umod_modconf conf;

static void put(const char *name, const char *text)
{
	assert_int_equal(test_put_file(dir, name, text, strlen(text)), 0);
}

static const char config[] =
	"alias cfg-alias dep-mod\n"
	"alias glob-* leaf\n"
	"options top t=1\n"
	"options via_alias v=2\n"
	"options top u=3\n"
	"install cmdmod echo \"$MODPROBE_MODULE:$CMDLINE_OPTS\" > install.out\n"
	"install failing exit 3\n"
	"softdep top pre: leaf post: soft\n"
	"blacklist leaf\n";

static int setup(void **state)
{
	assert_int_equal(test_tmpdir(dir, sizeof(dir), "probe"), 0);
	put("modules.dep", "kernel/top.ko: kernel/mid.ko kernel/base.ko\n"
			   "kernel/mid.ko: kernel/base.ko\nkernel/base.ko:\nkernel/leaf.ko:\n"
			   "kernel/soft.ko: kernel/base.ko\nkernel/dep-mod.ko:\nkernel/failing.ko:\n");
	put("modules.alias", "alias via-alias top\nalias dep-mod leaf\nalias a-* mid\n"
			     "alias a-* base\n");
	put("modules.symbols", "alias symbol:base_fn base\n");
	put("modules.builtin", "kernel/crypto/md5.ko\n");
	assert_int_equal(umod_moddb_open(dir, NULL, &db), 0);
	memset(&conf, 0, sizeof(conf));
	assert_int_equal(umod_modconf_parse(&conf, config, strlen(config), "t.conf"), 0);
	return 0;
}

static int teardown(void **state)
{
	umod_moddb_close(db);
	umod_modconf_release(&conf);
	return test_rmtree(dir);
}

/* "name[\alias]" of each module @name stands for */
static void lookup(struct umod_probe *p, const char *name, char *out)
{
	struct umod_probe_mod **v;
	unsigned int n;

	assert_int_equal(umod_probe_lookup(p, name, &v, &n), 0);
	out[0] = '\0';
	for (unsigned int i = 0; i < n; i++) {
		strcat(out, umod_probe_mod_name(v[i]));
		if (umod_probe_mod_alias(v[i])) {
			strcat(out, "\\");
			strcat(out, umod_probe_mod_alias(v[i]));
		}
		strcat(out, " ");
	}
	free(v);
}

static void lookup_order(void **state)
{
	struct umod_probe *p;
	char out[256];

	assert_int_equal(umod_probe_new(db, &conf, &p), 0);
	lookup(p, "cfg-alias", out);	/* modprobe.d before anything */
	assert_string_equal(out, "dep_mod\\cfg_alias ");
	lookup(p, "dep-mod", out);	/* a module name beats modules.alias */
	assert_string_equal(out, "dep_mod ");
	lookup(p, "via-alias", out);
	assert_string_equal(out, "top\\via_alias ");
	lookup(p, "a-anything", out);	/* globs, in file order */
	assert_string_equal(out, "mid\\a_anything base\\a_anything ");
	lookup(p, "glob-7", out);
	assert_string_equal(out, "leaf\\glob_* ");
	lookup(p, "symbol:base_fn", out);
	assert_string_equal(out, "base\\symbol:base_fn ");
	lookup(p, "base_fn", out);	/* symbols only for symbol: names */
	assert_string_equal(out, "");
	lookup(p, "cmdmod", out);	/* an install command makes a module */
	assert_string_equal(out, "cmdmod ");
	lookup(p, "md5", out);
	assert_string_equal(out, "md5 ");
	lookup(p, "nosuch", out);
	assert_string_equal(out, "");
	{
		struct umod_probe_mod **v;
		unsigned int n;

		/* kmod refuses a name with an unmatched bracket */
		assert_int_equal(umod_probe_lookup(p, "a]b", &v, &n), -EINVAL);
	}
	umod_probe_free(p);
}

struct run {
	char log[1024];
	const char *loaded;	/* space-separated names */
	const char *fail;	/* this one's insert fails with -EIO */
};

static int is_loaded(void *data, const char *name)
{
	struct run *r = data;
	char key[64];

	snprintf(key, sizeof(key), " %s ", name);
	return r->loaded && strstr(r->loaded, key) != NULL;
}

static int insert(void *data, const struct umod_probe_mod *m, const char *options)
{
	struct run *r = data;

	snprintf(r->log + strlen(r->log), sizeof(r->log) - strlen(r->log), "insert %s [%s]\n",
		 umod_probe_mod_name(m), options);
	return r->fail && !strcmp(r->fail, umod_probe_mod_name(m)) ? -EIO : 0;
}

static void show(void *data, const struct umod_probe_mod *m, const char *cmd, const char *options)
{
	struct run *r = data;

	snprintf(r->log + strlen(r->log), sizeof(r->log) - strlen(r->log), "show %s%s [%s]\n",
		 cmd ? "install " : "", cmd ? cmd : umod_probe_mod_name(m), options);
}

static void on_error(void *data, const char *msg)
{
	struct run *r = data;

	snprintf(r->log + strlen(r->log), sizeof(r->log) - strlen(r->log), "error %s", msg);
}

static int probe(const char *name, unsigned int flags, const char *extra, struct run *r)
{
	struct umod_probe_ops ops = { r, is_loaded, insert, NULL, show, on_error };
	struct umod_probe *p;
	struct umod_probe_mod **v;
	unsigned int n;
	int err;

	assert_int_equal(umod_probe_new(db, &conf, &p), 0);
	assert_int_equal(umod_probe_lookup(p, name, &v, &n), 0);
	assert_int_equal(n, 1);
	err = umod_probe_insert(p, v[0], flags, extra, &ops);
	free(v);
	umod_probe_free(p);
	return err;
}

static void load_list(void **state)
{
	struct run r = { .log = "" };

	/* deps last-first; top's softdeps around it; base appears once per path */
	assert_int_equal(probe("top", 0, "x=\"a b\"", &r), 0);
	assert_string_equal(r.log,
		"show base []\ninsert base []\nshow mid []\ninsert mid []\n"
		"show leaf []\ninsert leaf []\nshow top [t=1 u=3 x=\"a b\"]\n"
		"insert top [t=1 u=3 x=\"a b\"]\nshow base []\ninsert base []\n"
		"show soft []\ninsert soft []\n");
}

static void options_by_alias(void **state)
{
	struct run r = { .log = "", .loaded = " base mid leaf soft " };

	assert_int_equal(probe("via-alias", UMOD_PROBE_DRY_RUN, NULL, &r), 0);
	/* the alias' own options count too; loaded modules are skipped */
	assert_string_equal(r.log, "show top [t=1 v=2 u=3 ]\n");
}

static void loaded_and_first_time(void **state)
{
	struct run r = { .log = "", .loaded = " top " };

	assert_int_equal(probe("top", 0, NULL, &r), 0);
	assert_string_equal(r.log, "");
	assert_int_equal(probe("top", UMOD_PROBE_FAIL_ON_LOADED, NULL, &r), -EEXIST);
	/* --show-depends ignores what is loaded */
	assert_int_equal(probe("top", UMOD_PROBE_IGNORE_LOADED | UMOD_PROBE_DRY_RUN, NULL, &r), 0);
	assert_non_null(strstr(r.log, "show top"));
	assert_null(strstr(r.log, "insert"));
}

static void blacklist(void **state)
{
	struct run r = { .log = "" };

	/* by name: loaded; through an alias: skipped; with -b: skipped */
	assert_int_equal(probe("leaf", 0, NULL, &r), 0);
	assert_string_equal(r.log, "show leaf []\ninsert leaf []\n");
	r.log[0] = '\0';
	assert_int_equal(probe("glob-1", 0, NULL, &r), UMOD_PROBE_BLACKLISTED);
	assert_int_equal(probe("leaf", UMOD_PROBE_BLACKLIST_ALL, NULL, &r), UMOD_PROBE_BLACKLISTED);
	assert_string_equal(r.log, "");
}

static void failures(void **state)
{
	struct run r = { .log = "", .fail = "leaf" };

	/* a softdep that fails does not stop the load */
	assert_int_equal(probe("top", 0, NULL, &r), 0);
	assert_non_null(strstr(r.log, "insert soft"));
	r.log[0] = '\0';
	r.fail = "mid";
	assert_int_equal(probe("top", 0, NULL, &r), -EIO);
	assert_null(strstr(r.log, "insert top"));
}

static void install_commands(void **state)
{
	struct run r = { .log = "" };
	char path[256], buf[128] = "";
	char cwd[4096];
	FILE *f;

	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir(dir), 0);
	assert_int_equal(probe("cmdmod", 0, "a=1 b=2", &r), 0);
	snprintf(path, sizeof(path), "%s/install.out", dir);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_non_null(fgets(buf, sizeof(buf), f));
	fclose(f);
	assert_string_equal(buf, "cmdmod:a=1 b=2\n");
	/* the failing command: kmod's message, -EINVAL */
	r.log[0] = '\0';
	assert_int_equal(probe("failing", 0, NULL, &r), -EINVAL);
	assert_string_equal(r.log, "show install exit 3 []\n"
		"error Error running install command 'exit 3' for module failing: retcode 3\n");
	assert_int_equal(chdir(cwd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lookup_order),
		cmocka_unit_test(load_list),
		cmocka_unit_test(options_by_alias),
		cmocka_unit_test(loaded_and_first_time),
		cmocka_unit_test(blacklist),
		cmocka_unit_test(failures),
		cmocka_unit_test(install_commands),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
