// SPDX-License-Identifier: MIT
/*
 * libkmod/depmod_conf.c: depmod.d lines as kmod 30's depmod reads them
 * (bad lines said with file and line, the rest kept; versions matched as
 * regexes), and the choice between two files of one module name: overrides
 * first, then the search ranks, a tie keeping the file found first.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "libkmod/libkmod.h"

struct parsed {
	struct umod_depmod_conf c;
	char *err;
	size_t err_len;
	FILE *f;
};

static void parse(struct parsed *p, const char *release, const char *text)
{
	memset(p, 0, sizeof(*p));
	p->f = open_memstream(&p->err, &p->err_len);
	p->c.err = p->f;
	p->c.release = release;
	assert_int_equal(umod_depmod_conf_parse(&p->c, text, strlen(text), "t.conf"), 0);
	fflush(p->f);
}

static void done(struct parsed *p)
{
	fclose(p->f);
	free(p->err);
	umod_depmod_conf_release(&p->c);
}

static void bad_lines_said_and_skipped(void **state)
{
	struct parsed p;

	parse(&p, "6.1.0", "bogus x\noverride\noverride m\noverride m 6.1.0\nexternal\n"
		  "external 6.1.0\n  # indented\nsearch\nexclude\ninclude foo\n"
		  "make_map_files yes\n#comment\n\nsearch a \\\n b\nfrob");
	assert_string_equal(p.err,
		"depmod: ERROR: t.conf:1: ignoring bad line starting with 'bogus'\n"
		"depmod: ERROR: t.conf:2: ignoring bad line starting with 'override'\n"
		"depmod: ERROR: t.conf:3: ignoring bad line starting with 'override'\n"
		"depmod: ERROR: t.conf:4: ignoring bad line starting with 'override'\n"
		"depmod: ERROR: t.conf:5: ignoring bad line starting with 'external'\n"
		"depmod: ERROR: t.conf:6: ignoring bad line starting with 'external'\n"
		"depmod: ERROR: t.conf:7: ignoring bad line starting with '#'\n"
		"depmod: ERROR: t.conf:16: ignoring bad line starting with 'frob'\n");
	/* the continued search line counts as one, its words in order */
	assert_int_equal(p.c.search.n, 2);
	assert_string_equal(p.c.search.v[0], "a");
	assert_string_equal(p.c.search.v[1], "b");
	assert_int_equal(p.c.override.n + p.c.external.n + p.c.exclude.n, 0);
	done(&p);
}

static void versions_are_regexes(void **state)
{
	struct parsed p;

	parse(&p, "6.1.0-13-amd64",
	      "override a 6.1.* kernel\noverride b 5.10 kernel\noverride c * extra\n"
	      "override d [ kernel\noverride e amd64 kernel/drivers\n"
	      "external ^6 /opt/ext\nexternal ^5 /opt/old\nexternal ( /opt/bad\n"
	      "exclude x y\tz\n");
	assert_string_equal(p.err, "");
	assert_int_equal(p.c.override.n, 3);
	assert_string_equal(p.c.override.v[0], "kernel/a");
	assert_string_equal(p.c.override.v[1], "extra/c");
	assert_string_equal(p.c.override.v[2], "kernel/drivers/e");
	assert_int_equal(p.c.external.n, 1);
	assert_string_equal(p.c.external.v[0], "/opt/ext");
	assert_int_equal(p.c.exclude.n, 3);
	assert_true(umod_depmod_conf_excluded(&p.c, "y"));
	assert_false(umod_depmod_conf_excluded(&p.c, "w"));
	assert_false(umod_depmod_conf_excluded(NULL, "y"));
	done(&p);
}

