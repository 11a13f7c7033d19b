// SPDX-License-Identifier: MIT
/*
 * kernel/sysctl.c: the proc_do* handlers as 6.1's answer each read and
 * write: the text, the bytes taken (*lenp), the position, the errno, and
 * the value kept on a refusal.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fs/proc/internal.h"

/* one write(2) of @text at @pos: the handler's return, *lenp in *@taken */
static int put(proc_handler *h, struct ctl_table *t, const char *text, long long pos,
	       size_t *taken)
{
	char buf[4200];
	size_t len = strlen(text);
	int err;

	memcpy(buf, text, len + 1);
	err = h(t, 1, buf, &len, &pos);
	if (taken)
		*taken = len;
	return err;
}

/* one read(2) of @size bytes at @pos into @out (NUL-terminated) */
static int get(proc_handler *h, struct ctl_table *t, long long pos, size_t size,
	       char *out)
{
	size_t len = size;
	int err = h(t, 0, out, &len, &pos);

	out[len] = '\0';
	return err;
}

static void dointvec_reads_and_writes(void **state)
{
	int v[3] = { 1, -2, 3 };
	struct ctl_table t = { .procname = "v", .data = v, .maxlen = sizeof(v), .mode = 0644 };
	char out[64];
	size_t taken;

	assert_int_equal(get(umod_proc_dointvec, &t, 0, 63, out), 0);
	assert_string_equal(out, "1\t-2\t3\n");
	/* a read at a non-zero position reads nothing */
	assert_int_equal(get(umod_proc_dointvec, &t, 3, 63, out), 0);
	assert_string_equal(out, "");
	/* a short buffer cuts the text */
	assert_int_equal(get(umod_proc_dointvec, &t, 0, 3, out), 0);
	assert_string_equal(out, "1\t-");

	assert_int_equal(put(umod_proc_dointvec, &t, " 4\t5\n6\n", 0, &taken), 0);
	assert_int_equal(taken, 7);
	assert_int_equal(v[0], 4);
	assert_int_equal(v[2], 6);
	/* fewer values than maxlen: the rest stay */
	assert_int_equal(put(umod_proc_dointvec, &t, "7", 0, NULL), 0);
	assert_int_equal(v[0], 7);
	assert_int_equal(v[1], 5);
	/* more than maxlen: what follows is not taken */
	assert_int_equal(put(umod_proc_dointvec, &t, "1 2 3 4\n", 0, &taken), 0);
	assert_int_equal(taken, 6);
	/* a bad value after good ones: those stay written */
	assert_int_equal(put(umod_proc_dointvec, &t, "8 x", 0, NULL), -EINVAL);
	assert_int_equal(v[0], 8);
	assert_int_equal(v[1], 2);
}

static void dointvec_refuses(void **state)
{
	int v = 5;
	struct ctl_table t = { .data = &v, .maxlen = sizeof(v) };
	static const char *const bad[] = {
		"\n", "abc", "5x", "2147483648", "-2147483649", "99999999999999999999",
		"+5", "- 5", "0x", "09", "1.5",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(put(umod_proc_dointvec, &t, bad[i], 0, NULL), -EINVAL);
		assert_int_equal(v, 5);
	}
	/* nothing written is no error */
	assert_int_equal(put(umod_proc_dointvec, &t, "", 0, NULL), 0);
	assert_int_equal(put(umod_proc_dointvec, &t, "-2147483648", 0, NULL), 0);
	assert_int_equal(v, INT_MIN);
	assert_int_equal(put(umod_proc_dointvec, &t, "0x7fffffff", 0, NULL), 0);
	assert_int_equal(v, INT_MAX);
	assert_int_equal(put(umod_proc_dointvec, &t, "010", 0, NULL), 0);
	assert_int_equal(v, 8);
	/* a 21-digit number could go on: refused even when it fits */
	assert_int_equal(put(umod_proc_dointvec, &t, "000000000000000000001", 0, NULL),
			 -EINVAL);
}

static void strict_writes_at_an_offset(void **state)
{
	int v = 5;
	struct ctl_table t = { .data = &v, .maxlen = sizeof(v) };
	long long pos = 2;
	char buf[8] = "99";
	size_t len = 2;

	/* ignored, but the write "succeeds" and the position moves */
	assert_int_equal(umod_proc_dointvec(&t, 1, buf, &len, &pos), 0);
	assert_int_equal(len, 2);
	assert_int_equal(pos, 4);
	assert_int_equal(v, 5);
}

