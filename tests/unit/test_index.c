// SPDX-License-Identifier: MIT
/*
 * libkmod/index.c: kmod's binary index. Writing then reading back: exact keys,
 * priorities and ties, wildcard patterns (with kmod's duplicate when the
 * name itself holds the wildcard), an empty index; corrupt files (bad
 * magic, truncation, a child offset pointing forward: a loop) give no hit
 * and never a wild read.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "libkmod/libkmod.h"

static unsigned char *build(const char *const *kv, unsigned int n, size_t *len)
{
	struct umod_index *idx;
	char *buf = NULL;
	FILE *f = tmpfile();

	assert_int_equal(umod_index_new(&idx), 0);
	for (unsigned int i = 0; i < n; i++)
		assert_int_equal(umod_index_insert(idx, kv[2 * i], kv[2 * i + 1], i % 3), 0);
	assert_int_equal(umod_index_write(idx, f), 0);
	umod_index_free(idx);
	*len = (size_t)ftell(f);
	buf = malloc(*len);
	rewind(f);
	assert_int_equal(fread(buf, 1, *len, f), *len);
	fclose(f);
	return (unsigned char *)buf;
}

static const char *const pairs[] = {
	"usb_storage", "kernel/usb-storage.ko:", "usb", "kernel/usb.ko:",
	"usbcore", "kernel/usbcore.ko: kernel/usb-common.ko", "us", "kernel/us.ko:",
	"char_major_250_*", "m250", "char_major_*", "many", "pci:v[0-9]x", "pcimod",
	"usb", "second-usb",
};
#define N_PAIRS (sizeof(pairs) / sizeof(pairs[0]) / 2)

static void exact(void **state)
{
	size_t len;
	unsigned char *img = build(pairs, N_PAIRS, &len);

	assert_true(umod_index_valid(img, len));
	assert_string_equal(umod_index_lookup(img, len, "usb_storage"), "kernel/usb-storage.ko:");
	assert_string_equal(umod_index_lookup(img, len, "usbcore"),
			    "kernel/usbcore.ko: kernel/usb-common.ko");
	assert_string_equal(umod_index_lookup(img, len, "us"), "kernel/us.ko:");
	/* "usb" has priorities 1 and 1: the later one first, as kmod orders ties */
	assert_string_equal(umod_index_lookup(img, len, "usb"), "second-usb");
	assert_null(umod_index_lookup(img, len, "u"));
	assert_null(umod_index_lookup(img, len, "usbx"));
	assert_null(umod_index_lookup(img, len, ""));
	free(img);
}

static unsigned int search(const unsigned char *img, size_t len, const char *name, char *out)
{
	struct umod_index_hit *hits;
	unsigned int n;

	assert_int_equal(umod_index_searchwild(img, len, name, &hits, &n), 0);
	out[0] = '\0';
	for (unsigned int i = 0; i < n; i++) {
		strcat(out, hits[i].value);
		strcat(out, ";");
	}
	free(hits);
	return n;
}

static void wildcards(void **state)
{
	size_t len;
	unsigned char *img = build(pairs, N_PAIRS, &len);
	char out[512];

	/* by priority: char_major_* (2) comes after char_major_250_* (1)... */
	assert_int_equal(search(img, len, "char_major_250_3", out), 2);
	assert_string_equal(out, "m250;many;");
	assert_int_equal(search(img, len, "char_major_7", out), 1);
	assert_int_equal(search(img, len, "pci:v5x", out), 1);
	assert_int_equal(search(img, len, "pci:vax", out), 0);
	/* collecting re-inserts each value before its equals: ties come back reversed */
	assert_int_equal(search(img, len, "usb", out), 2);
	assert_string_equal(out, "kernel/usb.ko:;second-usb;");
	/* the name holds the '*' itself: met as a pattern and along the name */
	assert_int_equal(search(img, len, "char_major_*", out), 2);
	assert_string_equal(out, "many;many;");
	free(img);
}

static void empty_and_ascii(void **state)
{
	struct umod_index *idx;
	size_t len;
	unsigned char *img = build(NULL, 0, &len);
	char out[8];

	assert_int_equal(len, 12);
	assert_null(umod_index_lookup(img, len, "x"));
	assert_int_equal(search(img, len, "x", out), 0);
	free(img);
	assert_int_equal(umod_index_new(&idx), 0);
	assert_int_equal(umod_index_insert(idx, "caf\xc3\xa9", "m", 0), -EILSEQ);
	umod_index_free(idx);
}

static void corrupt(void **state)
{
	size_t len;
	unsigned char *img = build(pairs, N_PAIRS, &len), *bad = malloc(len);
	char out[512];

	/* every truncation: no crash (ASan watches), no hit past the cut */
	for (size_t cut = 0; cut < len; cut++) {
		memcpy(bad, img, cut);
		umod_index_lookup(bad, cut, "usbcore");
		search(bad, cut, "char_major_250_3", out);
	}
	memcpy(bad, img, len);
	bad[0] ^= 1;		/* magic */
	assert_false(umod_index_valid(bad, len));
	assert_null(umod_index_lookup(bad, len, "usb"));
	memcpy(bad, img, len);
	bad[5] = 3;		/* another major version */
	assert_null(umod_index_lookup(bad, len, "usb"));
	/* the root's offset pointing at itself or past the end */
	memcpy(bad, img, len);
	bad[8] = 0x2f, bad[9] = 0xff, bad[10] = 0xff, bad[11] = 0xff;
	assert_null(umod_index_lookup(bad, len, "usb"));
	assert_int_equal(search(bad, len, "usb", out), 0);
	/* flip every byte once: terminates, never reads outside */
	for (size_t i = 12; i < len; i++) {
		memcpy(bad, img, len);
		bad[i] ^= 0xff;
		umod_index_lookup(bad, len, "usb_storage");
		search(bad, len, "char_major_250_3", out);
	}
	free(bad);
	free(img);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(exact),
		cmocka_unit_test(wildcards),
		cmocka_unit_test(empty_and_ascii),
		cmocka_unit_test(corrupt),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
