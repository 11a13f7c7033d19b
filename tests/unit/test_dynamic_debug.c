// SPDX-License-Identifier: MIT
/*
 * lib/dynamic_debug.c: 6.1's query language (keywords, line ranges,
 * wildcards, format anchoring and escapes, flag operators, several queries
 * in one write) on a fake module's call sites, each error in 6.1's words,
 * the control file's listing, the dyndbg= parameter, and class
 * parameters (param_ops_dyndbg_classes).
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <umod/kabi/dynamic_debug.h>

#include "helpers.h"
#include "kernel/module/internal.h"
#include "lib/dynamic_debug.h"

#define SITE(fn, line, fmt)	{ .modname = "demo", .function = fn, \
				  .filename = "/src/drv/demo.c", .format = fmt, \
				  .lineno = line, .class_id = _DPRINTK_CLASS_DFLT }

struct fixture {
	struct capture cap;
	struct umod_host *host;
	struct umod_module *mod;
	struct umod_section sec[2];
	struct _ddebug sites[5];
	struct ddebug_class_map map;
};

static const char *class_names[] = { "LOW", "HIGH" };

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	static struct module kmod;
	const struct _ddebug sites[] = {
		SITE("demo_init", 10, "init %d\n"),
		SITE("demo_read", 20, "read %zu bytes\n"),
		SITE("demo_read", 21, "tab\there\n"),
		SITE("demo_write", 30, "write done\n"),
		SITE("demo_write", 31, "classy\n"),
	};
	struct ddebug_class_map map = { .mod_name = "demo", .class_names = class_names,
					.length = 2, .base = 4 };

	memcpy(f->sites, sites, sizeof(sites));
	f->sites[4].class_id = 5;	/* HIGH */
	memcpy(&f->map, &map, sizeof(map));
	f->host = test_host_new(&f->cap);
	f->mod = fake_module_new(f->host, "demo", &kmod, NULL, 0);
	f->sec[0] = (struct umod_section){ "__dyndbg", f->sites, sizeof(f->sites) };
	f->sec[1] = (struct umod_section){ "__dyndbg_classes", &f->map, sizeof(f->map) };
	f->mod->sections = f->sec;
	f->mod->num_sections = 2;
	assert_int_equal(umod_ddebug_add_module(f->mod), 0);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	umod_ddebug_remove_module(f->mod);
	f->mod->sections = NULL;
	f->mod->num_sections = 0;
	fake_module_free(f->mod);
	umod_host_unref(f->host);
	free(f);
	return 0;
}

/* @q run on the host's sites: the count, or the error */
static int run(struct fixture *f, const char *q)
{
	char buf[512];

	snprintf(buf, sizeof(buf), "%s", q);
	return umod_ddebug_exec_queries(f->host, buf, NULL);
}

static unsigned int flags(struct fixture *f, int i)
{
	return f->sites[i].flags;
}

static void keywords_select_sites(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(run(f, "func demo_read +p"), 2);
	assert_int_equal(flags(f, 1), _DPRINTK_FLAGS_PRINT);
	assert_int_equal(flags(f, 0), 0);
	assert_int_equal(run(f, "file demo.c line 30 +m"), 1);
	assert_int_equal(flags(f, 3), _DPRINTK_FLAGS_INCL_MODNAME);
	assert_int_equal(run(f, "file /src/drv/demo.c +l"), 4);	/* class'd site left */
	assert_int_equal(run(f, "file drv/*.c +l"), 0);		/* basename or whole path */
	assert_int_equal(run(f, "file /src/*/demo.c:demo_w* +f"), 1);
	assert_int_equal(run(f, "file demo.c:20-21 +t"), 2);
	assert_int_equal(run(f, "module d?mo line 11- +_"), 3);
	assert_int_equal(run(f, "module other +p"), 0);
	assert_int_equal(run(f, "line -20 =p"), 2);
	assert_int_equal(flags(f, 1), _DPRINTK_FLAGS_PRINT);
	assert_int_equal(run(f, "class HIGH +p"), 1);
	assert_int_equal(flags(f, 4), _DPRINTK_FLAGS_PRINT);
	assert_int_equal(run(f, "class NONE +p"), 0);
}

