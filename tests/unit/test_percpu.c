// SPDX-License-Identifier: MIT
/*
 * mm/percpu.c: alloc_percpu() gives a zeroed copy per possible CPU, CPU
 * n's at __per_cpu_offset[n]; alignment and first-fit reuse of freed
 * room; the sizes 6.1 refuses (a WARN) and the bad free_percpu(); what a
 * module forgets counted as its leak; and a real module's static per-CPU
 * variables (tests/modules/pcpu_static.c): initial values in every CPU's
 * copy, relocations inside the section applied to all of them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "helpers.h"
#include "kernel/kapi.h"
#include "kernel/module/internal.h"
#include "mm/internal.h"
#include "kernel/smpboot.h"

#define MODULES		UMOD_TEST_MODULES "/"
#define GFP_NOWARN	0x2000u

static struct capture cap;
static struct umod_host *host;
static struct module kmod;
static struct umod_module *fake;

static void *(*alloc_)(size_t, size_t);
static void *(*alloc_gfp)(size_t, size_t, unsigned int);
static void (*free_)(void *);
static unsigned long *offsets;

static int setup(void **state)
{
	host = test_host_new(&cap);
	assert_non_null(host);
	fake = fake_module_new(host, "fakepcpu", &kmod, NULL, 0);
	assert_non_null(fake);
	alloc_ = test_export(host, "__alloc_percpu");
	alloc_gfp = test_export(host, "__alloc_percpu_gfp");
	free_ = test_export(host, "free_percpu");
	offsets = test_export(host, "__per_cpu_offset");
	return 0;
}

static int teardown(void **state)
{
	fake_module_free(fake);
	umod_host_unref(host);
	return 0;
}

static unsigned char *cpu_copy(void *p, unsigned int cpu)
{
	return (unsigned char *)p + offsets[cpu];
}

static void copies_per_cpu(void **state)
{
	uint64_t *p, *q;

	test_module_enter(fake);
	p = alloc_(sizeof(uint64_t), 8);
	assert_non_null(p);
	assert_int_equal(offsets[0], 0);
	for (unsigned int cpu = 0; cpu < umod_nr_cpu_ids; cpu++) {
		uint64_t *c = (uint64_t *)cpu_copy(p, cpu);

		assert_int_equal(*c, 0);
		*c = 100 + cpu;
	}
	/* each copy is its own: writing one left the others */
	for (unsigned int cpu = 0; cpu < umod_nr_cpu_ids; cpu++)
		assert_int_equal(*(uint64_t *)cpu_copy(p, cpu), 100 + cpu);
	/* freed room is reused first-fit, zeroed again */
	free_(p);
	q = alloc_(sizeof(uint64_t), 8);
	assert_ptr_equal(q, p);
	for (unsigned int cpu = 0; cpu < umod_nr_cpu_ids; cpu++)
		assert_int_equal(*(uint64_t *)cpu_copy(q, cpu), 0);
	free_(q);
	test_module_leave();
}

static void alignment_and_packing(void **state)
{
	void *a, *b, *c, *big;

	test_module_enter(fake);
	a = alloc_(3, 1);
	b = alloc_(1, 1);
	c = alloc_(64, 64);
	big = alloc_(32 << 10, 4096);
	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(c);
	assert_non_null(big);
	/* the 4-byte granule: b follows a 4 bytes on */
	assert_int_equal((char *)b - (char *)a, 4);
	assert_int_equal((uintptr_t)c % 64, 0);
	assert_int_equal((uintptr_t)big % 4096, 0);
	/* the largest block is writable on every CPU */
	for (unsigned int cpu = 0; cpu < umod_nr_cpu_ids; cpu++)
		memset(cpu_copy(big, cpu), 0x5a, 32 << 10);
	free_(big);
	free_(c);
	free_(b);
	free_(a);
	test_module_leave();
}

static long refused(void *arg)
{
	void **results = arg;

	results[0] = alloc_((32 << 10) + 1, 8);
	results[1] = alloc_(0, 8);
	results[2] = alloc_(8, 12);
	results[3] = alloc_gfp(8, 8192, GFP_NOWARN);
	return 0;
}

static void refusals_warn(void **state)
{
	void *results[4] = { (void *)1, (void *)1, (void *)1, (void *)1 };
	long ret;

	cap.n = 0;
	assert_int_equal(umod_call(fake, refused, results, &ret), 0);
	for (int i = 0; i < 4; i++)
		assert_null(results[i]);
	assert_true(capture_has(&cap, "illegal size (32772) or align (8) for percpu allocation"));
	assert_true(capture_has(&cap, "illegal size (0) or align (8) for percpu allocation"));
	assert_true(capture_has(&cap, "illegal size (8) or align (12) for percpu allocation"));
	/* __GFP_NOWARN: refused in silence */
	for (int i = 0; i < cap.n; i++)
		assert_null(strstr(cap.lines[i], "align (8192)"));
}

static long bad_free(void *arg)
{
	static uint64_t not_percpu;

	free_(&not_percpu);
	free_(NULL);
	return 0;
}

static void bad_free_warns(void **state)
{
	long ret;

	cap.n = 0;
	assert_int_equal(umod_call(fake, bad_free, NULL, &ret), 0);
	/* cut here, the message, WARNING, end trace: once, for the one bad pointer */
	assert_int_equal(cap.n, 4);
	assert_non_null(strstr(cap.lines[1], "is not per-CPU memory"));
}

static long forgets(void *arg)
{
	return alloc_(24, 8) ? 0 : -1;
}

static void leak_reported_at_unload(void **state)
{
	static struct module forgetful;
	struct umod_module *mod;
	long ret;

	mod = fake_module_new(host, "forgetpcpu", &forgetful, NULL, 0);
	assert_non_null(mod);
	cap.n = 0;
	assert_int_equal(umod_call(mod, forgets, &forgetful, &ret), 0);
	assert_int_equal(ret, 0);
	umod_mm_module_leftovers(mod);
	assert_non_null(strstr(capture_last(&cap), "forgetpcpu: leaked 1 object (24 bytes) allocated at "));
	fake_module_free(mod);
}

static void static_per_cpu_of_a_module(void **state)
{
	int *(*counter_of)(unsigned int);
	long *(*slot_of)(unsigned int);

	assert_int_equal(umod_module_insert_file(host, MODULES "pcpu_static.ko", "", 0, NULL), 0);
	counter_of = test_export(host, "pcpu_static_counter");
	slot_of = test_export(host, "pcpu_static_slot");
	for (unsigned int cpu = 0; cpu < umod_nr_cpu_ids; cpu++) {
		/* the initial value, then init's one increment on its own CPU */
		assert_true(*counter_of(cpu) == 42 || *counter_of(cpu) == 43);
		/* a pointer initialised in the section: relocated in every copy */
		assert_ptr_equal(*(void **)slot_of(cpu), counter_of(0));
	}
	assert_int_equal(umod_module_remove(host, "pcpu_static", 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(copies_per_cpu),
		cmocka_unit_test(alignment_and_packing),
		cmocka_unit_test(refusals_warn),
		cmocka_unit_test(bad_free_warns),
		cmocka_unit_test(leak_reported_at_unload),
		cmocka_unit_test(static_per_cpu_of_a_module),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
