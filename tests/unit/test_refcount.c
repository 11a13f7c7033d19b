// SPDX-License-Identifier: MIT
/*
 * kernel/module/refcount.c: the kernel's use-count semantics on one module (the
 * reference held during init, try_module_get failing once GOING or
 * stopped, an unload that only stops an unused module), then the striped
 * count under threads: references taken on one thread and put on another,
 * and a model-checking-style race of getters against a stopper. This file
 * is also built with ThreadSanitizer (tests/tsan/): there the payload
 * check below becomes a happens-before check. Last, the same from module
 * code (refrace.ko), whose try_module_get()/module_put() count inline.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include <cmocka.h>

#include "../modules/refrace.h"
#include "helpers.h"
#include "kernel/module/internal.h"

static struct umod_module *fake_module(void)
{
	struct umod_module *mod;

	assert_int_equal(umod_module_alloc(NULL, "fake", &mod), 0);
	atomic_store(&mod->state, UMOD_MODULE_COMING);
	umod_refcount_init(mod);
	return mod;
}

static struct umod_module *live_module(void)
{
	struct umod_module *mod = fake_module();

	atomic_store(&mod->state, UMOD_MODULE_LIVE);
	umod_refcount_init_done(mod);
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
	umod_module_unref(mod);
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
	atomic_store(&mod->state, UMOD_MODULE_GONE);
	assert_false(umod_refcount_try_get(mod));
	umod_module_unref(mod);
}

static void stop_only_when_unused(void **state)
{
	struct umod_module *mod = fake_module();

	atomic_store(&mod->state, UMOD_MODULE_LIVE);
	assert_int_equal(umod_refcount_try_stop(mod), -EWOULDBLOCK);	/* init's reference */
	assert_int_equal(umod_refcount_read(mod), 1);			/* base given back */
	assert_true(umod_refcount_try_get(mod));			/* and it goes on */
	umod_refcount_put(mod);
	umod_refcount_init_done(mod);
	assert_int_equal(umod_refcount_try_stop(mod), 0);
	/* stopped: the base is gone (-1, as the kernel) and nobody gets a new one */
	assert_int_equal(umod_refcount_read(mod), -1);
	assert_false(umod_refcount_try_get(mod));
	assert_int_equal(umod_refcount_read(mod), -1);
	umod_module_unref(mod);
}

/* forced unload, failed init: stopped with users inside, who still put */
static void stop_wait_counts_users(void **state)
{
	struct umod_module *mod = live_module();

	assert_true(umod_refcount_try_get(mod));
	assert_true(umod_refcount_try_get(mod));
	assert_int_equal(umod_refcount_stop_wait(mod, 0), 2);
	assert_false(umod_refcount_try_get(mod));
	umod_refcount_put(mod);
	assert_int_equal(umod_refcount_stop_wait(mod, 5), 1);
	umod_refcount_put(mod);
	assert_int_equal(umod_refcount_stop_wait(mod, 0), 0);
	assert_int_equal(umod_refcount_read(mod), 0);
	umod_module_unref(mod);
}

/*
 * The kernel ignores a put below zero (with a warning); a striped count
 * cannot see one, so it shows: the count reads negative, and the module
 * can no longer be stopped (only forced out) rather than go while used.
 */
static void unbalanced_put_blocks_unload(void **state)
{
	struct umod_module *mod = live_module();

	umod_refcount_put(mod);
	assert_int_equal(umod_refcount_read(mod), -1);
	assert_int_equal(umod_refcount_try_stop(mod), -EWOULDBLOCK);
	umod_module_unref(mod);
}

struct stripe_arg {
	struct umod_module *mod;
	int gets, puts, failed;
};

/* cmocka's asserts belong to the main thread: this one only counts */
static void *get_put_n(void *p)
{
	struct stripe_arg *a = p;

	for (int i = 0; i < a->gets; i++)
		a->failed += !umod_refcount_try_get(a->mod);
	for (int i = 0; i < a->puts; i++)
		umod_refcount_put(a->mod);
	return NULL;
}

