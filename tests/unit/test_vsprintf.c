// SPDX-License-Identifier: MIT
/*
 * lib/vsprintf.c: the kernel's formatter, each %p extension with the exact
 * text Linux 6.1 prints, C's conversions with the kernel's one difference
 * ("%#x" of 0), the return values of snprintf/scnprintf, where output
 * stops, and the lenient simple_strto*() parsers.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lib/vsprintf.h"

static char buf[256];

#define FMT(...) (umod_snprintf(buf, sizeof(buf), __VA_ARGS__), buf)

static void integers(void **state)
{
	assert_string_equal(FMT("%d|%5d|%-5d|%05d|%+d", -7, 42, 42, 42, 3), "-7|   42|42   |00042|+3");
	assert_string_equal(FMT("%u %x %X %o %#o", 4000000000u, 255, 255, 8, 8),
			    "4000000000 ff FF 10 010");
	assert_string_equal(FMT("%lld %llu %zu %zd %ld", -1ll, 18446744073709551615ull,
				(size_t)12, (ssize_t)-12, -5l),
			    "-1 18446744073709551615 12 -12 -5");
	assert_string_equal(FMT("%hhd %hhu %hd %hu", 300, 300, 70000, 70000), "44 44 4464 4464");
	/* the kernel's number() prints the prefix for 0 too */
	assert_string_equal(FMT("%#x %#X %#06x %#x", 0, 0, 0, 26), "0x0 0X0 0x0000 0x1a");
	assert_string_equal(FMT("%c%c%-3c|", 'a', 'b', 'c'), "abc  |");
	assert_string_equal(FMT("%*d|%-*d|%.3d", 4, 1, 4, 2, 5), "   1|2   |005");
	assert_string_equal(FMT("100%%"), "100%");
	/* the extremes, through the plain path and through snprintf() */
	assert_string_equal(FMT("%lld %d %x %o", (long long)INT64_MIN, INT32_MIN, 0u, 0u),
			    "-9223372036854775808 -2147483648 0 0");
	assert_string_equal(FMT("%20lld|%llX", (long long)INT64_MIN, 0xabcdefull),
			    "-9223372036854775808|ABCDEF");
}

static void strings(void **state)
{
	assert_string_equal(FMT("[%s] [%6s] [%-6s] [%.2s]", "abc", "abc", "abc", "abc"),
			    "[abc] [   abc] [abc   ] [ab]");
	assert_string_equal(FMT("%s", (char *)NULL), "(null)");
	/* a pointer into the first page, or an error pointer: not dereferenced */
	assert_string_equal(FMT("%s", (char *)16), "(efault)");
	assert_string_equal(FMT("%s", (char *)(intptr_t)-ENOMEM), "(efault)");
}

static void returns_and_truncation(void **state)
{
	char small[8];
	va_list none;

	assert_int_equal(umod_snprintf(small, sizeof(small), "%s", "0123456789"), 10);
	assert_string_equal(small, "0123456");
	assert_int_equal(umod_snprintf(NULL, 0, "%d", 12345), 5);
	assert_int_equal(umod_snprintf(small, sizeof(small), "%pM", "\1\2\3\4\5\6"), 17);
	assert_string_equal(small, "01:02:0");
	/* literal text is copied in runs: cut at the same byte, counted whole */
	assert_int_equal(umod_snprintf(small, sizeof(small), "abcdefghij%d", 7), 11);
	assert_string_equal(small, "abcdefg");
	assert_int_equal(umod_snprintf(small, sizeof(small), "ab%sgh%%ij", "cdef"), 11);
	assert_string_equal(small, "abcdefg");
	assert_int_equal(umod_snprintf(NULL, 0, "literal only"), 12);
	assert_int_equal(umod_snprintf(small, 1, "xyz"), 3);
	assert_string_equal(small, "");
	(void)none;
}

static int scn(char *b, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = umod_vscnprintf(b, size, fmt, ap);
	va_end(ap);
	return n;
}

static void scnprintf_counts_written(void **state)
{
	char small[8];

	assert_int_equal(scn(small, sizeof(small), "%s", "0123456789"), 7);
	assert_int_equal(scn(small, 0, "%s", "0123456789"), 0);
	assert_int_equal(scn(small, sizeof(small), "%d", 42), 2);
}

static void stops_at_unknown_conversion(void **state)
{
	/* the kernel cannot fetch the arguments after one it does not know */
	assert_string_equal(FMT("a%db%nc%d", 1, (int *)NULL, 2), "a1b");
	assert_string_equal(FMT("x%fy", 1.0), "x");
}