static void formats_anchor_and_unescape(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(run(f, "format bytes +p"), 1);
	assert_int_equal(run(f, "format ^read +p"), 1);
	assert_int_equal(run(f, "format ^bytes +p"), 0);
	assert_int_equal(run(f, "format 'tab\\there' +p"), 1);
	assert_int_equal(run(f, "format write\\040done +m"), 1);
	assert_int_equal(flags(f, 3), _DPRINTK_FLAGS_INCL_MODNAME);
	assert_int_equal(run(f, "format \"%d\\n\" +f"), 1);
}

static void flag_operators(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(run(f, "func demo_init +pmflt"), 1);
	assert_int_equal(flags(f, 0), 0x1f);
	assert_int_equal(run(f, "func demo_init -mt"), 1);
	assert_int_equal(flags(f, 0), _DPRINTK_FLAGS_PRINT | _DPRINTK_FLAGS_INCL_FUNCNAME |
			 _DPRINTK_FLAGS_INCL_LINENO);
	assert_int_equal(run(f, "func demo_init =l"), 1);
	assert_int_equal(flags(f, 0), _DPRINTK_FLAGS_INCL_LINENO);
	assert_int_equal(run(f, "func demo_init =_"), 1);
	assert_int_equal(flags(f, 0), 0);
	assert_int_equal(run(f, "func demo_init +"), 1);	/* no flags: no change */
}

static void several_queries(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(run(f, "func demo_init +p; func demo_write +p\n# a comment\n;;"), 2);
	/* the class'd write site is not selected without "class"; an error does
	 * not stop the other queries, and the write fails with it */
	assert_int_equal(run(f, "func demo_init -p; bogus; func demo_read +p"), -EINVAL);
	assert_int_equal(flags(f, 0), 0);
	assert_int_equal(flags(f, 1), _DPRINTK_FLAGS_PRINT);
	assert_string_equal(f->cap.lines[f->cap.n - 2], "dyndbg: bad flag-op b, at start of bogus");
	assert_string_equal(capture_last(&f->cap), "dyndbg: flags parse failed");
	assert_int_equal(run(f, "   "), 0);
}

static void errors_in_6_1_words(void **state)
{
	static const struct { const char *query, *first, *last; } cases[] = {
		{ "func", "dyndbg: bad flag-op f, at start of func", "dyndbg: flags parse failed" },
		{ "func x", "dyndbg: bad flag-op x, at start of x", "dyndbg: flags parse failed" },
		{ "func +p", "dyndbg: expecting pairs of match-spec <value>",
		  "dyndbg: query parse failed" },
		{ "nosuch x +p", "dyndbg: unknown keyword \"nosuch\"", "dyndbg: query parse failed" },
		{ "func x +q", "dyndbg: unknown flag 'q'", "dyndbg: flags parse failed" },
		{ "line 9-3 +p", "dyndbg: last-line:3 < 1st-line:9", "dyndbg: query parse failed" },
		{ "line x +p", "dyndbg: bad line-number: x", "dyndbg: query parse failed" },
		{ "line 1 line 2 +p", "dyndbg: match-spec: line used 2x",
		  "dyndbg: query parse failed" },
		{ "func a func b +p", "dyndbg: match-spec:func val:a overridden by b",
		  "dyndbg: query parse failed" },
		{ "file a.c:f func g +p", "dyndbg: match-spec:func val:f overridden by g",
		  "dyndbg: query parse failed" },
		{ "format 'open +p", "dyndbg: unclosed quote: open +p", "dyndbg: tokenize failed" },
		{ "a b c d e f g h i j", "dyndbg: too many words, legal max <=9",
		  "dyndbg: tokenize failed" },
	};
	struct fixture *f = *state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int n0 = f->cap.n;

		assert_int_equal(run(f, cases[i].query), -EINVAL);
		assert_int_equal(f->cap.n, n0 + 2);
		assert_string_equal(f->cap.lines[n0], cases[i].first);
		assert_string_equal(f->cap.lines[n0 + 1], cases[i].last);
	}
	for (int i = 0; i < 5; i++)
		assert_int_equal(flags(f, i), 0);
}

