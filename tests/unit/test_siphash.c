// SPDX-License-Identifier: MIT
/*
 * lib/siphash.c: the reference vectors (SipHash's own, which 6.1's
 * lib/test_siphash.c checks too) for every length up to 32 bytes,
 * aligned and not, and each fixed-size variant against the vector of
 * the bytes it stands for.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

#define T	(&umod_kapi_siphash)

/* key 00 01 .. 0f, message 00 01 .. (len - 1) */
static const uint64_t key[2] = { 0x0706050403020100ull, 0x0f0e0d0c0b0a0908ull };
static const unsigned long hkey[2] = { 0x0706050403020100ul, 0x0f0e0d0c0b0a0908ul };

static const uint64_t vectors[] = {
	0x726fdb47dd0e0e31ull, 0x74f839c593dc67fdull, 0x0d6c8009d9a94f5aull,
	0x85676696d7fb7e2dull, 0xcf2794e0277187b7ull, 0x18765564cd99a68dull,
	0xcbc9466e58fee3ceull, 0xab0200f58b01d137ull, 0x93f5f5799a932462ull,
	0x9e0082df0ba9e4b0ull, 0x7a5dbbc594ddb9f3ull, 0xf4b32f46226bada7ull,
	0x751e8fbc860ee5fbull, 0x14ea5627c0843d90ull, 0xf723ca908e7af2eeull,
	0xa129ca6149be45e5ull, 0x3f2acc7f57c29bdbull, 0x699ae9f52cbe4794ull,
	0x4bc1b3f0968dd39cull, 0xbb6dc91da77961bdull, 0xbed65cf21aa2ee98ull,
	0xd0f2cbb02e3b67c7ull, 0x93536795e3a33e88ull, 0xa80c038ccd5ccec8ull,
	0xb8ad50c6f649af94ull, 0xbce192de8a85b8eaull, 0x17d835b85bbb15f3ull,
	0x2f2e6163076bcfadull, 0xde4daaaca71dc9a5ull, 0xa6a2506687956571ull,
	0xad87a3535c49ef28ull, 0x32d892fad841c342ull, 0x7127512f72f27cceull,
};

static const uint32_t hvectors[] = {
	0x050fc4dcu, 0x7d57ca93u, 0x4dc7d44du, 0xe7ddf7fbu, 0x88d38328u, 0x49533b67u,
	0xc59f22a7u, 0x9bb11140u, 0x8d299a8eu, 0x6c063de4u, 0x92ff097fu, 0xf94dc352u,
	0x57b4d9a2u, 0x1229ffa7u, 0xc0f95d34u, 0x2a519956u, 0x7d908b66u,
};

typedef uint64_t (*sip_fn)(const void *, size_t, const uint64_t *);
typedef uint32_t (*hsip_fn)(const void *, size_t, const unsigned long *);

static void every_length(void **state)
{
	sip_fn sip = KAPI_FN(T, "__siphash_aligned", sip_fn);
	sip_fn sip_u = KAPI_FN(T, "__siphash_unaligned", sip_fn);
	hsip_fn hsip = KAPI_FN(T, "__hsiphash_aligned", hsip_fn);
	uint64_t words[5];
	unsigned char *in = (unsigned char *)words, odd[40];

	for (unsigned int i = 0; i < 33; i++) {
		in[i] = (unsigned char)i;
		odd[i + 1] = (unsigned char)i;
	}
	for (size_t len = 0; len < sizeof(vectors) / sizeof(vectors[0]); len++) {
		assert_int_equal(sip(in, len, key), vectors[len]);
		assert_int_equal(sip_u(odd + 1, len, key), vectors[len]);
	}
	for (size_t len = 0; len < sizeof(hvectors) / sizeof(hvectors[0]); len++)
		assert_int_equal(hsip(odd + 1, len, hkey), hvectors[len]);
}

static void fixed_sizes(void **state)
{
	uint64_t (*u64_1)(uint64_t, const uint64_t *) = kapi_in(T, "siphash_1u64");
	uint64_t (*u64_2)(uint64_t, uint64_t, const uint64_t *) = kapi_in(T, "siphash_2u64");
	uint64_t (*u64_3)(uint64_t, uint64_t, uint64_t, const uint64_t *) =
		kapi_in(T, "siphash_3u64");
	uint64_t (*u64_4)(uint64_t, uint64_t, uint64_t, uint64_t, const uint64_t *) =
		kapi_in(T, "siphash_4u64");
	uint64_t (*u32_1)(uint32_t, const uint64_t *) = kapi_in(T, "siphash_1u32");
	uint64_t (*u32_3)(uint32_t, uint32_t, uint32_t, const uint64_t *) =
		kapi_in(T, "siphash_3u32");
	uint32_t (*h1)(uint32_t, const unsigned long *) = kapi_in(T, "hsiphash_1u32");
	uint32_t (*h2)(uint32_t, uint32_t, const unsigned long *) = kapi_in(T, "hsiphash_2u32");
	uint32_t (*h3)(uint32_t, uint32_t, uint32_t, const unsigned long *) =
		kapi_in(T, "hsiphash_3u32");
	uint32_t (*h4)(uint32_t, uint32_t, uint32_t, uint32_t, const unsigned long *) =
		kapi_in(T, "hsiphash_4u32");
	const uint64_t w0 = 0x0706050403020100ull, w1 = 0x0f0e0d0c0b0a0908ull;
	const uint64_t w2 = 0x1716151413121110ull, w3 = 0x1f1e1d1c1b1a1918ull;

	assert_int_equal(u64_1(w0, key), vectors[8]);
	assert_int_equal(u64_2(w0, w1, key), vectors[16]);
	assert_int_equal(u64_3(w0, w1, w2, key), vectors[24]);
	assert_int_equal(u64_4(w0, w1, w2, w3, key), vectors[32]);
	assert_int_equal(u32_1(0x03020100u, key), vectors[4]);
	assert_int_equal(u32_3(0x03020100u, 0x07060504u, 0x0b0a0908u, key), vectors[12]);
	assert_int_equal(h1(0x03020100u, hkey), hvectors[4]);
	assert_int_equal(h2(0x03020100u, 0x07060504u, hkey), hvectors[8]);
	assert_int_equal(h3(0x03020100u, 0x07060504u, 0x0b0a0908u, hkey), hvectors[12]);
	assert_int_equal(h4(0x03020100u, 0x07060504u, 0x0b0a0908u, 0x0f0e0d0cu, hkey),
			 hvectors[16]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_length),
		cmocka_unit_test(fixed_sizes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