static void plain_pointers_are_hashed(void **state)
{
	int object = 0;
	char want[32];

	snprintf(want, sizeof(want), "%016lx", umod_ptr_to_hashval(&object));
	assert_string_equal(FMT("%p", &object), want);
	/* 32 bits of hash: the top half is zeros, and it is not the address */
	assert_memory_equal(buf, "00000000", 8);
	snprintf(want, sizeof(want), "%016lx", (unsigned long)(uintptr_t)&object);
	assert_string_not_equal(FMT("%p", &object), want);
	/* stable within the process; %pK hashes too (kptr_restrict 0) */
	snprintf(want, sizeof(want), "%016lx", umod_ptr_to_hashval(&object));
	assert_string_equal(FMT("%pK", &object), want);
	/* NULL and error pointers are printed as they are */
	assert_string_equal(FMT("%p", NULL), "0000000000000000");
	assert_string_equal(FMT("%p", (void *)(intptr_t)-EINVAL), "ffffffffffffffea");
	/* the letters after %p belong to it: an unknown extension is a plain %p */
	assert_string_equal(FMT("[%pfoo]", NULL), "[0000000000000000]");
}

static void raw_pointers(void **state)
{
	assert_string_equal(FMT("%px", (void *)0x1234), "0000000000001234");
	assert_string_equal(FMT("%px", (void *)0xffff888012345678), "ffff888012345678");
	assert_string_equal(FMT("[%20px]", (void *)0xabc), "[                 abc]");
}

static void error_names(void **state)
{
	assert_string_equal(FMT("%pe", (void *)(intptr_t)-ENOMEM), "-ENOMEM");
	assert_string_equal(FMT("%pe", (void *)(intptr_t)-EAGAIN), "-EAGAIN");
	assert_string_equal(FMT("%pe", (void *)(intptr_t)-EOPNOTSUPP), "-EOPNOTSUPP");
	assert_string_equal(FMT("%pe", (void *)(intptr_t)-512), "-ERESTARTSYS");
	assert_string_equal(FMT("%pe", (void *)(intptr_t)-517), "-EPROBE_DEFER");
	assert_string_equal(FMT("%pe", (void *)(intptr_t)-524), "-ENOTSUPP");
	/* no name: the number */
	assert_string_equal(FMT("%pe", (void *)(intptr_t)-4000), "-4000");
	/* not an error pointer: %p */
	assert_string_equal(FMT("%pe", NULL), "0000000000000000");
}

static void hex_buffers(void **state)
{
	static const unsigned char b[] = { 0x00, 0x01, 0xab, 0xff, 0x10 };

	assert_string_equal(FMT("%*ph", 5, b), "00 01 ab ff 10");
	assert_string_equal(FMT("%*phC", 3, b), "00:01:ab");
	assert_string_equal(FMT("%*phD", 3, b), "00-01-ab");
	assert_string_equal(FMT("%*phN", 5, b), "0001abff10");
	/* no width: one byte; 0: nothing; at most 64 */
	assert_string_equal(FMT("%ph", b + 2), "ab");
	assert_string_equal(FMT("[%*ph]", 0, b), "[]");
	assert_string_equal(FMT("%*ph", 4, (void *)NULL), "(null)");
}

static void mac_addresses(void **state)
{
	static const unsigned char mac[6] = { 0x00, 0x1b, 0x21, 0x0a, 0xbc, 0xde };

	assert_string_equal(FMT("%pM", mac), "00:1b:21:0a:bc:de");
	assert_string_equal(FMT("%pMR", mac), "de:bc:0a:21:1b:00");
	assert_string_equal(FMT("%pMF", mac), "00-1b-21-0a-bc-de");
	assert_string_equal(FMT("%pm", mac), "001b210abcde");
}

static void ip_addresses(void **state)
{
	static const unsigned char v4[4] = { 10, 0, 2, 15 };
	static const unsigned char v6[16] = { 0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0,
					      0, 0, 0, 0, 0, 0, 0, 0x01 };
	static const unsigned char v6b[16] = { 0xfe, 0x80, 0, 0, 0, 0, 0, 0,
					       0x02, 0x11, 0x22, 0xff, 0xfe, 0x33, 0x44, 0x55 };

	assert_string_equal(FMT("%pI4", v4), "10.0.2.15");
	assert_string_equal(FMT("%pi4", v4), "010.000.002.015");
	assert_string_equal(FMT("%pI6", v6), "2001:0db8:0000:0000:0000:0000:0000:0001");
	assert_string_equal(FMT("%pi6", v6), "20010db8000000000000000000000001");
	assert_string_equal(FMT("%pI6c", v6), "2001:db8::1");
	assert_string_equal(FMT("%pI6c", v6b), "fe80::211:22ff:fe33:4455");
}

