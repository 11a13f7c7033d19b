// SPDX-License-Identifier: MIT
/*
 * libkmod/config.c: modprobe.d lines as kmod 30 reads them. Every malformed
 * line is skipped with kmod's message naming file and line, and the good
 * lines around it still count; continuation lines, tabs, comments, globs.
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
	struct umod_modconf c;
	char *err;
	size_t err_len;
	FILE *f;
};

static void parse(struct parsed *p, const char *text)
{
	memset(p, 0, sizeof(*p));
	p->f = open_memstream(&p->err, &p->err_len);
	p->c.err = p->f;
	p->c.prog = "modprobe";
	assert_int_equal(umod_modconf_parse(&p->c, text, strlen(text), "t.conf"), 0);
	fflush(p->f);
}

static void done(struct parsed *p)
{
	fclose(p->f);
	free(p->err);
	umod_modconf_release(&p->c);
}

static void bad_lines_warn_and_skip(void **state)
{
	struct parsed p;

	parse(&p, "alias\nalias one\nblacklist\noptions foo\noptions\ninstall bar\n"
		  "remove\nsoftdep baz\nfrobnicate x\n  # indented\nalias a[b x\n"
		  "alias ok-alias real-mod\n");
	assert_string_equal(p.err,
		"modprobe: ERROR: t.conf line 1: ignoring bad line starting with 'alias'\n"
		"modprobe: ERROR: t.conf line 2: ignoring bad line starting with 'alias'\n"
		"modprobe: ERROR: t.conf line 3: ignoring bad line starting with 'blacklist'\n"
		"modprobe: ERROR: t.conf line 4: ignoring bad line starting with 'options'\n"
		"modprobe: ERROR: t.conf line 5: ignoring bad line starting with 'options'\n"
		"modprobe: ERROR: t.conf line 6: ignoring bad line starting with 'install'\n"
		"modprobe: ERROR: t.conf line 7: ignoring bad line starting with 'remove'\n"
		"modprobe: ERROR: t.conf line 8: ignoring bad line starting with 'softdep'\n"
		"modprobe: ERROR: t.conf line 9: ignoring bad line starting with 'frobnicate'\n"
		"modprobe: ERROR: t.conf line 10: ignoring bad line starting with '#'\n"
		"modprobe: ERROR: t.conf line 11: ignoring bad line starting with 'alias'\n");
	assert_int_equal(p.c.n, 1);
	assert_string_equal(p.c.v[0].name, "ok_alias");
	assert_string_equal(p.c.v[0].value, "real_mod");
	done(&p);
}

static void deprecated_commands(void **state)
{
	struct parsed p;

	parse(&p, "include /etc/x\nconfig y\n");
	assert_string_equal(p.err,
		"modprobe: ERROR: t.conf: command include is deprecated and not parsed anymore\n"
		"modprobe: ERROR: t.conf: command config is deprecated and not parsed anymore\n");
	assert_int_equal(p.c.n, 0);
	done(&p);
}

static void values_kept_as_kmod_keeps_them(void **state)
{
	struct parsed p;

	parse(&p, "# comment\n\noptions usb-storage  quirks=1\tdelay=2 \n"
		  "install fake /bin/true \\\n  && echo hi\nsoftdep a-b pre: c post: d\n"
		  "blacklist x-y\nalias pci:v[0-9]* m\n");
	assert_string_equal(p.err ? p.err : "", "");
	assert_int_equal(p.c.n, 5);
	assert_int_equal(p.c.v[0].kind, UMOD_CONF_OPTIONS);
	assert_string_equal(p.c.v[0].name, "usb_storage");
	/* one separator eaten after the name, tabs become spaces */
	assert_string_equal(p.c.v[0].value, " quirks=1 delay=2 ");
	assert_string_equal(p.c.v[1].value, "/bin/true   && echo hi");
	assert_string_equal(p.c.v[2].name, "a_b");
	assert_string_equal(p.c.v[2].value, "pre: c post: d");
	assert_true(umod_modconf_blacklisted(&p.c, "x_y"));
	assert_false(umod_modconf_blacklisted(&p.c, "x"));
	assert_string_equal(p.c.v[4].name, "pci:v[0-9]*");
	done(&p);
}

static void continuation_counts_lines(void **state)
{
	struct parsed p;

	parse(&p, "options a \\\nb=1\nbogus \\\nline\n");
	assert_string_equal(p.err,
		"modprobe: ERROR: t.conf line 4: ignoring bad line starting with 'bogus'\n");
	assert_string_equal(p.c.v[0].value, "b=1");
	done(&p);
}

static void no_trailing_newline_nor_nul(void **state)
{
	struct umod_modconf c = { 0 };
	const char text[] = { 'a', 'l', 'i', 'a', 's', ' ', 'x', ' ', 'y' };

	assert_int_equal(umod_modconf_parse(&c, text, sizeof(text), "t"), 0);
	assert_int_equal(c.n, 1);
	assert_string_equal(c.v[0].value, "y");
	umod_modconf_release(&c);
}

