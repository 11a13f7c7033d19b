// SPDX-License-Identifier: MIT
/*
 * fs/nls/nls_base.c: 6.1's UTF-8 and UTF-16 conversions, case by case
 * (overlong, surrogate, truncated and out-of-range sequences are -1; a
 * character above plane 0 is a surrogate pair; a lone low half is skipped),
 * the registry's -EBUSY and -EINVAL, lookups by name and alias, and the
 * built-in default table.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <umod/kabi/nls.h>

#include "kapi_lookup.h"

enum { HOST_ENDIAN, LITTLE_ENDIAN_16, BIG_ENDIAN_16 };

typedef int (*utf8_to_utf32_fn)(const uint8_t *s, int len, uint32_t *pu);
typedef int (*utf32_to_utf8_fn)(uint32_t u, uint8_t *s, int maxlen);
typedef int (*utf8s_fn)(const uint8_t *s, int len, int endian, uint16_t *pwcs, int maxlen);
typedef int (*utf16s_fn)(const uint16_t *pwcs, int len, int endian, uint8_t *s, int maxlen);

#define NLS(name)	kapi_in(&umod_kapi_nls, name)

static void utf8_to_utf32_forms(void **state)
{
	utf8_to_utf32_fn f = NLS("utf8_to_utf32");
	uint32_t u = 0;

	assert_int_equal(f((const uint8_t *)"A", 1, &u), 1);
	assert_int_equal(u, 'A');
	assert_int_equal(f((const uint8_t *)"\xc3\xa9", 2, &u), 2);
	assert_int_equal(u, 0xe9);
	assert_int_equal(f((const uint8_t *)"\xe2\x82\xac", 3, &u), 3);
	assert_int_equal(u, 0x20ac);
	assert_int_equal(f((const uint8_t *)"\xf0\x9f\x98\x80", 4, &u), 4);
	assert_int_equal(u, 0x1f600);
	assert_int_equal(f((const uint8_t *)"\xc0\x80", 2, &u), -1);		/* overlong */
	assert_int_equal(f((const uint8_t *)"\xed\xa0\x80", 3, &u), -1);	/* a surrogate */
	assert_int_equal(f((const uint8_t *)"\xf4\x90\x80\x80", 4, &u), -1);	/* > U+10FFFF */
	assert_int_equal(f((const uint8_t *)"\xc3\xa9", 1, &u), -1);		/* truncated */
	assert_int_equal(f((const uint8_t *)"\xc3\x41", 2, &u), -1);		/* no continuation */
	assert_int_equal(f((const uint8_t *)"\x80", 1, &u), -1);		/* a lone continuation */
	assert_int_equal(f((const uint8_t *)"\xfe\x80", 2, &u), -1);
}

static void utf32_to_utf8_forms(void **state)
{
	utf32_to_utf8_fn f = NLS("utf32_to_utf8");
	uint8_t b[8] = { 0 };

	assert_int_equal(f('A', b, 8), 1);
	assert_int_equal(b[0], 'A');
	assert_int_equal(f(0xe9, b, 8), 2);
	assert_memory_equal(b, "\xc3\xa9", 2);
	assert_int_equal(f(0x20ac, b, 8), 3);
	assert_memory_equal(b, "\xe2\x82\xac", 3);
	assert_int_equal(f(0x1f600, b, 8), 4);
	assert_memory_equal(b, "\xf0\x9f\x98\x80", 4);
	assert_int_equal(f(0xd800, b, 8), -1);
	assert_int_equal(f(0x110000, b, 8), -1);
	assert_int_equal(f(0x20ac, b, 2), -1);	/* no room */
	assert_int_equal(f(0x20ac, NULL, 8), 0);
}

static void utf8s_to_utf16s_pairs(void **state)
{
	utf8s_fn f = NLS("utf8s_to_utf16s");
	const uint8_t *s = (const uint8_t *)"a\xc3\xa9\xf0\x9f\x98\x80z";
	uint16_t w[8];

	assert_int_equal(f(s, 9, HOST_ENDIAN, w, 8), 5);
	assert_int_equal(w[0], 'a');
	assert_int_equal(w[1], 0xe9);
	assert_int_equal(w[2], 0xd83d);
	assert_int_equal(w[3], 0xde00);
	assert_int_equal(w[4], 'z');
	assert_int_equal(f(s, 9, BIG_ENDIAN_16, w, 8), 5);
	assert_int_equal(w[1], 0xe900);
	/* a pair that does not fit stops the conversion there */
	assert_int_equal(f(s, 9, LITTLE_ENDIAN_16, w, 3), 2);
	/* the input's length and its NUL both end it */
	assert_int_equal(f(s, 1, HOST_ENDIAN, w, 8), 1);
	assert_int_equal(f((const uint8_t *)"ab\0c", 4, HOST_ENDIAN, w, 8), 2);
	assert_int_equal(f((const uint8_t *)"a\xc0\x80", 3, HOST_ENDIAN, w, 8), -EINVAL);
}

