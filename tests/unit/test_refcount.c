// SPDX-License-Identifier: MIT
/*
 * lib/refcount.c: the kernel's use-count semantics on one module: the
 * reference held during init, try_module_get failing once GOING or
 * stopped, an unload that only stops an unused module (and gives the base
 * back otherwise), and a put that never goes below zero.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "internal.h"

static struct umod_module *fake_module(void)
{
	struct umod_module *mod = calloc(1, sizeof(*mod));

	atomic_init(&mod->state, UMOD_MODULE_COMING);
	umod_refcount_init(mod);
	return mod;
}

static void held_during_init(void **state)
{
	struct umod_module *mod = fake_module();

	assert_int_equal(umod_refcount_read(mod), 1);
	atomic_store(&mod->state, UMOD_MODULE_LIVE);
	umod_refcount_init_done(mod);
	assert_int_equal(umod_refcount_read(mod), 0);
	assert_int_equal(umod_module_get_refcnt(mod), 0);
	free(mod);
}

/* COMING counts as live: a module may take a reference on itself in init */
static void get_and_put(void **state)
{
	struct umod_module *mod = fake_module();

	assert_true(umod_refcount_try_get(mod));
	assert_int_equal(umod_refcount_read(mod), 2);
	umod_refcount_get(mod);
	assert_int_equal(umod_refcount_read(mod), 3);
	umod_refcount_put(mod);
	umod_refcount_put(mod);
	umod_refcount_put(mod);
	assert_int_equal(umod_refcount_read(mod), 0);
	atomic_store(&mod->state, UMOD_MODULE_GOING);
	assert_false(umod_refcount_try_get(mod));
	assert_int_equal(umod_refcount_read(mod), 0);
	free(mod);
}

static void stop_only_when_unused(void **state)
{
	struct umod_module *mod = fake_module();

	atomic_store(&mod->state, UMOD_MODULE_LIVE);
	assert_int_equal(umod_refcount_try_stop(mod), -EWOULDBLOCK);	/* init's reference */
	assert_int_equal(umod_refcount_read(mod), 1);			/* base given back */
	umod_refcount_init_done(mod);
	assert_int_equal(umod_refcount_try_stop(mod), 0);
	/* stopped: the count is 0 and nobody can take a new reference */
	assert_int_equal(umod_refcount_read(mod), -1);
	assert_false(umod_refcount_try_get(mod));
	free(mod);
}

static void put_never_negative(void **state)
{
	struct umod_module *mod = fake_module();

	for (int i = 0; i < 5; i++)
		umod_refcount_put(mod);
	assert_int_equal(umod_refcount_read(mod), -1);
	assert_false(umod_refcount_try_get(mod));
	free(mod);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(held_during_init),
		cmocka_unit_test(get_and_put),
		cmocka_unit_test(stop_only_when_unused),
		cmocka_unit_test(put_never_negative),
	};

	return cmocka_run_group_tests_name("refcount", tests, NULL, NULL);
}