static void control_file_lists_sites(void **state)
{
	struct fixture *f = *state;
	struct umod_file *file;
	char buf[2048];
	int64_t pos = 0;
	ssize_t n;

	assert_int_equal(run(f, "func demo_read +pf"), 2);
	assert_int_equal(umod_fs_open(f->host, "proc/dynamic_debug/control", O_RDWR, &file), 0);
	n = umod_fs_read(file, buf, sizeof(buf) - 1, &pos);
	assert_true(n > 0);
	buf[n] = '\0';
	assert_string_equal(buf,
		"# filename:lineno [module]function flags format\n"
		"/src/drv/demo.c:31 [demo]demo_write =_ \"classy\\n\" class:HIGH\n"
		"/src/drv/demo.c:30 [demo]demo_write =_ \"write done\\n\"\n"
		"/src/drv/demo.c:21 [demo]demo_read =pf \"tab\\there\\n\"\n"
		"/src/drv/demo.c:20 [demo]demo_read =pf \"read %zu bytes\\n\"\n"
		"/src/drv/demo.c:10 [demo]demo_init =_ \"init %d\\n\"\n");
	/* a read at an offset continues the same text */
	pos = 10;
	assert_int_equal(umod_fs_read(file, buf, 8, &pos), 8);
	assert_memory_equal(buf, ":lineno ", 8);
	/* a write is a batch of queries; an error fails it */
	pos = 0;
	assert_int_equal(umod_fs_write(file, "func demo_init +p\n", 18, &pos), 18);
	assert_int_equal(flags(f, 0), _DPRINTK_FLAGS_PRINT);
	assert_int_equal(umod_fs_write(file, "junk", 4, &pos), -EINVAL);
	memset(buf, 'a', sizeof(buf));
	assert_int_equal(umod_fs_write(file, buf, 4096, &pos), -E2BIG);
	assert_string_equal(capture_last(&f->cap), "dyndbg: expected <4096 bytes into control");
	umod_fs_release(file);
	assert_int_equal(umod_fs_stat(f->host, "sys/kernel/debug/dynamic_debug/control", NULL,
				      NULL), 0);
}

static void dyndbg_parameter(void **state)
{
	struct fixture *f = *state;
	char p1[] = "dyndbg", p2[] = "dyndbg", v2[] = "func demo_init +p";
	char p3[] = "other.dyndbg", v3[] = "+p", p4[] = "demo.dyndbg", p5[] = "verbose";

	assert_int_equal(umod_ddebug_module_param_cb(f->host, p1, NULL, "demo"), 0);
	assert_int_equal(flags(f, 3), _DPRINTK_FLAGS_PRINT);	/* bare: +p on the module */
	assert_int_equal(run(f, "=_"), 4);
	assert_int_equal(umod_ddebug_module_param_cb(f->host, p2, v2, "demo"), 0);
	assert_int_equal(flags(f, 0), _DPRINTK_FLAGS_PRINT);
	assert_int_equal(flags(f, 3), 0);
	/* MODULE.dyndbg is that module's */
	assert_int_equal(umod_ddebug_module_param_cb(f->host, p3, v3, "demo"), 0);
	assert_int_equal(flags(f, 1), 0);
	assert_int_equal(umod_ddebug_module_param_cb(f->host, p4, v3, "x"), 0);
	assert_int_equal(flags(f, 1), _DPRINTK_FLAGS_PRINT);
	assert_int_equal(umod_ddebug_module_param_cb(f->host, p5, v3, "demo"), -ENOENT);
}