static void minmax_bounds(void **state)
{
	int v = 50, lo = 0, hi = 100;
	struct ctl_table t = { .data = &v, .maxlen = sizeof(v), .extra1 = &lo, .extra2 = &hi };
	unsigned int u = 7, ulo = 5, uhi = 10;
	struct ctl_table tu = { .data = &u, .maxlen = sizeof(u), .extra1 = &ulo, .extra2 = &uhi };

	assert_int_equal(put(umod_proc_dointvec_minmax, &t, "101", 0, NULL), -EINVAL);
	assert_int_equal(put(umod_proc_dointvec_minmax, &t, "-1", 0, NULL), -EINVAL);
	assert_int_equal(v, 50);
	assert_int_equal(put(umod_proc_dointvec_minmax, &t, "100", 0, NULL), 0);
	assert_int_equal(v, 100);
	/* 6.1 turns the unsigned minmax's -ERANGE into -EINVAL */
	assert_int_equal(put(umod_proc_douintvec_minmax, &tu, "11", 0, NULL), -EINVAL);
	assert_int_equal(put(umod_proc_douintvec_minmax, &tu, "4", 0, NULL), -EINVAL);
	assert_int_equal(u, 7);
	assert_int_equal(put(umod_proc_douintvec_minmax, &tu, "10 junk", 0, NULL), 0);
	assert_int_equal(u, 10);
}

static void douintvec_one_value(void **state)
{
	unsigned int u = 7, arr[2];
	struct ctl_table t = { .data = &u, .maxlen = sizeof(u) };
	struct ctl_table ta = { .data = arr, .maxlen = sizeof(arr) };
	char out[32];
	size_t taken;

	assert_int_equal(get(umod_proc_douintvec, &t, 0, 31, out), 0);
	assert_string_equal(out, "7\n");
	assert_int_equal(put(umod_proc_douintvec, &t, "-1", 0, NULL), -EINVAL);
	assert_int_equal(put(umod_proc_douintvec, &t, "4294967296", 0, NULL), -EINVAL);
	/* one number taken, and the whole buffer said so */
	assert_int_equal(put(umod_proc_douintvec, &t, "4294967295 3", 0, &taken), 0);
	assert_int_equal(taken, 12);
	assert_int_equal(u, UINT_MAX);
	assert_int_equal(get(umod_proc_douintvec, &ta, 0, 31, out), -EINVAL);
}

static void dou8vec(void **state)
{
	unsigned char c = 3;
	unsigned int max = 200, big = 300;
	struct ctl_table t = { .data = &c, .maxlen = 1, .extra2 = &max };
	char out[8];

	assert_int_equal(get(umod_proc_dou8vec_minmax, &t, 0, 7, out), 0);
	assert_string_equal(out, "3\n");
	assert_int_equal(put(umod_proc_dou8vec_minmax, &t, "201", 0, NULL), -EINVAL);
	assert_int_equal(put(umod_proc_dou8vec_minmax, &t, "200", 0, NULL), 0);
	assert_int_equal(c, 200);
	t.extra2 = &big;
	assert_int_equal(put(umod_proc_dou8vec_minmax, &t, "1", 0, NULL), -EINVAL);
}

static void dostring(void **state)
{
	char s[8] = "abc";
	struct ctl_table t = { .data = s, .maxlen = sizeof(s) };
	char out[32];
	long long pos = 0;
	size_t len;

	assert_int_equal(get(umod_proc_dostring, &t, 0, 31, out), 0);
	assert_string_equal(out, "abc\n");
	assert_int_equal(get(umod_proc_dostring, &t, 1, 31, out), 0);
	assert_string_equal(out, "bc\n");
	assert_int_equal(get(umod_proc_dostring, &t, 3, 31, out), 0);
	assert_string_equal(out, "\n");
	assert_int_equal(get(umod_proc_dostring, &t, 4, 31, out), 0);
	assert_string_equal(out, "");
	/* cut at maxlen - 1, and at a newline */
	assert_int_equal(put(umod_proc_dostring, &t, "0123456789", 0, NULL), 0);
	assert_string_equal(s, "0123456");
	assert_int_equal(put(umod_proc_dostring, &t, "x\ny", 0, NULL), 0);
	assert_string_equal(s, "x");
	/* a second write continues at the position, a write past the end is ignored */
	strcpy(out, "yz");
	len = 2;
	pos = 1;
	assert_int_equal(umod_proc_dostring(&t, 1, out, &len, &pos), 0);
	assert_string_equal(s, "xyz");
	assert_int_equal(pos, 3);
	assert_int_equal(put(umod_proc_dostring, &t, "q", 5, NULL), 0);
	assert_string_equal(s, "xyz");
}

static void dobool_needs_an_int_sized_table(void **state)
{
	union { int i; bool b; } v = { 1 };
	bool flag = true;
	struct ctl_table t = { .data = &v, .maxlen = sizeof(int) };
	struct ctl_table tb = { .data = &flag, .maxlen = sizeof(flag) };
	char out[8];

	assert_int_equal(put(umod_proc_dobool, &t, "0", 0, NULL), 0);
	assert_false(v.b);
	assert_int_equal(put(umod_proc_dobool, &t, "7", 0, NULL), 0);
	assert_true(v.b);
	/* 6.1: a bool-sized table holds no int, so nothing is read or written */
	assert_int_equal(get(umod_proc_dobool, &tb, 0, 7, out), 0);
	assert_string_equal(out, "");
	assert_int_equal(put(umod_proc_dobool, &tb, "0", 0, NULL), -EINVAL);
	assert_true(flag);
}