/* glibc's regcomp() copies repeated atoms: costly patterns match nothing instead of exhausting memory */
static void costly_regexes_match_nothing(void **state)
{
	struct parsed p;

	parse(&p, "6.1.0-13-amd64",
	      "override a 6\\.1\\.0-(1[0-9]){1,3}-[[:alpha:]]+[]a-z0-9]* kernel\n"
	      "override b 6.1.*++++++++++++++++++++++++++++++++++++++++ kernel\n"
	      "override c ((((6{99}){99}){99}){99}) kernel\n"
	      "override d 6{99999999999999999999999} kernel\n"
	      "override e ((((((((((((((((((((((((((((((((6)))))))))))))))))))))))))))))))) kernel\n"
	      "override f (6|5){200}|amd[6]{1,}4 kernel\n");
	assert_string_equal(p.err, "");
	assert_int_equal(p.c.override.n, 2);
	assert_string_equal(p.c.override.v[0], "kernel/a");
	assert_string_equal(p.c.override.v[1], "kernel/f");
	done(&p);
}

static void no_nul_no_newline(void **state)
{
	struct parsed p;
	static const char text[4] = { 's', 'e', 'a', 'r' };	/* no NUL */

	memset(&p, 0, sizeof(p));
	p.f = open_memstream(&p.err, &p.err_len);
	p.c.err = p.f;
	assert_int_equal(umod_depmod_conf_parse(&p.c, text, sizeof(text), "t.conf"), 0);
	assert_int_equal(umod_depmod_conf_parse(&p.c, "search x\\", 9, "t.conf"), 0);
	fflush(p.f);
	assert_string_equal(p.err, "depmod: ERROR: t.conf:1: ignoring bad line starting with 'sear'\n");
	assert_int_equal(p.c.search.n, 1);
	done(&p);
}

static bool prefer(const struct umod_depmod_conf *c, const char *old, bool old_ext,
		   const char *new, bool new_ext)
{
	const char *ob = strrchr(old, '/'), *nb = strrchr(new, '/');
	struct umod_depmod_file o = { old, strcspn(ob ? ob + 1 : old, "."), old_ext };
	struct umod_depmod_file n = { new, strcspn(nb ? nb + 1 : new, "."), new_ext };

	return umod_depmod_conf_prefer(c, &o, &n);
}

static void choosing_a_file(void **state)
{
	struct parsed p;

	/* no search line: "search updates", everything else ties */
	parse(&p, "1.0", "");
	assert_int_equal(umod_depmod_conf_load(&p.c, (const char *const[]){ "/nonexistent", NULL }), 0);
	assert_true(prefer(&p.c, "kernel/m.ko", false, "updates/m.ko", false));
	assert_false(prefer(&p.c, "updates/m.ko", false, "kernel/m.ko", false));
	assert_false(prefer(&p.c, "kernel/m.ko", false, "extra/m.ko", false));
	assert_false(prefer(&p.c, "kernel/m.ko", false, "/ext/m.ko", true));
	/* "updatesx/" is not under "updates/" */
	assert_false(prefer(&p.c, "kernel/m.ko", false, "updatesx/m.ko", false));
	done(&p);

	parse(&p, "1.0", "search extra updates built-in\noverride m 1.0 kernel\n");
	assert_true(prefer(&p.c, "updates/m.ko", false, "extra/sub/m.ko", false));
	assert_true(prefer(&p.c, "extra/m.ko", false, "kernel/m.ko.xz", false));
	assert_false(prefer(&p.c, "kernel/m.ko", false, "extra/m.ko", false));
	/* the override names the directory itself, not one below */
	assert_false(prefer(&p.c, "extra/m.ko", false, "kernel/sub/m.ko", false));
	assert_true(prefer(&p.c, "updates/n.ko", false, "extra/n.ko", false));
	/* an external file ranks as built-in when "external" is not named */
	assert_true(prefer(&p.c, "other/n.ko", false, "/ext/n.ko", true) == false);
	done(&p);

	parse(&p, "1.0", "search built-in updates\n");
	assert_true(prefer(&p.c, "updates/n.ko", false, "/ext/n.ko", true));
	done(&p);

	parse(&p, "1.0", "search external built-in\n");
	assert_true(prefer(&p.c, "kernel/n.ko", false, "/ext/n.ko", true));
	assert_false(prefer(&p.c, "/ext/n.ko", true, "kernel/n.ko", false));
	done(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bad_lines_said_and_skipped),
		cmocka_unit_test(versions_are_regexes),
		cmocka_unit_test(costly_regexes_match_nothing),
		cmocka_unit_test(no_nul_no_newline),
		cmocka_unit_test(choosing_a_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
