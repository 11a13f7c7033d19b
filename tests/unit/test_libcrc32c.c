// SPDX-License-Identifier: MIT
/* lib/libcrc32c.c: crc32c() is __crc32c_le(), no inversion */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

#define CHECK	((const unsigned char *)"123456789")

typedef uint32_t (*crc_fn)(uint32_t, const void *, unsigned int);
typedef const char *(*impl_fn)(void);

static void check_values(void **state)
{
	crc_fn crc32c = KAPI_FN(&umod_kapi_libcrc32c, "crc32c", crc_fn);
	impl_fn impl = KAPI_FN(&umod_kapi_libcrc32c, "crc32c_impl", impl_fn);

	assert_int_equal(~crc32c(~0u, CHECK, 9), 0xe3069283);
	/* in pieces, as a running checksum */
	assert_int_equal(~crc32c(crc32c(~0u, CHECK, 3), CHECK + 3, 6), 0xe3069283);
	assert_int_equal(crc32c(0, "", 0), 0);
	assert_string_equal(impl(), "crc32c-generic");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(check_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
