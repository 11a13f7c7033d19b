// SPDX-License-Identifier: MIT
/*
 * kernel/module/unload.c on real modules (tests/modules): what delete_module()
 * refuses and in which order (held by another module, permanent, in use),
 * forced unload with and without the host's switch, a load from inside a
 * module's init, and the lifecycle under fire: threads finding lifemod.ko
 * through a registry (try_module_get, call, module_put) while the main
 * thread loads and unloads it. Also built with ThreadSanitizer
 * (tests/tsan/), with fewer rounds.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "kernel/module/module.h"

#include "../modules/lifereg.h"
#include "helpers.h"

#define MODULES		UMOD_TEST_MODULES "/"
#ifndef LIFE_ROUNDS
#define LIFE_ROUNDS	300
#endif
#define LIFE_SECONDS	20
#define LIFE_USERS	2

/* ---- what this host exports to the modules (lifereg.h) -------------------- */

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static struct life_ops *registered;	/* under reg_lock */
static atomic_long reported_calls;
static atomic_int exits_with_users;
static struct umod_host *nested_host;

int life_register(struct life_ops *ops)
{
	int err = 0;

	pthread_mutex_lock(&reg_lock);
	if (registered)
		err = -EBUSY;
	else
		registered = ops;
	pthread_mutex_unlock(&reg_lock);
	return err;
}

void life_unregister(struct life_ops *ops)
{
	pthread_mutex_lock(&reg_lock);
	if (registered == ops)
		registered = NULL;
	pthread_mutex_unlock(&reg_lock);
}

void life_report(int calls, int users)
{
	atomic_fetch_add(&reported_calls, calls);
	if (users)
		atomic_fetch_add(&exits_with_users, 1);
}

int life_load_nested(void)
{
	return umod_module_insert_file(nested_host, MODULES "provider.ko", NULL, 0, NULL);
}

UMOD_EXPORT_SYMBOL(life_register);
UMOD_EXPORT_SYMBOL(life_unregister);
UMOD_EXPORT_SYMBOL(life_report);
UMOD_EXPORT_SYMBOL(life_load_nested);

/* ---- refusals and forced unload ------------------------------------------ */

static struct umod_host *host_with(struct capture *cap, const char *path, const char *args)
{
	struct umod_host *host = test_host_new(cap);

	assert_non_null(host);
	assert_int_equal(umod_module_insert_file(host, path, args, 0, NULL), 0);
	return host;
}

static int refcnt_of(struct umod_host *host, const char *name)
{
	struct umod_module *mod;
	int n;

	if (umod_module_find(host, name, &mod))
		return -100;
	n = umod_module_get_refcnt(mod);
	umod_module_unref(mod);
	return n;
}

static bool loaded(struct umod_host *host, const char *name)
{
	struct umod_module *mod;

	if (umod_module_find(host, name, &mod))
		return false;
	umod_module_unref(mod);
	return true;
}

#define NOT_ENABLED(m)	m ": forced unload is not enabled in this host (umod daemon --force-unload)"

static void in_use_refused(void **state)
{
	struct capture cap;
	struct umod_host *host = host_with(&cap, MODULES "refmod.ko", "pin=1");
	char buf[16];

	assert_int_equal(refcnt_of(host, "refmod"), 1);
	assert_int_equal(umod_sysfs_read(host, "refmod/refcnt", buf, sizeof(buf)), 2);
	assert_string_equal(buf, "1\n");
	assert_int_equal(umod_module_remove(host, "refmod", 0), -EWOULDBLOCK);
	assert_int_equal(cap.n, 0);			/* the kernel says nothing */
	/* the count goes on after a refused attempt */
	assert_int_equal(refcnt_of(host, "refmod"), 1);
	assert_true(loaded(host, "refmod"));
	umod_host_unref(host);
}

