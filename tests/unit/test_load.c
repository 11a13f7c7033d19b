// SPDX-License-Identifier: MIT
/*
 * kernel/module/main.c's rollback ladder on real modules (tests/modules): an init
 * that fails, with any negative value, undoes every rung (exports,
 * holder links, parameters, sysfs, memory, the list entry), and a
 * thousand failed loads of three kinds (bad parameter, failing init,
 * unknown symbol) leave no byte allocated and no mapping behind.
 */
#include <errno.h>
#include <malloc.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/macro.h"

#include "helpers.h"

#define MODULES		UMOD_TEST_MODULES "/"
#define FAILED_LOADS	1000

static int count_export(const char *name, const char *owner, int gpl, void *data)
{
	return !strcmp(name, data);
}

static bool exported(struct umod_host *host, const char *name)
{
	return umod_host_for_each_export(host, count_export, (void *)name) == 1;
}

static int count_holder(struct umod_module *holder, void *data)
{
	(*(int *)data)++;
	return 0;
}

static int holders_of(struct umod_host *host, const char *name)
{
	struct umod_module *mod;
	int n = 0;

	assert_int_equal(umod_module_find(host, name, &mod), 0);
	umod_module_for_each_holder(mod, count_holder, &n);
	umod_module_unref(mod);
	return n;
}

static int count_module(struct umod_module *mod, void *data)
{
	(*(int *)data)++;
	return 0;
}

static int modules_in(struct umod_host *host)
{
	int n = 0;

	umod_host_for_each_module(host, count_module, &n);
	return n;
}

/* every rung, after an init that returned -@err */
static void assert_rolled_back(struct umod_host *host, struct umod_module *provider)
{
	struct umod_module *mod;

	assert_int_equal(umod_module_find(host, "rollback", &mod), -ENOENT);
	assert_int_equal(modules_in(host), 1);			/* provider only */
	assert_false(exported(host, "rollback_value"));
	assert_int_equal(holders_of(host, "provider"), 0);
	assert_int_equal(umod_module_get_refcnt(provider), 0);
	assert_int_equal(umod_sysfs_stat(host, "rollback", NULL, NULL), -ENOENT);
	assert_true(exported(host, "provider_value"));
}

static void failing_init_rolls_back(void **state)
{
	static const int errs[] = { ENODEV, EPERM, ENOMEM, EEXIST, 4095, 100000 };
	struct umod_module *provider;
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);
	int maps;

	assert_int_equal(umod_module_insert_file(host, MODULES "provider.ko", NULL, 0, &provider), 0);
	/* the timer thread and the workers start at the first unload and stay */
	assert_int_equal(umod_module_insert_file(host, MODULES "rollback.ko", "err=19", 0, NULL), -19);
	cap.n = 0;
	maps = count_mappings();
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(errs); i++) {
		char args[64];

		snprintf(args, sizeof(args), "err=%d label=\"a long label\"", errs[i]);
		assert_int_equal(umod_module_insert_file(host, MODULES "rollback.ko", args, 0, NULL),
				 -errs[i]);
		/* the module's own line, and not a word from the loader */
		assert_string_equal(capture_last(&cap), "rollback: a long label 42");
		assert_int_equal(cap.n, (int)i + 1);
		assert_rolled_back(host, provider);
		assert_int_equal(count_mappings(), maps);
	}
	/* nothing stale: the same module loads, exports and holds again */
	assert_int_equal(umod_module_insert_file(host, MODULES "rollback.ko", NULL, 0, NULL), 0);
	assert_true(exported(host, "rollback_value"));
	assert_int_equal(holders_of(host, "provider"), 1);
	assert_int_equal(umod_module_remove(host, "rollback", 0), 0);
	umod_module_unref(provider);
	umod_host_unref(host);
}

/* bytes the C library's allocator has handed out and not got back */
static size_t heap_in_use(void)
{
#ifdef __SANITIZE_ADDRESS__
	return 0;		/* ASan's allocator: LeakSanitizer checks at exit */
#else
	struct mallinfo2 mi = mallinfo2();

	return mi.uordblks + mi.hblkhd;
#endif
}

struct failed_load {
	const char *file, *args;
	int err;
	const char *line;	/* the host's last message */
};

static const struct failed_load failed_loads[] = {
	{ "rollback.ko", "label=xyz err=x", -EINVAL, "rollback: `x' invalid for parameter `err'" },
	{ "rollback.ko", "label=xyz err=19", -ENODEV, "rollback: xyz 42" },
	{ "absent.ko", NULL, -ENOENT, "absent: Unknown symbol absent_function (err -2)" },
};

static void fail_each(struct umod_host *host, struct capture *cap, int rounds)
{
	for (int i = 0; i < rounds; i++) {
		const struct failed_load *f = &failed_loads[i % UMOD_ARRAY_SIZE(failed_loads)];
		char path[256];

		snprintf(path, sizeof(path), MODULES "%s", f->file);
		assert_int_equal(umod_module_insert_file(host, path, f->args, 0, NULL), f->err);
		assert_string_equal(capture_last(cap), f->line);
		cap->n = 0;
	}
}

static void thousand_failed_loads_leave_nothing(void **state)
{
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);
	size_t heap;
	int maps;

	assert_int_equal(umod_module_insert_file(host, MODULES "provider.ko", NULL, 0, NULL), 0);
	/*
	 * A hundred first: the C library keeps what it sets up once (stdio,
	 * locale), and malloc's per-thread cache holds freed blocks that
	 * mallinfo2() counts as in use until its bins are full.
	 */
	fail_each(host, &cap, 100);
	heap = heap_in_use();
	maps = count_mappings();
	fail_each(host, &cap, FAILED_LOADS);
	assert_int_equal(heap_in_use(), heap);
	assert_int_equal(count_mappings(), maps);
	assert_int_equal(modules_in(host), 1);
	assert_int_equal(holders_of(host, "provider"), 0);
	umod_host_unref(host);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(failing_init_rolls_back),
		cmocka_unit_test(thousand_failed_loads_leave_nothing),
	};

	return cmocka_run_group_tests_name("load", tests, NULL, NULL);
}
