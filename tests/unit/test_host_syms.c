// SPDX-License-Identifier: MIT
/*
 * kernel/host_syms.c: the host's functions named by address, as an oops's
 * call trace names the host frame module code returns into: a function
 * with its offset and size, nothing for an address outside code.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "kernel/host_syms.h"

static void names_a_host_function(void **state)
{
	uint64_t at = (uint64_t)(uintptr_t)umod_host_syms_lookup, off, size;
	const char *name;

	umod_host_syms_load();
	assert_true(umod_host_syms_lookup(at + 3, &name, &off, &size));
	assert_string_equal(name, "umod_host_syms_lookup");
	assert_int_equal(off, 3);
	assert_true(size > 3);
	assert_true(umod_host_syms_lookup(at, &name, &off, &size));
	assert_int_equal(off, 0);
}

static void data_is_not_named(void **state)
{
	char *heap = malloc(16);
	const char *name;
	uint64_t off, size;
	int local = 0;

	umod_host_syms_load();
	assert_false(umod_host_syms_lookup((uint64_t)(uintptr_t)heap, &name, &off, &size));
	assert_false(umod_host_syms_lookup((uint64_t)(uintptr_t)&local, &name, &off, &size));
	assert_false(umod_host_syms_lookup(0, &name, &off, &size));
	free(heap);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_a_host_function),
		cmocka_unit_test(data_is_not_named),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
