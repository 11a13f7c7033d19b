// SPDX-License-Identifier: MIT
/*
 * Every rung of the load's rollback ladder, reached by failing each
 * allocation, mmap and mprotect a load makes, one at a time (run with
 * libfault.so preloaded). A first load counts the calls; then for every N
 * the N-th call fails and the load must end in -ENOMEM with no block of
 * its own left live, no mapping left, no module left in the host, and the
 * host able to load and unload the module right after.
 *
 * One exception, as in Linux: once init has run the load cannot be
 * undone, so a failed ro_after_init mprotect only warns.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "fault.h"
#include "helpers.h"
#include "kernel/module/module.h"
#include <umod/umod.h>

struct load_case {
	const char *path;
	const char *args;
	const char *name;
	/* the mmap of the lazy kallsyms table, when init looks a symbol up
	 * (allocs names its allocation sites); 0: none */
	long kallsyms_mmap;
};

static const struct load_case hellop = {
	UMOD_EXAMPLES "/hellop.ko", "howmany=2 whom=universe", "hellop", 0,
};
static const struct load_case allocs = {
	UMOD_TEST_MODULES "/allocs.ko", "label=\"fault injection\"", "allocs", 2,
};

static int count_one(struct umod_module *mod, void *data)
{
	(*(int *)data)++;
	return 0;
}

static int modules_loaded(struct umod_host *host)
{
	int n = 0;

	umod_host_for_each_module(host, count_one, &n);
	return n;
}

static int load(struct umod_host *host, const struct load_case *c)
{
	return umod_module_insert_file(host, c->path, c->args, 0, NULL);
}

/* the N-th call failed after init: the only load allowed to succeed */
static void expect_ro_after_init_warning(struct umod_host *host, const struct capture *cap,
					 const struct load_case *c)
{
	char line[256];

	snprintf(line, sizeof(line), "%s: module_enable_rodata_ro_after_init() returned %d, ro_after_init data might still be writable",
		 c->name, -ENOMEM);
	assert_string_equal(capture_last(cap), line);
	assert_int_equal(umod_module_remove(host, c->name, 0), 0);
}

static void fail_nth(struct umod_host *host, struct capture *cap,
		     const struct load_case *c, int kind, long n)
{
	int maps = count_mappings(), err;

	umod_fault_arm(kind, n);
	err = load(host, c);
	umod_fault_disarm();
	if (err == 0 && kind == FAULT_MPROTECT) {
		expect_ro_after_init_warning(host, cap, c);
	} else if (err == 0 && kind == FAULT_MMAP && n == c->kallsyms_mmap) {
		/* a table that could not be built fails that lookup only (the
		 * site is named by its address); the next lookup builds it */
		assert_int_equal(umod_module_remove(host, c->name, 0), 0);
		maps = count_mappings();
	} else if (err == 0 && kind == FAULT_MMAP && n == umod_fault_calls(kind)) {
		/* the last mmap gave the init region back: a release cannot
		 * fail a load, it falls back to mprotect and madvise (which
		 * leaves the area's mapping split: not counted) */
		assert_int_equal(umod_module_remove(host, c->name, 0), 0);
		maps = count_mappings();
	} else {
		if (err != -ENOMEM)
			fail_msg("%s: failing call %ld of kind %d gave %d, not -ENOMEM",
				 c->name, n, kind, err);
		assert_int_equal(umod_fault_live(), 0);
	}
	assert_int_equal(modules_loaded(host), 0);
	assert_int_equal(count_mappings(), maps);
	assert_int_equal(load(host, c), 0);
	assert_int_equal(umod_module_remove(host, c->name, 0), 0);
}

/*
 * @cached: the image is in the host's image cache (two loads before the
 * count), as for every load of a module loaded before; else the cache is
 * off and the load does all its checks, as a first load.
 */
static void sweep(const struct load_case *c, int kind, bool cached)
{
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);
	long total;

	assert_non_null(host);
	umod_image_cache_enable(host, cached);
	/* the module area is reserved once, at a host's first load: not counted */
	for (int i = 0; i < (cached ? 2 : 1); i++) {
		assert_int_equal(load(host, c), 0);
		assert_int_equal(umod_module_remove(host, c->name, 0), 0);
	}
	umod_fault_arm(kind, 0);
	assert_int_equal(load(host, c), 0);
	umod_fault_disarm();
	total = umod_fault_calls(kind);
	assert_int_equal(umod_module_remove(host, c->name, 0), 0);
	assert_true(total > 0);
	printf("%s%s: %ld calls of kind %d, each failed in turn\n", c->name,
	       cached ? " (cached)" : "", total, kind);
	for (long n = 1; n <= total; n++)
		fail_nth(host, &cap, c, kind, n);
	umod_host_unref(host);
}

/*
 * The thread's task is made on its first entry into module code, once per
 * thread (and a static one stands in if that fails): make it now, so the
 * sweep counts what each load allocates.
 */
static int setup(void **state)
{
	umod_task_set_identity(getpid(), "test_fault_load");
	return fault_preloaded() ? 0 : -1;
}

static void hellop_allocs(void **state) { sweep(&hellop, FAULT_ALLOC, false); }
static void hellop_mmaps(void **state) { sweep(&hellop, FAULT_MMAP, false); }
static void hellop_mprotects(void **state) { sweep(&hellop, FAULT_MPROTECT, false); }
static void allocs_allocs(void **state) { sweep(&allocs, FAULT_ALLOC, false); }
static void allocs_mmaps(void **state) { sweep(&allocs, FAULT_MMAP, false); }
static void allocs_mprotects(void **state) { sweep(&allocs, FAULT_MPROTECT, false); }
static void hellop_cached_allocs(void **state) { sweep(&hellop, FAULT_ALLOC, true); }
static void allocs_cached_allocs(void **state) { sweep(&allocs, FAULT_ALLOC, true); }

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hellop_allocs),
		cmocka_unit_test(hellop_mmaps),
		cmocka_unit_test(hellop_mprotects),
		cmocka_unit_test(allocs_allocs),
		cmocka_unit_test(allocs_mmaps),
		cmocka_unit_test(allocs_mprotects),
		cmocka_unit_test(hellop_cached_allocs),
		cmocka_unit_test(allocs_cached_allocs),
	};

	return cmocka_run_group_tests_name("fault injection", tests, setup, NULL);
}
