// SPDX-License-Identifier: MIT
/*
 * kernel/jump_label.c: the count of a static key as 6.1 keeps it, through
 * the exports module code calls. slow_inc takes 0 (or a negative count)
 * to 1 and counts up from there; slow_dec is atomic_fetch_add_unless(-1,
 * 1) then the last decrement, with 6.1's "jump label: negative count!"
 * once the count was already below 0; enable/disable set 1 or 0 and warn
 * once when the key is counted instead. Warnings are the module's (run
 * inside a fake module's call).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <umod/kabi/jump_label.h>

#include "helpers.h"
#include "kapi_lookup.h"
#include "kernel/kapi.h"
#include "kernel/module/internal.h"

typedef void (*key_fn)(struct static_key *key);

static struct capture cap;
static struct module kmod;
static struct umod_module *mod;
static struct umod_host *host;

static key_fn fn(const char *name)
{
	key_fn f = KAPI_FN(&umod_kapi_jump_label, name, key_fn);

	assert_non_null(f);
	return f;
}

static int count(struct static_key *key)
{
	return __atomic_load_n(&key->enabled.counter, __ATOMIC_RELAXED);
}

/* a call of @name on @key as the fake module's code: its WARNs are the module's */
struct op {
	const char *name;
	struct static_key *key;
};

static long run_op(void *arg)
{
	struct op *o = arg;

	fn(o->name)(o->key);
	return 0;
}

static void call(const char *name, struct static_key *key)
{
	struct op o = { name, key };
	long ret;

	assert_int_equal(umod_call(mod, run_op, &o, &ret), 0);
}

static int warnings(void)
{
	int n = 0;

	for (int i = 0; i < cap.n; i++)
		n += strstr(cap.lines[i], "------------[ cut here ]------------") != NULL;
	return n;
}

static int setup(void **state)
{
	host = test_host_new(&cap);
	if (!host)
		return -1;
	mod = fake_module_new(host, "keys", &kmod, NULL, 0);
	if (!mod)
		return -1;
	umod_refcount_init(mod);
	umod_refcount_init_done(mod);
	return 0;
}

static int teardown(void **state)
{
	fake_module_free(mod);
	umod_host_unref(host);
	return 0;
}

static void counting(void **state)
{
	struct static_key key = { .enabled = { 0 } };

	call("static_key_slow_inc", &key);
	assert_int_equal(count(&key), 1);
	call("static_key_slow_inc_cpuslocked", &key);
	call("static_key_slow_inc", &key);
	assert_int_equal(count(&key), 3);
	call("static_key_slow_dec", &key);
	call("static_key_slow_dec_cpuslocked", &key);
	assert_int_equal(count(&key), 1);
	call("static_key_slow_dec", &key);
	assert_int_equal(count(&key), 0);
	assert_int_equal(warnings(), 0);

	/* one too many: below 0 quietly (the value before was 0), the next warns */
	call("static_key_slow_dec", &key);
	assert_int_equal(count(&key), -1);
	assert_int_equal(warnings(), 0);
	call("static_key_slow_dec", &key);
	assert_int_equal(count(&key), -2);
	assert_int_equal(warnings(), 1);
	assert_true(capture_has(&cap, "jump label: negative count!"));
	/* an increment from below 0 only counts back up: still off */
	call("static_key_slow_inc", &key);
	assert_int_equal(count(&key), -1);
	call("static_key_slow_inc", &key);
	call("static_key_slow_inc", &key);
	assert_int_equal(count(&key), 1);
}

static void enable_disable(void **state)
{
	struct static_key key = { .enabled = { 0 } };

	call("static_key_enable", &key);
	assert_int_equal(count(&key), 1);
	call("static_key_enable_cpuslocked", &key);		/* already on: nothing */
	assert_int_equal(count(&key), 1);
	call("static_key_disable", &key);
	assert_int_equal(count(&key), 0);
	call("static_key_disable_cpuslocked", &key);		/* already off */
	assert_int_equal(count(&key), 0);
	assert_int_equal(warnings(), 0);

	/* a counted key: enable and disable leave the count, with a WARN_ON_ONCE each */
	key.enabled.counter = 2;
	call("static_key_enable", &key);
	assert_int_equal(count(&key), 2);
	assert_int_equal(warnings(), 1);
	call("static_key_disable", &key);
	assert_int_equal(count(&key), 2);
	assert_int_equal(warnings(), 2);
	call("static_key_enable", &key);
	call("static_key_disable", &key);
	assert_int_equal(warnings(), 2);			/* once */
	/* a negative count: enable leaves it (only 0 becomes 1), disable too */
	key.enabled.counter = -1;
	call("static_key_enable", &key);
	assert_int_equal(count(&key), -1);
	call("static_key_disable", &key);
	assert_int_equal(count(&key), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(counting, setup, teardown),
		cmocka_unit_test_setup_teardown(enable_disable, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