/* without the switch, -f changes nothing but the log: the same errno */
static void force_without_switch(void **state)
{
	struct capture cap;
	struct umod_host *host = host_with(&cap, MODULES "refmod.ko", "pin=1");

	assert_int_equal(umod_module_remove(host, "refmod", UMOD_REMOVE_FORCE), -EWOULDBLOCK);
	assert_int_equal(cap.n, 1);
	assert_string_equal(cap.lines[0], NOT_ENABLED("refmod"));
	assert_int_equal(cap.levels[0], 4);
	assert_int_equal(umod_host_get_taint(host), 0);
	assert_true(loaded(host, "refmod"));
	umod_host_unref(host);
}

/* with it: exit runs with the reference still held, and the host is tainted R */
static void force_with_switch(void **state)
{
	struct capture cap;
	struct umod_host *host = host_with(&cap, MODULES "refmod.ko", "pin=1");
	char buf[64];

	umod_host_set_force_unload(host, 1);
	assert_int_equal(umod_module_remove(host, "refmod", 0), -EWOULDBLOCK);
	assert_int_equal(umod_host_get_taint(host), 0);
	assert_int_equal(umod_module_remove(host, "refmod", UMOD_REMOVE_FORCE), 0);
	assert_true(capture_has(&cap, "Disabling lock debugging due to kernel taint"));
	assert_true(capture_has(&cap, "refmod: exit, refcount 1"));
	/* exit let go of its reference, so nothing had to stay mapped */
	assert_string_equal(capture_last(&cap), "refmod: exit, refcount 1");
	assert_int_equal(umod_host_get_taint(host), 1ul << 3);
	umod_host_print_tainted(host, buf, sizeof(buf));
	assert_string_equal(buf, "Tainted: G  R               ");
	assert_false(loaded(host, "refmod"));
	umod_host_unref(host);
}

/*
 * Forced out with a user inside: exit runs, the user's reference and its
 * put still work on memory that stays mapped, until the host goes.
 */
static void forced_with_user_inside(void **state)
{
	struct capture cap;
	struct umod_host *host = host_with(&cap, MODULES "refmod.ko", NULL);
	struct umod_module *mod;
	char perms[5];
	void *core;

	umod_host_set_force_unload(host, 1);
	assert_int_equal(umod_module_find(host, "refmod", &mod), 0);
	core = mod->core.base;
	assert_true(umod_refcount_try_get(mod));
	assert_int_equal(umod_module_remove(host, "refmod", UMOD_REMOVE_FORCE), 0);
	assert_true(capture_has(&cap, "refmod: exit, refcount 1"));
	/* nothing said beyond the exit's own line: Linux prints nothing either */
	assert_string_equal(capture_last(&cap), "refmod: exit, refcount 1");
	assert_int_equal(umod_module_get_state(mod), UMOD_MODULE_GONE);
	assert_false(loaded(host, "refmod"));
	assert_string_equal(mapping_perms(core, perms), "r-xp");
	assert_false(umod_refcount_try_get(mod));
	umod_refcount_put(mod);
	/* a module of that name may come again meanwhile */
	assert_int_equal(umod_module_insert_file(host, MODULES "refmod.ko", NULL, 0, NULL), 0);
	umod_host_unref(host);
	assert_string_equal(mapping_perms(core, perms), "");
	umod_module_unref(mod);
}

/* an unused module needs no force: -f unloads it without tainting */
static void force_unused_no_taint(void **state)
{
	struct capture cap;
	struct umod_host *host = host_with(&cap, MODULES "refmod.ko", NULL);

	umod_host_set_force_unload(host, 1);
	assert_int_equal(umod_module_remove(host, "refmod", UMOD_REMOVE_FORCE), 0);
	assert_string_equal(capture_last(&cap), "refmod: exit, refcount -1");
	assert_int_equal(umod_host_get_taint(host), 0);
	umod_host_unref(host);
}

