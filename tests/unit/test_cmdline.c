// SPDX-License-Identifier: MIT
/*
 * kernel/module/cmdline.c: which words of the host's command line a load of a module
 * gets, in which form, and that the load's own arguments come after them.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "helpers.h"
#include "kernel/module/internal.h"

static struct capture cap;

/* what @mod gets from @cmdline and @args ("(none)" when nothing) */
static const char *args_for(struct umod_host *host, const char *cmdline,
			    const char *mod, const char *args)
{
	static char out[512];
	char *s;

	assert_int_equal(umod_host_set_cmdline(host, cmdline), 0);
	assert_int_equal(umod_cmdline_module_args(host, mod, args, &s), 0);
	strcpy(out, s ? s : "(none)");
	free(s);
	return out;
}

static void picks_the_module_words(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	static const struct { const char *cmdline, *mod, *args, *want; } cases[] = {
		{ NULL, "m", NULL, "(none)" },
		{ "", "m", "", "(none)" },
		{ NULL, "m", "a=1", "a=1" },
		{ "m.a=1", "m", NULL, "a=1" },
		{ "m.a=1 m.b", "m", "a=2", "a=1 b a=2" },
		{ "quiet root=/dev/sda x.a=1 m.a=1", "m", NULL, "a=1" },
		/* '-' and '_' equal in the module name, not in other characters */
		{ "my-mod.a=1 my_mod.b=2 mymod.c=3", "my_mod", NULL, "a=1 b=2" },
		/* a value with spaces is quoted again, whichever way it was quoted */
		{ "m.w=\"big universe\" \"m.v=a b\"", "m", NULL, "w=\"big universe\" v=\"a b\"" },
		/* not options: no module, no parameter, '=' first, two dots */
		{ ".a=1 m.=1 m. a=b.c m.a.b=1 =m.a", "m", NULL, "(none)" },
		/* dots in the value are fine */
		{ "m.path=a.b.c", "m", NULL, "path=a.b.c" },
		/* modprobe's own words are not a module's */
		{ "modprobe.blacklist=x", "modprobe", NULL, "(none)" },
		{ "  m.a=1\tm.b=2  ", "m", " c=3", "a=1 b=2  c=3" },
	};

	assert_non_null(host);
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(cases); i++)
		assert_string_equal(args_for(host, cases[i].cmdline, cases[i].mod, cases[i].args),
				    cases[i].want);
	assert_int_equal(umod_host_set_cmdline(NULL, "m.a=1"), -EINVAL);
	umod_host_unref(host);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(picks_the_module_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
