// SPDX-License-Identifier: MIT
/*
 * lib/random32.c: the Tausworthe generator's outputs from the states
 * prandom_seed_state() makes of seeds 42 and 0 (values from an
 * independent model of LFSR113), and prandom_bytes_state()'s order.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <umod/kabi/prandom.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

typedef uint32_t (*u32_fn)(struct rnd_state *);
typedef void (*bytes_fn)(struct rnd_state *, void *, size_t);

static void sequences(void **state)
{
	u32_fn next = KAPI_FN(&umod_kapi_random32, "prandom_u32_state", u32_fn);
	/* prandom_seed_state(&s, 42): (42 << 10) ^ 42 in all four */
	struct rnd_state s = { 43050, 43050, 43050, 43050 };
	/* seed 0: each component at its minimum */
	struct rnd_state z = { 2, 8, 16, 128 };

	assert_int_equal(next(&s), 0xb5feb103);
	assert_int_equal(next(&s), 0x2f5d53d0);
	assert_int_equal(next(&s), 0x2b0a8459);
	assert_int_equal(next(&s), 0x1d26b77a);
	assert_int_equal(s.s1, 136363344);
	assert_int_equal(s.s4, 11182082);
	assert_int_equal(next(&z), 0x180820);
	assert_int_equal(next(&z), 0x419c8);
}

static void bytes(void **state)
{
	bytes_fn fill = KAPI_FN(&umod_kapi_random32, "prandom_bytes_state", bytes_fn);
	struct rnd_state s = { 43050, 43050, 43050, 43050 };
	static const unsigned char want[] = {
		0x03, 0xb1, 0xfe, 0xb5, 0xd0, 0x53, 0x5d, 0x2f, 0x59, 0x84, 0x0a,
	};
	unsigned char buf[12] = { 0 };

	/* two words, then three bytes of a third; the 12th is not touched */
	fill(&s, buf, 11);
	assert_memory_equal(buf, want, sizeof(want));
	assert_int_equal(buf[11], 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sequences),
		cmocka_unit_test(bytes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
