// SPDX-License-Identifier: MIT
/*
 * util/decompress.c: .xz and .zst images round-trip; truncated, corrupt,
 * oversized and uncompressed inputs are refused with their errno.
 */
#include <errno.h>
#include <lzma.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include <cmocka.h>

#include "util/decompress.h"
#include "util/file.h"

#define PLAIN_LEN (300 * 1024)	/* past the first output buffer: it must grow */

static unsigned char plain[PLAIN_LEN];

static size_t make_xz(unsigned char *out, size_t cap)
{
	size_t pos = 0;

	assert_int_equal(lzma_easy_buffer_encode(1, LZMA_CHECK_CRC64, NULL, plain,
						 sizeof(plain), out, &pos, cap), LZMA_OK);
	return pos;
}

static size_t make_zstd(unsigned char *out, size_t cap)
{
	size_t n = ZSTD_compress(out, cap, plain, sizeof(plain), 3);

	assert_false(ZSTD_isError(n));
	return n;
}

static void fill_plain(void)
{
	for (size_t i = 0; i < sizeof(plain); i++)
		plain[i] = (unsigned char)(i * 7 + i / 1000);
	memcpy(plain, "\177ELF", 4);
}

static void roundtrip(size_t (*make)(unsigned char *, size_t), enum umod_compression c)
{
	size_t cap = sizeof(plain) * 2, len, out_len;
	unsigned char *z = malloc(cap);
	const void *out;

	fill_plain();
	len = make(z, cap);
	assert_int_equal(umod_compression_of(z, len), c);
	assert_int_equal(umod_decompress(z, len, UMOD_DECOMPRESS_MAX, &out, &out_len), 0);
	assert_int_equal(out_len, sizeof(plain));
	assert_memory_equal(out, plain, sizeof(plain));
	umod_file_unmap(out, out_len);
	/* truncated: every prefix past the magic fails cleanly */
	for (size_t cut = 6; cut < len; cut += len / 7 + 1)
		assert_int_equal(umod_decompress(z, cut, UMOD_DECOMPRESS_MAX, &out, &out_len), -EINVAL);
	/* one output byte short of the bound */
	assert_int_equal(umod_decompress(z, len, sizeof(plain) - 1, &out, &out_len), -EFBIG);
	free(z);
}

static void xz_roundtrip(void **state)
{
	roundtrip(make_xz, UMOD_COMPRESSION_XZ);
}

static void zstd_roundtrip(void **state)
{
	roundtrip(make_zstd, UMOD_COMPRESSION_ZSTD);
}

static void garbage_after_magic(void **state)
{
	unsigned char xz[64] = { 0xfd, '7', 'z', 'X', 'Z', 0x00, 1, 2, 3 };
	unsigned char zs[64] = { 0x28, 0xb5, 0x2f, 0xfd, 0xff, 0xff, 0xff };
	const void *out = (void *)1;
	size_t len = 77;

	assert_int_equal(umod_decompress(xz, sizeof(xz), UMOD_DECOMPRESS_MAX, &out, &len), -EINVAL);
	assert_int_equal(umod_decompress(zs, sizeof(zs), UMOD_DECOMPRESS_MAX, &out, &len), -EINVAL);
	/* nothing is set on failure */
	assert_ptr_equal(out, (void *)1);
	assert_int_equal(len, 77);
}

static void not_compressed(void **state)
{
	const void *out;
	size_t len;

	assert_int_equal(umod_compression_of("\177ELF", 4), UMOD_COMPRESSION_NONE);
	assert_int_equal(umod_compression_of("\xfd""7z", 3), UMOD_COMPRESSION_NONE);
	assert_int_equal(umod_decompress("\177ELF", 4, UMOD_DECOMPRESS_MAX, &out, &len), -EINVAL);
}

static void empty_frame(void **state)
{
	unsigned char z[64];
	size_t n = ZSTD_compress(z, sizeof(z), "", 0, 1);
	const void *out = (void *)1;
	size_t len = 1;

	assert_int_equal(umod_decompress(z, n, UMOD_DECOMPRESS_MAX, &out, &len), 0);
	assert_int_equal(len, 0);
	umod_file_unmap(out, len);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(xz_roundtrip),
		cmocka_unit_test(zstd_roundtrip),
		cmocka_unit_test(garbage_after_magic),
		cmocka_unit_test(not_compressed),
		cmocka_unit_test(empty_frame),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