static void uuids(void **state)
{
	static const unsigned char u[16] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
					     0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f };

	assert_string_equal(FMT("%pU", u), "00010203-0405-0607-0809-0a0b0c0d0e0f");
	assert_string_equal(FMT("%pUb", u), "00010203-0405-0607-0809-0a0b0c0d0e0f");
	assert_string_equal(FMT("%pUl", u), "03020100-0504-0706-0809-0a0b0c0d0e0f");
	assert_string_equal(FMT("%pUB", u + 0), "00010203-0405-0607-0809-0A0B0C0D0E0F");
}

struct va_format {
	const char *fmt;
	va_list *va;
};

static const char *nested(const char *fmt, ...)
{
	struct va_format vaf;
	va_list ap;

	va_start(ap, fmt);
	vaf.fmt = fmt;
	vaf.va = &ap;
	umod_snprintf(buf, sizeof(buf), "<%pV>", &vaf);
	va_end(ap);
	return buf;
}

static void va_format_nests(void **state)
{
	assert_string_equal(nested("%s=%d %*phN", "x", 5, 2, "\xca\xfe"), "<x=5 cafe>");
}

static void phys_addresses_and_bitmaps(void **state)
{
	uint64_t pa = 0x1234;
	unsigned long map[2] = { 0x78, 0x2 };

	assert_string_equal(FMT("%pa", &pa), "0x0000000000001234");
	assert_string_equal(FMT("%pad", &pa), "0x0000000000001234");
	assert_string_equal(FMT("%*pb", 70, map), "02,00000000,00000078");
	assert_string_equal(FMT("%*pbl", 70, map), "3-6,65");
	assert_string_equal(FMT("%*pb", 8, map), "78");
}

static void simple_strtox(void **state)
{
	char *end;

	assert_int_equal(umod_simple_strtoul("0x1fz", &end, 0), 0x1f);
	assert_string_equal(end, "z");
	assert_int_equal(umod_simple_strtoul("017", NULL, 0), 15);
	assert_int_equal(umod_simple_strtoul("0x", &end, 0), 0);
	assert_string_equal(end, "x");
	assert_int_equal(umod_simple_strtoul("ff", NULL, 16), 255);
	assert_int_equal(umod_simple_strtoul("0xff", NULL, 16), 255);
	assert_true(umod_simple_strtol("-42abc", &end, 10) == -42);
	assert_string_equal(end, "abc");
	/* no white space skipped, as the kernel's */
	assert_int_equal(umod_simple_strtoul(" 5", &end, 10), 0);
	assert_true(umod_simple_strtoull("18446744073709551615", NULL, 10) == UINT64_MAX);
}

static void sscanf_returns_zero_not_eof(void **state)
{
	int a = 0, b = 0;

	assert_int_equal(umod_sscanf("12 34", "%d %d", &a, &b), 2);
	assert_int_equal(a + b, 46);
	assert_int_equal(umod_sscanf("", "%d", &a), 0);
}

static void errnames(void **state)
{
	char name[32];

	assert_string_equal(umod_errname(-ENOENT, name, sizeof(name)), "-ENOENT");
	assert_string_equal(umod_errname(-515, name, sizeof(name)), "-ENOIOCTLCMD");
	assert_null(umod_errname(-520, name, sizeof(name)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(integers),
		cmocka_unit_test(strings),
		cmocka_unit_test(returns_and_truncation),
		cmocka_unit_test(scnprintf_counts_written),
		cmocka_unit_test(stops_at_unknown_conversion),
		cmocka_unit_test(plain_pointers_are_hashed),
		cmocka_unit_test(raw_pointers),
		cmocka_unit_test(error_names),
		cmocka_unit_test(hex_buffers),
		cmocka_unit_test(mac_addresses),
		cmocka_unit_test(ip_addresses),
		cmocka_unit_test(uuids),
		cmocka_unit_test(va_format_nests),
		cmocka_unit_test(phys_addresses_and_bitmaps),
		cmocka_unit_test(simple_strtox),
		cmocka_unit_test(sscanf_returns_zero_not_eof),
		cmocka_unit_test(errnames),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
