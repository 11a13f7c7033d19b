// SPDX-License-Identifier: MIT
/*
 * The fault shim itself (run with libfault.so preloaded): exactly the
 * N-th call of the armed family fails, with ENOMEM, others go through;
 * counting alone fails nothing; the live count sees a leak and its free.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <cmocka.h>

#include "fault.h"

/* through a volatile pointer, so the compiler keeps every call */
static void *(*volatile do_malloc)(size_t) = malloc;
static void *(*volatile do_calloc)(size_t, size_t) = calloc;
static void *(*volatile do_realloc)(void *, size_t) = realloc;
static char *(*volatile do_strdup)(const char *) = strdup;

static int setup(void **state)
{
	return fault_preloaded() ? 0 : -1;
}

static void third_allocation_fails(void **state)
{
	void *p[5];

	umod_fault_arm(FAULT_ALLOC, 3);
	p[0] = do_malloc(16);
	p[1] = do_calloc(2, 8);
	errno = 0;
	p[2] = do_realloc(NULL, 32);
	assert_int_equal(errno, ENOMEM);
	p[3] = do_strdup("after");
	p[4] = do_malloc(1);
	umod_fault_disarm();
	assert_non_null(p[0]);
	assert_non_null(p[1]);
	assert_null(p[2]);
	assert_string_equal(p[3], "after");
	assert_non_null(p[4]);
	assert_int_equal(umod_fault_calls(FAULT_ALLOC), 5);
	assert_int_equal(umod_fault_live(), 4);
	for (int i = 0; i < 5; i++)
		free(p[i]);
	assert_int_equal(umod_fault_live(), 0);
}

static void each_family_can_fail(void **state)
{
	char *s;

	umod_fault_arm(FAULT_ALLOC, 1);
	s = do_strdup("x");
	umod_fault_disarm();
	assert_null(s);
	umod_fault_arm(FAULT_ALLOC, 1);
	s = do_calloc(1, 1);
	umod_fault_disarm();
	assert_null(s);
	assert_int_equal(umod_fault_live(), 0);
}

static void realloc_keeps_block_on_failure(void **state)
{
	char *p = do_malloc(8), *q;

	strcpy(p, "keep");
	umod_fault_arm(FAULT_ALLOC, 1);
	q = do_realloc(p, 4096);
	umod_fault_disarm();
	assert_null(q);
	assert_string_equal(p, "keep");
	free(p);
}

static void counting_fails_nothing(void **state)
{
	void *p;

	umod_fault_arm(FAULT_ALLOC, 0);
	for (int i = 0; i < 100; i++) {
		p = do_malloc(8);
		assert_non_null(p);
		free(p);
	}
	umod_fault_disarm();
	assert_int_equal(umod_fault_calls(FAULT_ALLOC), 100);
	assert_int_equal(umod_fault_live(), 0);
}

static void second_mmap_fails(void **state)
{
	void *m[3];

	umod_fault_arm(FAULT_MMAP, 2);
	for (int i = 0; i < 3; i++)
		m[i] = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	umod_fault_disarm();
	assert_true(m[0] != MAP_FAILED);
	assert_true(m[1] == MAP_FAILED);
	assert_int_equal(errno, ENOMEM);
	assert_true(m[2] != MAP_FAILED);
	assert_int_equal(umod_fault_calls(FAULT_MMAP), 3);
	assert_int_equal(umod_fault_calls(FAULT_ALLOC), 0);
	munmap(m[0], 4096);
	munmap(m[2], 4096);
}

static void first_mprotect_fails(void **state)
{
	char *m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	assert_true(m != MAP_FAILED);
	umod_fault_arm(FAULT_MPROTECT, 1);
	assert_int_equal(mprotect(m, 4096, PROT_READ), -1);
	assert_int_equal(errno, ENOMEM);
	assert_int_equal(mprotect(m, 4096, PROT_READ), 0);
	umod_fault_disarm();
	assert_int_equal(umod_fault_calls(FAULT_MPROTECT), 2);
	munmap(m, 4096);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(third_allocation_fails),
		cmocka_unit_test(each_family_can_fail),
		cmocka_unit_test(realloc_keeps_block_on_failure),
		cmocka_unit_test(counting_fails_nothing),
		cmocka_unit_test(second_mmap_fails),
		cmocka_unit_test(first_mprotect_fails),
	};

	return cmocka_run_group_tests_name("fault shim", tests, setup, NULL);
}