struct class_set {
	int (*set)(const char *, const struct kernel_param *);
	const char *val;
	const struct kernel_param *kp;
};

static long call_set(void *arg)
{
	struct class_set *c = arg;

	return c->set(c->val, c->kp);
}

/* param_ops_dyndbg_classes' set, as a parameter write runs it: in the module's call */
static int set_classes(struct fixture *f, const struct kernel_param *kp, const char *val)
{
	struct class_set c = { test_export(f->host, "param_set_dyndbg_classes"), val, kp };
	long ret;

	assert_int_equal(umod_call(f->mod, call_set, &c, &ret), 0);
	return (int)ret;
}

static void class_parameters(void **state)
{
	struct fixture *f = *state;
	unsigned long bits = 0;
	unsigned int lvl = 0;
	struct ddebug_class_param dcp = { .bits = &bits, .flags = "p", .map = &f->map };
	struct kernel_param kp = { .name = "debug", .arg = &dcp };
	int (*get)(char *, const struct kernel_param *) =
		test_export(f->host, "param_get_dyndbg_classes");
	char buf[32];

	/* DISJOINT_BITS: bit 1 is HIGH, the class'd site */
	assert_int_equal(set_classes(f, &kp, "0x2"), 0);
	assert_int_equal(flags(f, 4), _DPRINTK_FLAGS_PRINT);
	assert_int_equal(flags(f, 3), 0);
	assert_int_equal(get(buf, &kp), 4);
	assert_string_equal(buf, "0x2\n");
	assert_int_equal(set_classes(f, &kp, "0x6"), 0);
	assert_string_equal(capture_last(&f->cap),
			    "dyndbg: debug: input: 0x6 exceeds mask: 0x3, masking");
	assert_int_equal(set_classes(f, &kp, "x"), -EINVAL);
	assert_string_equal(capture_last(&f->cap), "dyndbg: expecting numeric input: x > debug");
	assert_int_equal(set_classes(f, &kp, "0"), 0);
	assert_int_equal(flags(f, 4), 0);
	/* DISJOINT_NAMES */
	f->map.map_type = DD_CLASS_TYPE_DISJOINT_NAMES;
	bits = 0;
	assert_int_equal(set_classes(f, &kp, "HIGH,NONE\n"), 0);
	assert_string_equal(capture_last(&f->cap), "dyndbg: NONE unknown to debug");
	assert_int_equal(flags(f, 4), _DPRINTK_FLAGS_PRINT);
	assert_int_equal(set_classes(f, &kp, "-HIGH"), 0);
	assert_int_equal(flags(f, 4), 0);
	/* LEVEL_NUM: level 2 turns on LOW and HIGH */
	f->map.map_type = DD_CLASS_TYPE_LEVEL_NUM;
	dcp.lvl = &lvl;
	assert_int_equal(set_classes(f, &kp, "2"), 0);
	assert_int_equal(flags(f, 4), _DPRINTK_FLAGS_PRINT);
	assert_int_equal(get(buf, &kp), 2);
	assert_string_equal(buf, "2\n");
	assert_int_equal(set_classes(f, &kp, "9"), 0);
	assert_string_equal(capture_last(&f->cap), "dyndbg: debug: level:9 exceeds max:2, clamping");
	assert_int_equal(set_classes(f, &kp, "1"), 0);
	assert_int_equal(flags(f, 4), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(keywords_select_sites, setup, teardown),
		cmocka_unit_test_setup_teardown(formats_anchor_and_unescape, setup, teardown),
		cmocka_unit_test_setup_teardown(flag_operators, setup, teardown),
		cmocka_unit_test_setup_teardown(several_queries, setup, teardown),
		cmocka_unit_test_setup_teardown(errors_in_6_1_words, setup, teardown),
		cmocka_unit_test_setup_teardown(control_file_lists_sites, setup, teardown),
		cmocka_unit_test_setup_teardown(dyndbg_parameter, setup, teardown),
		cmocka_unit_test_setup_teardown(class_parameters, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