static void ulongvec_and_jiffies(void **state)
{
	unsigned long ul = 5, lo = 2;
	struct ctl_table t = { .data = &ul, .maxlen = sizeof(ul), .extra1 = &lo };
	int j = 0;
	struct ctl_table tj = { .data = &j, .maxlen = sizeof(j) };
	char out[32];

	assert_int_equal(put(umod_proc_doulongvec_minmax, &t, "1", 0, NULL), -EINVAL);
	assert_int_equal(put(umod_proc_doulongvec_minmax, &t, "-3", 0, NULL), -EINVAL);
	assert_int_equal(put(umod_proc_doulongvec_minmax, &t, "18446744073709551615", 0, NULL),
			 0);
	assert_int_equal(ul, ULONG_MAX);
	/* stored in jiffies (HZ 250), read back in milliseconds, rounded up */
	assert_int_equal(put(umod_proc_doulongvec_ms_jiffies_minmax, &t, "1000", 0, NULL), 0);
	assert_int_equal(ul, 250);
	assert_int_equal(put(umod_proc_dointvec_jiffies, &tj, "3", 0, NULL), 0);
	assert_int_equal(j, 750);
	assert_int_equal(get(umod_proc_dointvec_jiffies, &tj, 0, 31, out), 0);
	assert_string_equal(out, "3\n");
	assert_int_equal(put(umod_proc_dointvec_jiffies, &tj, "8589935", 0, NULL), -EINVAL);
	assert_int_equal(put(umod_proc_dointvec_ms_jiffies, &tj, "1001", 0, NULL), 0);
	assert_int_equal(j, 251);
	assert_int_equal(get(umod_proc_dointvec_ms_jiffies, &tj, 0, 31, out), 0);
	assert_string_equal(out, "1004\n");
	/* USER_HZ 100: a clock tick is 2.5 jiffies */
	assert_int_equal(put(umod_proc_dointvec_userhz_jiffies, &tj, "100", 0, NULL), 0);
	assert_int_equal(j, 250);
	assert_int_equal(get(umod_proc_dointvec_userhz_jiffies, &tj, 0, 31, out), 0);
	assert_string_equal(out, "100\n");
}

static void large_bitmap(void **state)
{
	unsigned long bits[2] = { 0 }, *map = bits;
	struct ctl_table t = { .data = &map, .maxlen = 100 };
	char out[64];

	assert_int_equal(get(umod_proc_do_large_bitmap, &t, 0, 63, out), 0);
	assert_string_equal(out, "\n");
	assert_int_equal(put(umod_proc_do_large_bitmap, &t, "1,3-5,64-65,99\n", 0, NULL), 0);
	assert_int_equal(bits[0], 0x3aul);
	assert_int_equal(bits[1], 0x800000003ul);
	assert_int_equal(get(umod_proc_do_large_bitmap, &t, 0, 63, out), 0);
	assert_string_equal(out, "1,3-5,64-65,99\n");
	assert_int_equal(put(umod_proc_do_large_bitmap, &t, "100", 0, NULL), -EINVAL);
	assert_int_equal(put(umod_proc_do_large_bitmap, &t, "5-3", 0, NULL), -EINVAL);
	assert_int_equal(put(umod_proc_do_large_bitmap, &t, "1;2", 0, NULL), -EINVAL);
	assert_int_equal(bits[0], 0x3aul);
	/* a write at a non-zero position adds to the bits */
	assert_int_equal(put(umod_proc_do_large_bitmap, &t, "0", 1, NULL), 0);
	assert_int_equal(bits[0], 0x3bul);
}

static void empty_tables_read_nothing(void **state)
{
	int v = 1;
	struct ctl_table t = { .data = &v, .maxlen = 0 };
	struct ctl_table none = { .data = NULL, .maxlen = 4 };
	char out[8];

	assert_int_equal(get(umod_proc_dointvec, &t, 0, 7, out), 0);
	assert_string_equal(out, "");
	assert_int_equal(put(umod_proc_dointvec, &none, "1", 0, NULL), 0);
	assert_int_equal(put(umod_proc_dostring, &none, "1", 0, NULL), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dointvec_reads_and_writes),
		cmocka_unit_test(dointvec_refuses),
		cmocka_unit_test(strict_writes_at_an_offset),
		cmocka_unit_test(minmax_bounds),
		cmocka_unit_test(douintvec_one_value),
		cmocka_unit_test(dou8vec),
		cmocka_unit_test(dostring),
		cmocka_unit_test(dobool_needs_an_int_sized_table),
		cmocka_unit_test(ulongvec_and_jiffies),
		cmocka_unit_test(large_bitmap),
		cmocka_unit_test(empty_tables_read_nothing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
