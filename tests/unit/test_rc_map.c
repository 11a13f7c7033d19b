// SPDX-License-Identifier: MIT
/*
 * drivers/media/rc/rc-map.c: maps register and unregister in any order,
 * rc_map_get() finds the first of a name, and from host code (no module
 * calling, so no host to load from) finds only what is registered.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <umod/kabi/rc-map.h>

#include "kapi_lookup.h"

static void register_get_unregister(void **state)
{
	int (*reg)(struct rc_map_list *) = kapi_in(&umod_kapi_rc_map, "rc_map_register");
	void (*unreg)(struct rc_map_list *) = kapi_in(&umod_kapi_rc_map, "rc_map_unregister");
	struct rc_map *(*get)(const char *) = kapi_in(&umod_kapi_rc_map, "rc_map_get");
	struct rc_map_table keys[2] = { { 0x10, 2 }, { 0x11, 3 } };
	struct rc_map_list a = { .map = { .scan = keys, .size = 2, .name = "rc-test-a",
					  .rc_proto = RC_PROTO_NEC } };
	struct rc_map_list b = { .map = { .name = "rc-test-b" } };
	struct rc_map_list a2 = { .map = { .name = "rc-test-a" } };

	assert_null(get("rc-test-a"));
	assert_int_equal(reg(&a), 0);
	assert_int_equal(reg(&b), 0);
	assert_int_equal(reg(&a2), 0);
	assert_ptr_equal(get("rc-test-a"), &a.map);	/* the first registered */
	assert_ptr_equal(get("rc-test-b"), &b.map);
	assert_int_equal(get("rc-test-a")->scan[1].keycode, 3);
	unreg(&b);
	assert_null(get("rc-test-b"));
	unreg(&a);
	assert_ptr_equal(get("rc-test-a"), &a2.map);
	unreg(&a2);
	assert_null(get("rc-test-a"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(register_get_unregister),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
