// SPDX-License-Identifier: MIT
/*
 * SipHash (lib/siphash.c): SipHash-2-4, the keyed PRF, and hsiphash,
 * which on a 64-bit kernel is SipHash-1-3 cut to 32 bits (HalfSipHash
 * only on 32-bit machines). Every fixed-size variant hashes the same
 * bytes as siphash() of its words written little-endian, so one loop
 * serves them all.
 */
#include <stdint.h>
#include <string.h>

#include "kernel/kapi.h"
#include "lib/klib.h"

struct sip {
	uint64_t v0, v1, v2, v3;
};

static uint64_t rotl64(uint64_t x, int b)
{
	return (x << b) | (x >> (64 - b));
}

static void sip_round(struct sip *s)
{
	s->v0 += s->v1;
	s->v1 = rotl64(s->v1, 13) ^ s->v0;
	s->v0 = rotl64(s->v0, 32);
	s->v2 += s->v3;
	s->v3 = rotl64(s->v3, 16) ^ s->v2;
	s->v0 += s->v3;
	s->v3 = rotl64(s->v3, 21) ^ s->v0;
	s->v2 += s->v1;
	s->v1 = rotl64(s->v1, 17) ^ s->v2;
	s->v2 = rotl64(s->v2, 32);
}

static void sip_absorb(struct sip *s, uint64_t m, int rounds)
{
	s->v3 ^= m;
	for (int i = 0; i < rounds; i++)
		sip_round(s);
	s->v0 ^= m;
}

static uint64_t le64(const unsigned char *p, size_t n)
{
	uint64_t w = 0;

	for (size_t i = 0; i < n; i++)
		w |= (uint64_t)p[i] << (8 * i);
	return w;
}

/* SipHash-c-d of @len bytes: c rounds per word, d to finish */
static uint64_t sip(const void *data, size_t len, const uint64_t key[2], int c, int d)
{
	struct sip s = {
		0x736f6d6570736575ull ^ key[0], 0x646f72616e646f6dull ^ key[1],
		0x6c7967656e657261ull ^ key[0], 0x7465646279746573ull ^ key[1],
	};
	const unsigned char *p = data;
	size_t left = len;

	for (; left >= 8; left -= 8, p += 8)
		sip_absorb(&s, le64(p, 8), c);
	/* the last word: what bytes remain, and the length in its top byte */
	sip_absorb(&s, le64(p, left) | (uint64_t)len << 56, c);
	s.v2 ^= 0xff;
	for (int i = 0; i < d; i++)
		sip_round(&s);
	return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}

uint64_t umod_siphash(const void *data, size_t len, const uint64_t key[2])
{
	return sip(data, len, key, 2, 4);
}

uint64_t umod_siphash_1u64(uint64_t word, const uint64_t key[2])
{
	return sip(&word, sizeof(word), key, 2, 4);
}

static uint32_t hsip(const void *data, size_t len, const unsigned long key[2])
{
	const uint64_t k[2] = { key[0], key[1] };

	return (uint32_t)sip(data, len, k, 1, 3);
}

static uint64_t kapi_siphash(const void *data, size_t len, const uint64_t *key)
{
	return umod_siphash(data, len, key);
}

static uint64_t kapi_siphash_1u64(uint64_t a, const uint64_t *key)
{
	return umod_siphash_1u64(a, key);
}

static uint64_t kapi_siphash_2u64(uint64_t a, uint64_t b, const uint64_t *key)
{
	const uint64_t w[] = { a, b };

	return umod_siphash(w, sizeof(w), key);
}

static uint64_t kapi_siphash_3u64(uint64_t a, uint64_t b, uint64_t c, const uint64_t *key)
{
	const uint64_t w[] = { a, b, c };

	return umod_siphash(w, sizeof(w), key);
}

static uint64_t kapi_siphash_4u64(uint64_t a, uint64_t b, uint64_t c, uint64_t d,
				  const uint64_t *key)
{
	const uint64_t w[] = { a, b, c, d };

	return umod_siphash(w, sizeof(w), key);
}

static uint64_t kapi_siphash_1u32(uint32_t a, const uint64_t *key)
{
	return umod_siphash(&a, sizeof(a), key);
}

static uint64_t kapi_siphash_3u32(uint32_t a, uint32_t b, uint32_t c, const uint64_t *key)
{
	const uint32_t w[] = { a, b, c };

	return umod_siphash(w, sizeof(w), key);
}

static uint32_t kapi_hsiphash(const void *data, size_t len, const unsigned long *key)
{
	return hsip(data, len, key);
}

static uint32_t kapi_hsiphash_1u32(uint32_t a, const unsigned long *key)
{
	return hsip(&a, sizeof(a), key);
}

static uint32_t kapi_hsiphash_2u32(uint32_t a, uint32_t b, const unsigned long *key)
{
	const uint32_t w[] = { a, b };

	return hsip(w, sizeof(w), key);
}

static uint32_t kapi_hsiphash_3u32(uint32_t a, uint32_t b, uint32_t c, const unsigned long *key)
{
	const uint32_t w[] = { a, b, c };

	return hsip(w, sizeof(w), key);
}

static uint32_t kapi_hsiphash_4u32(uint32_t a, uint32_t b, uint32_t c, uint32_t d,
				   const unsigned long *key)
{
	const uint32_t w[] = { a, b, c, d };

	return hsip(w, sizeof(w), key);
}

/* the aligned and unaligned entries are one: memory is read bytewise */
static const struct umod_kapi_export siphash_exports[] = {
	UMOD_KAPI("__siphash_aligned", kapi_siphash),
	UMOD_KAPI("__siphash_unaligned", kapi_siphash),
	UMOD_KAPI("siphash_1u64", kapi_siphash_1u64),
	UMOD_KAPI("siphash_2u64", kapi_siphash_2u64),
	UMOD_KAPI("siphash_3u64", kapi_siphash_3u64),
	UMOD_KAPI("siphash_4u64", kapi_siphash_4u64),
	UMOD_KAPI("siphash_1u32", kapi_siphash_1u32),
	UMOD_KAPI("siphash_3u32", kapi_siphash_3u32),
	UMOD_KAPI("__hsiphash_aligned", kapi_hsiphash),
	UMOD_KAPI("__hsiphash_unaligned", kapi_hsiphash),
	UMOD_KAPI("hsiphash_1u32", kapi_hsiphash_1u32),
	UMOD_KAPI("hsiphash_2u32", kapi_hsiphash_2u32),
	UMOD_KAPI("hsiphash_3u32", kapi_hsiphash_3u32),
	UMOD_KAPI("hsiphash_4u32", kapi_hsiphash_4u32),
};

const struct umod_kapi_table umod_kapi_siphash = UMOD_KAPI_TABLE(siphash_exports);