static void queries(void **state)
{
	struct parsed p;
	char *o;

	parse(&p, "options m a=1\noptions other b=2\noptions al c=3\noptions m d=4\n"
		  "install m* /bin/first\ninstall m /bin/second\nsoftdep m pre: x\n");
	o = umod_modconf_options(&p.c, "m", "al");
	assert_string_equal(o, "a=1 c=3 d=4");
	free(o);
	o = umod_modconf_options(&p.c, "none", NULL);
	assert_string_equal(o, "");
	free(o);
	assert_string_equal(umod_modconf_first(&p.c, UMOD_CONF_INSTALL, "mod")->value, "/bin/first");
	assert_null(umod_modconf_first(&p.c, UMOD_CONF_REMOVE, "m"));
	assert_string_equal(umod_modconf_first(&p.c, UMOD_CONF_SOFTDEP, "m")->value, "pre: x");
	done(&p);
}

static void embedded_nul_is_not_a_crash(void **state)
{
	struct umod_modconf c = { 0 };
	const char text[] = "alias a\0b c\noptions x y\n";

	assert_int_equal(umod_modconf_parse(&c, text, sizeof(text) - 1, "t"), 0);
	umod_modconf_release(&c);
}

/* the text modprobe -c prints for @p's entries */
static char *shown(struct parsed *p)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	umod_modconf_show(&p->c, f);
	fclose(f);
	return text;
}

static void kernel_cmdline(void **state)
{
	struct parsed p;
	char *text;

	parse(&p, "options file-mod a=1\n");
	assert_int_equal(umod_modconf_parse_kcmdline(&p.c,
		"quiet mitigations=auto,nosmt a.b.c=1 m-x.p=v psmouse.foo "
		"modprobe.blacklist=bl-a,bl_b "
		"\"parport.dyndbg=file drivers/parport/ieee1284_ops.c +mpf\" "
		"foo.bar=\"a b\" =x .=y [x.p=1 0.0.0.0:80 last.one=1\nnot.this=1"), 0);
	fflush(p.f);
	assert_string_equal(p.err, "modprobe: ERROR: Ignoring bad option on kernel command line "
				   "while parsing module name: '[x'\n");
	text = shown(&p);
	assert_string_equal(text,
		"blacklist bl-a\n"
		"blacklist bl_b\n"
		"options file_mod a=1\n"
		"options m_x p=v\n"
		"options psmouse foo\n"
		"options parport dyndbg=\"file drivers/parport/ieee1284_ops.c +mpf\"\n"
		"options foo bar=\"a b\"\n"
		"options  =y\n"
		"options last one=1\n");
	free(text);
	done(&p);

	/* an unterminated quote or an empty line: nothing, no crash */
	parse(&p, "");
	assert_int_equal(umod_modconf_parse_kcmdline(&p.c, "\"a.b=c d"), 0);
	assert_int_equal(umod_modconf_parse_kcmdline(&p.c, ""), 0);
	assert_int_equal(umod_modconf_parse_kcmdline(&p.c, "\""), 0);
	assert_int_equal(p.c.n, 0);
	/* a quote inside a module name: that word is skipped, and quoting goes on */
	assert_int_equal(umod_modconf_parse_kcmdline(&p.c, "x\"y.z=1 a.b=1\" c.d=2"), 0);
	assert_int_equal(p.c.n, 1);
	assert_string_equal(p.c.v[0].name, "c");
	assert_string_equal(p.c.v[0].value, "d=2");
	done(&p);
}

static void show_in_kmod_order(void **state)
{
	struct parsed p;
	char *text;

	parse(&p, "softdep c junk pre: x   y post:\tz  pre: w\nalias my-a real\n"
		  "options o-x  a=1\tb=2\nremove r echo bye\nsoftdep b pre:\n"
		  "install i-x  echo  hi\nblacklist bl-x\nsoftdep only post: p-q\n");
	text = shown(&p);
	/* kind by kind; a softdep's spans run together as kmod prints them */
	assert_string_equal(text,
		"blacklist bl_x\n"
		"install i_x  echo  hi\n"
		"remove r echo bye\n"
		"alias my_a real\n"
		"options o_x  a=1 b=2\n"
		"softdep c pre: x y z wpost: z\n"
		"softdep b \n"
		"softdep only post: p-q\n");
	free(text);
	done(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bad_lines_warn_and_skip),
		cmocka_unit_test(deprecated_commands),
		cmocka_unit_test(values_kept_as_kmod_keeps_them),
		cmocka_unit_test(continuation_counts_lines),
		cmocka_unit_test(no_trailing_newline_nor_nul),
		cmocka_unit_test(queries),
		cmocka_unit_test(embedded_nul_is_not_a_crash),
		cmocka_unit_test(kernel_cmdline),
		cmocka_unit_test(show_in_kmod_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