static void utf16s_to_utf8s_pairs(void **state)
{
	utf16s_fn f = NLS("utf16s_to_utf8s");
	const uint16_t w[] = { 'a', 0xe9, 0xd83d, 0xde00, 0xde00, 'z', 0xd83d };
	uint8_t b[16];

	/* the lone low half is skipped, the high half at the end stops it */
	assert_int_equal(f(w, 7, HOST_ENDIAN, b, 16), 8);
	assert_memory_equal(b, "a\xc3\xa9\xf0\x9f\x98\x80z", 8);
	/* a high half before a character that is no low half: skipped */
	assert_int_equal(f((const uint16_t[]){ 0xd83d, 'x' }, 2, HOST_ENDIAN, b, 16), 1);
	assert_int_equal(b[0], 'x');
	/* NUL ends it; a character with no room is left out */
	assert_int_equal(f((const uint16_t[]){ 'a', 0, 'b' }, 3, HOST_ENDIAN, b, 16), 1);
	assert_int_equal(f((const uint16_t[]){ 'a', 0x20ac }, 2, HOST_ENDIAN, b, 2), 1);
	assert_int_equal(f((const uint16_t[]){ 0x4100 }, 1, BIG_ENDIAN_16, b, 2), 1);
	assert_int_equal(b[0], 'A');
}

static int latin_u2c(unsigned short uni, unsigned char *out, int boundlen)
{
	out[0] = (unsigned char)uni;
	return 1;
}

static void registry(void **state)
{
	int (*reg)(struct nls_table *, struct module *) = NLS("__register_nls");
	int (*unreg)(struct nls_table *) = NLS("unregister_nls");
	struct nls_table *(*load)(const char *) = NLS("load_nls");
	void (*unload)(struct nls_table *) = NLS("unload_nls");
	struct nls_table t = { .charset = "test-cs", .alias = "tcs", .uni2char = latin_u2c };

	assert_null(load("test-cs"));
	assert_int_equal(reg(&t, NULL), 0);
	assert_int_equal(reg(&t, NULL), -EBUSY);	/* linked already */
	assert_ptr_equal(load("test-cs"), &t);
	assert_ptr_equal(load("tcs"), &t);
	unload(&t);
	unload(NULL);
	assert_int_equal(unreg(&t), 0);
	assert_int_equal(unreg(&t), -EINVAL);
	assert_null(load("test-cs"));
}

static void default_table(void **state)
{
	struct nls_table *(*load_default)(void) = NLS("load_nls_default");
	struct nls_table *(*load)(const char *) = NLS("load_nls");
	struct nls_table *t = load_default();
	unsigned short uni = 1;
	unsigned char c = 0;

	/* no utf8 table registered: the built-in one, also found as "default" */
	assert_string_equal(t->charset, "default");
	assert_ptr_equal(load("default"), t);
	assert_int_equal(t->char2uni((const unsigned char *)"\xe9", 1, &uni), 1);
	assert_int_equal(uni, 0xe9);
	assert_int_equal(t->char2uni((const unsigned char *)"", 1, &uni), -EINVAL);
	assert_int_equal(t->uni2char(0xe9, &c, 1), 1);
	assert_int_equal(c, 0xe9);
	assert_int_equal(t->uni2char(0x100, &c, 1), -EINVAL);
	assert_int_equal(t->uni2char('a', &c, 0), -ENAMETOOLONG);
	assert_int_equal(t->charset2upper['q'], 'Q');
	assert_int_equal(t->charset2lower['Q'], 'q');
	assert_int_equal(t->charset2upper[0xe9], 0xe9);	/* ASCII letters only */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(utf8_to_utf32_forms),
		cmocka_unit_test(utf32_to_utf8_forms),
		cmocka_unit_test(utf8s_to_utf16s_pairs),
		cmocka_unit_test(utf16s_to_utf8s_pairs),
		cmocka_unit_test(registry),
		cmocka_unit_test(default_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