static void run_thread(struct umod_module *mod, int gets, int puts)
{
	struct stripe_arg a = { mod, gets, puts, 0 };
	pthread_t t;

	assert_int_equal(pthread_create(&t, NULL, get_put_n, &a), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_int_equal(a.failed, 0);
}

/* a reference taken on one thread's stripe is put on another's */
static void put_on_another_thread(void **state)
{
	struct umod_module *mod = live_module();

	run_thread(mod, 3, 0);
	assert_int_equal(umod_refcount_read(mod), 3);
	run_thread(mod, 0, 2);
	assert_int_equal(umod_refcount_try_stop(mod), -EWOULDBLOCK);
	run_thread(mod, 0, 1);
	assert_int_equal(umod_refcount_read(mod), 0);
	assert_int_equal(umod_refcount_try_stop(mod), 0);
	umod_module_unref(mod);
}

/* ---- the race: getters and hand-overs against a stopper ---------------- */

/*
 * One round's module, with a payload that stays 42 while it may be used.
 * The stopper writes 0 (a plain write) once it has stopped the count: a
 * reader holding a reference that the stopper missed reads 0, and under
 * ThreadSanitizer its read races with that write even when the two did
 * not overlap in time.
 */
struct victim {
	struct umod_module *mod;
	int payload;
	atomic_int used;	/* successful gets: each round races real users */
};

#define RACE_WORKERS	3
#define RACE_ROUNDS	1000
#define RACE_SECONDS	3

struct race {
	struct victim *all[RACE_ROUNDS + 1];	/* all[round] is in use, those before stopped */
	atomic_int round;
	_Atomic(struct victim *) mailbox;	/* a reference handed to whoever takes it */
	atomic_bool done;
	atomic_long gets, stale_refused, handovers, bad;
};

static void check_payload(struct race *r, const struct victim *v)
{
	if (v->payload != 42)
		atomic_fetch_add(&r->bad, 1);
}

/* a reference on @v: __module_get() a second one and hand it over */
static void hand_over(struct race *r, struct victim *v)
{
	struct victim *none = NULL;

	umod_refcount_get(v->mod);
	if (atomic_compare_exchange_strong(&r->mailbox, &none, v))
		atomic_fetch_add(&r->handovers, 1);
	else
		umod_refcount_put(v->mod);
}

/* whatever reference is in the mailbox, used and put on this thread */
static void take_over(struct race *r)
{
	struct victim *v = atomic_exchange(&r->mailbox, NULL);

	if (!v)
		return;
	check_payload(r, v);
	umod_refcount_put(v->mod);
}

/*
 * Mostly the current round's module, sometimes late (the stopper may be
 * at work on it meanwhile), sometimes one already stopped: that one must
 * never be got again.
 */
static struct victim *pick(struct race *r, unsigned int *seed, bool *stale)
{
	int round = atomic_load(&r->round);
	struct victim *v;

	*stale = round > 0 && rand_r(seed) % 16 == 0;
	v = r->all[*stale ? rand_r(seed) % round : round];
	for (volatile unsigned int k = rand_r(seed) % 512; k > 256; k--)
		;
	return v;
}

static void *race_worker(void *p)
{
	struct race *r = p;
	unsigned int n = 0, seed = (unsigned int)(uintptr_t)&n;
	bool stale;

	while (!atomic_load(&r->done)) {
		struct victim *v = pick(r, &seed, &stale);

		if (umod_refcount_try_get(v->mod)) {
			atomic_fetch_add(&r->gets, 1);
			atomic_fetch_add(&v->used, 1);
			check_payload(r, v);
			if (++n % 8 == 0)
				hand_over(r, v);
			check_payload(r, v);
			umod_refcount_put(v->mod);
		} else if (stale) {
			atomic_fetch_add(&r->stale_refused, 1);
		}
		take_over(r);
	}
	return NULL;
}

static struct victim *victim_new(void)
{
	struct victim *v = malloc(sizeof(*v));

	assert_non_null(v);
	v->mod = live_module();
	v->payload = 42;
	atomic_init(&v->used, 0);
	return v;
}

/* stops a module per round under the workers; returns the failed attempts */
static long race_stopper(struct race *r)
{
	time_t deadline = time(NULL) + RACE_SECONDS;
	unsigned int seed = 1;
	long refused = 0;

	for (int round = 0; round < RACE_ROUNDS && time(NULL) < deadline; ) {
		struct victim *v = r->all[round];

		while (atomic_load(&v->used) < 2 && time(NULL) < deadline)
			sched_yield();
		/* a random moment: sometimes in a getter's window, mostly not */
		for (volatile unsigned int k = rand_r(&seed) % 2048; k; k--)
			;
		if (umod_refcount_try_stop(v->mod)) {
			refused++;
			continue;
		}
		v->payload = 0;
		r->all[round + 1] = victim_new();
		atomic_store(&r->round, ++round);
	}
	return refused;
}

static void race_getters_against_stopper(void **state)
{
	struct race *r = calloc(1, sizeof(*r));
	pthread_t t[RACE_WORKERS];
	int rounds;
	long refused;

	assert_non_null(r);
	r->all[0] = victim_new();
	for (int i = 0; i < RACE_WORKERS; i++)
		assert_int_equal(pthread_create(&t[i], NULL, race_worker, r), 0);
	refused = race_stopper(r);
	atomic_store(&r->done, true);
	for (int i = 0; i < RACE_WORKERS; i++)
		assert_int_equal(pthread_join(t[i], NULL), 0);
	take_over(r);
	rounds = atomic_load(&r->round);
	for (int i = 0; i <= rounds; i++) {
		/* stopped ones read -1, the last one is idle again */
		assert_int_equal(umod_refcount_read(r->all[i]->mod), i < rounds ? -1 : 0);
		umod_module_unref(r->all[i]->mod);
		free(r->all[i]);
	}
	print_message("%d modules stopped under %d threads: %ld gets, %ld hand-overs, %ld gets of stopped ones refused, %ld stops refused\n",
		      rounds, RACE_WORKERS, atomic_load(&r->gets), atomic_load(&r->handovers),
		      atomic_load(&r->stale_refused), refused);
	assert_int_equal(atomic_load(&r->bad), 0);
	assert_true(rounds > 0);
	assert_true(atomic_load(&r->stale_refused) > 0);
	free(r);
}

/* ---- from module code: the inline fast path --------------------------- */

static const struct refrace_ops *refrace;

int refrace_register(const struct refrace_ops *ops)
{
	refrace = ops;
	return 0;
}
UMOD_EXPORT_SYMBOL(refrace_register);

static struct umod_module *refrace_load(struct umod_host **hostp)
{
	static struct capture cap;
	struct umod_module *mod;

	*hostp = test_host_new(&cap);
	assert_non_null(*hostp);
	assert_int_equal(umod_module_insert_file(*hostp, UMOD_TEST_MODULES "/refrace.ko",
						 NULL, 0, NULL), 0);
	assert_int_equal(umod_module_find(*hostp, "refrace", &mod), 0);
	umod_module_unref(mod);		/* the host holds it */
	return mod;
}

/* the count as it was after init: base only, nobody stopping */
static void refrace_reset(struct umod_module *mod)
{
	umod_refcount_init(mod);
	umod_refcount_init_done(mod);
}

/*
 * Once init has run the module counts without the host; what it counts is
 * the same count: read, stopped and refused exactly as the host's own.
 */
static void inline_counts_the_same(void **state)
{
	struct umod_host *host;
	struct umod_module *mod = refrace_load(&host);

	assert_ptr_equal(mod->kmod->refcnt, &mod->refcnt);
	assert_true(refrace->get());
	refrace->hold();
	assert_int_equal(umod_refcount_read(mod), 2);
	assert_int_equal(umod_refcount_try_stop(mod), -EWOULDBLOCK);
	refrace->put();
	umod_refcount_put(mod);		/* taken inline, put by the host */
	assert_int_equal(umod_refcount_read(mod), 0);
	/* GOING without a stopper yet (a failed init): no new reference */
	atomic_store(&mod->state, UMOD_MODULE_GOING);
	assert_false(refrace->get());
	atomic_store(&mod->state, UMOD_MODULE_LIVE);
	assert_int_equal(umod_refcount_read(mod), 0);
	assert_int_equal(umod_refcount_try_stop(mod), 0);
	assert_false(refrace->get());
	assert_int_equal(umod_refcount_read(mod), -1);
	refrace_reset(mod);
	assert_int_equal(umod_module_remove(host, "refrace", 0), 0);
	umod_host_unref(host);
}

/* a thread's first get has no stripe yet: the host hands one out */
static void *first_get(void *p)
{
	bool *ok = p;

	*ok = refrace->get();
	return NULL;
}

static void inline_new_thread(void **state)
{
	struct umod_host *host;
	struct umod_module *mod = refrace_load(&host);
	pthread_t t;
	bool ok = false;

	assert_int_equal(pthread_create(&t, NULL, first_get, &ok), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_true(ok);
	assert_int_equal(umod_refcount_read(mod), 1);
	assert_int_equal(umod_module_remove(host, "refrace", 0), -EWOULDBLOCK);
	refrace->put();
	assert_int_equal(umod_module_remove(host, "refrace", 0), 0);
	umod_host_unref(host);
}

/*
 * Module code getting, handing over and putting on two threads while the
 * host stops the count at a random moment, round after round. The payload
 * is atomic: module code is not instrumented, so ThreadSanitizer cannot
 * see its happens-before edges, only the values.
 */
struct inline_race {
	struct umod_module *mod;
	atomic_int payload, stopped;
	atomic_long gets, bad;
	atomic_bool held;	/* a reference handed over, not yet put */
};

static void *inline_worker(void *p)
{
	struct inline_race *r = p;
	unsigned int n = 0;

	while (!atomic_load(&r->stopped)) {
		if (!refrace->get())
			continue;
		atomic_fetch_add(&r->gets, 1);
		if (atomic_load(&r->payload) != 42)
			atomic_fetch_add(&r->bad, 1);
		if (++n % 4 == 0 && !atomic_exchange(&r->held, true))
			refrace->hold();	/* the other thread puts it */
		else if (n % 4 == 1 && atomic_exchange(&r->held, false))
			refrace->put();
		refrace->put();
		/* a while without a reference: the stopper can win */
		for (volatile int k = 0; k < 64; k++)
			;
	}
	if (atomic_exchange(&r->held, false))
		refrace->put();
	return NULL;
}

#define INLINE_ROUNDS	200

static void inline_race_against_stopper(void **state)
{
	struct umod_host *host;
	struct inline_race r = { .mod = refrace_load(&host) };
	time_t deadline = time(NULL) + RACE_SECONDS;
	unsigned int seed = 7;
	long refused = 0;
	int round;

	for (round = 0; round < INLINE_ROUNDS && time(NULL) < deadline; round++) {
		long gets = atomic_load(&r.gets);
		pthread_t t[2];

		atomic_store(&r.payload, 42);
		atomic_store(&r.stopped, 0);
		for (int i = 0; i < 2; i++)
			assert_int_equal(pthread_create(&t[i], NULL, inline_worker, &r), 0);
		while (atomic_load(&r.gets) < gets + 4)
			sched_yield();
		for (volatile unsigned int k = rand_r(&seed) % 2048; k; k--)
			;
		while (umod_refcount_try_stop(r.mod)) {
			refused++;
			sched_yield();
		}
		atomic_store(&r.payload, 0);
		atomic_store(&r.stopped, 1);
		for (int i = 0; i < 2; i++)
			assert_int_equal(pthread_join(t[i], NULL), 0);
		assert_int_equal(umod_refcount_read(r.mod), -1);
		refrace_reset(r.mod);
	}
	print_message("%d stops under module code's gets: %ld gets, %ld stops refused\n",
		      round, atomic_load(&r.gets), refused);
	assert_int_equal(atomic_load(&r.bad), 0);
	assert_int_equal(umod_module_remove(host, "refrace", 0), 0);
	umod_host_unref(host);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(held_during_init),
		cmocka_unit_test(get_and_put),
		cmocka_unit_test(stop_only_when_unused),
		cmocka_unit_test(stop_wait_counts_users),
		cmocka_unit_test(unbalanced_put_blocks_unload),
		cmocka_unit_test(put_on_another_thread),
		cmocka_unit_test(race_getters_against_stopper),
		cmocka_unit_test(inline_counts_the_same),
		cmocka_unit_test(inline_new_thread),
		cmocka_unit_test(inline_race_against_stopper),
	};

	return cmocka_run_group_tests_name("refcount", tests, NULL, NULL);
}