static void permanent_needs_force(void **state)
{
	struct capture cap;
	struct umod_host *host = host_with(&cap, MODULES "forever.ko", NULL);

	assert_int_equal(umod_module_remove(host, "forever", 0), -EBUSY);
	assert_int_equal(umod_module_remove(host, "forever", UMOD_REMOVE_FORCE), -EBUSY);
	assert_string_equal(capture_last(&cap), NOT_ENABLED("forever"));
	umod_host_set_force_unload(host, 1);
	assert_int_equal(umod_module_remove(host, "forever", UMOD_REMOVE_FORCE), 0);
	assert_int_equal(umod_host_get_taint(host), 1ul << 3);
	assert_false(loaded(host, "forever"));
	umod_host_unref(host);
}

/* holders come first, and not even force overrides them (LINUX-FACTS) */
static void held_refused_even_forced(void **state)
{
	struct capture cap;
	struct umod_host *host = host_with(&cap, MODULES "provider.ko", NULL);

	assert_int_equal(umod_module_insert_file(host, MODULES "rollback.ko", NULL, 0, NULL), 0);
	assert_int_equal(refcnt_of(host, "provider"), 1);
	umod_host_set_force_unload(host, 1);
	assert_int_equal(umod_module_remove(host, "provider", UMOD_REMOVE_FORCE), -EWOULDBLOCK);
	assert_int_equal(umod_host_get_taint(host), 0);
	assert_int_equal(umod_module_remove(host, "rollback", 0), 0);
	assert_int_equal(refcnt_of(host, "provider"), 0);
	assert_int_equal(umod_module_remove(host, "provider", 0), 0);
	assert_int_equal(umod_module_remove(host, "provider", 0), -ENOENT);
	umod_host_unref(host);
}

/* the load lock is held across init, and lets that init load another module */
static void load_from_init(void **state)
{
	struct capture cap;

	nested_host = test_host_new(&cap);
	assert_int_equal(umod_module_insert_file(nested_host, MODULES "nested.ko", NULL, 0, NULL), 0);
	assert_true(loaded(nested_host, "provider"));
	assert_int_equal(umod_module_remove(nested_host, "nested", 0), 0);
	assert_int_equal(umod_module_remove(nested_host, "provider", 0), 0);
	nested_host = umod_host_unref(nested_host);
}

/* ---- the lifecycle under fire ---------------------------------------------- */

struct fire {
	atomic_bool done;
	atomic_long calls, misses, bad;
};

/* the kernel's pattern: find under the registry's lock, pin, unlock, use, put */
static void use_once(struct fire *f, int x)
{
	struct umod_module *mod = NULL;
	struct life_ops *ops;

	pthread_mutex_lock(&reg_lock);
	ops = registered;
	if (ops && umod_refcount_try_get(ops->owner->umod))
		mod = ops->owner->umod;
	pthread_mutex_unlock(&reg_lock);
	if (!mod) {
		atomic_fetch_add(&f->misses, 1);
		return;
	}
	ops->enter();
	if (ops->call(x) != x + LIFE_MAGIC)
		atomic_fetch_add(&f->bad, 1);
	/* stay a while: unload must wait for us */
	for (volatile int k = 0; k < 200; k++)
		;
	if (ops->call(x + 1) != x + 1 + LIFE_MAGIC)
		atomic_fetch_add(&f->bad, 1);
	ops->leave();
	umod_refcount_put(mod);
	atomic_fetch_add(&f->calls, 1);
}

static void *user_thread(void *p)
{
	struct fire *f = p;

	for (int x = 0; !atomic_load(&f->done); x += 2) {
		use_once(f, x);
		/* a while without a reference: unload can win */
		for (volatile int k = 0; k < 100; k++)
			;
	}
	return NULL;
}

/* unloads @name, retrying while it is in use; returns the refusals */
static long remove_when_unused(struct umod_host *host, const char *name)
{
	const struct timespec pause = { 0, 10 * 1000 };
	long refused = 0;
	int err;

	while ((err = umod_module_remove(host, name, 0)) == -EWOULDBLOCK) {
		refused++;
		nanosleep(&pause, NULL);
	}
	assert_int_equal(err, 0);
	return refused;
}

/* until the users have made a few calls into the module just loaded */
static void wait_for_calls(struct fire *f, time_t deadline)
{
	long calls = atomic_load(&f->calls);

	while (atomic_load(&f->calls) < calls + 3 && time(NULL) < deadline)
		sched_yield();
}

/*
 * Loads (and unloads) lifemod under the user threads; three rounds in four
 * with fail=1 when @failing. Returns the rounds done.
 */
static int fire(struct umod_host *host, struct fire *f, bool failing, long *refused)
{
	time_t deadline = time(NULL) + LIFE_SECONDS;
	pthread_t t[LIFE_USERS];
	int round;

	for (int i = 0; i < LIFE_USERS; i++)
		assert_int_equal(pthread_create(&t[i], NULL, user_thread, f), 0);
	for (round = 0; round < LIFE_ROUNDS && time(NULL) < deadline; round++) {
		bool fail = failing && round % 4;

		assert_int_equal(umod_module_insert_file(host, MODULES "lifemod.ko",
							 fail ? "fail=1" : NULL, 0, NULL),
				 fail ? -ENODEV : 0);
		if (fail)
			continue;
		wait_for_calls(f, deadline);
		*refused += remove_when_unused(host, "lifemod");
	}
	atomic_store(&f->done, true);
	for (int i = 0; i < LIFE_USERS; i++)
		assert_int_equal(pthread_join(t[i], NULL), 0);
	return round;
}

static void load_unload_under_fire(void **state)
{
	struct fire f = { 0 };
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);
	long refused = 0;
	int rounds;

	atomic_store(&reported_calls, 0);
	atomic_store(&exits_with_users, 0);
	rounds = fire(host, &f, false, &refused);
	print_message("%d loads and unloads under %d users: %ld calls, %ld misses, %ld unloads refused while in use\n",
		      rounds, LIFE_USERS, atomic_load(&f.calls), atomic_load(&f.misses), refused);
	assert_int_equal(atomic_load(&f.bad), 0);
	assert_int_equal(atomic_load(&exits_with_users), 0);
	/* no lost count: every call a user made was served by a module that then exited */
	assert_int_equal(atomic_load(&reported_calls), 2 * atomic_load(&f.calls));
	assert_true(rounds > 0);
	assert_false(loaded(host, "lifemod"));
	assert_int_equal(cap.n, 0);
	umod_host_unref(host);
}

/* a failing init registered first: users who came in are waited for */
static void failing_init_under_fire(void **state)
{
	struct fire f = { 0 };
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);
	long refused = 0;
	int rounds;

	atomic_store(&exits_with_users, 0);
	rounds = fire(host, &f, true, &refused);
	print_message("%d loads (3 in 4 failing in init) under %d users: %ld calls, %ld misses\n",
		      rounds, LIFE_USERS, atomic_load(&f.calls), atomic_load(&f.misses));
	assert_int_equal(atomic_load(&f.bad), 0);
	assert_int_equal(atomic_load(&exits_with_users), 0);
	assert_null(registered);
	assert_false(loaded(host, "lifemod"));
	assert_int_equal(cap.n, 0);		/* nobody stayed: nothing kept mapped */
	umod_host_unref(host);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(in_use_refused),
		cmocka_unit_test(force_without_switch),
		cmocka_unit_test(force_with_switch),
		cmocka_unit_test(forced_with_user_inside),
		cmocka_unit_test(force_unused_no_taint),
		cmocka_unit_test(permanent_needs_force),
		cmocka_unit_test(held_refused_even_forced),
		cmocka_unit_test(load_from_init),
		cmocka_unit_test(load_unload_under_fire),
		cmocka_unit_test(failing_init_under_fire),
	};

	alarm(120);		/* a deadlock fails the run instead of hanging it */
	return cmocka_run_group_tests_name("unload", tests, NULL, NULL);
}
