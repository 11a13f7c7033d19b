// SPDX-License-Identifier: MIT
/*
 * kernel/printk/printk.c: levels and continuation as printk parses them, and the ring
 * wrapping: the oldest records go, sequence numbers never repeat, a reader
 * behind the ring resumes at the oldest record still there.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/printk/internal.h"

struct sunk {
	uint64_t seq[4096];
	int n;
};

static void sink(void *data, uint64_t seq, int level, uint64_t ts, const char *text, size_t len)
{
	struct sunk *s = data;

	assert_int_equal(strlen(text), len);
	if (s->n < 4096)
		s->seq[s->n++] = seq;
}

static int read_one(struct umod_log *log, uint64_t *seq, int *level, char *buf)
{
	return umod_log_read_record(log, seq, level, NULL, buf, 256);
}

static void levels_and_default(void **state)
{
	struct umod_log *log;
	uint64_t seq = 0;
	char buf[256];
	int level;

	assert_int_equal(umod_log_new(&log, 0), 0);
	umod_log_printk(log, KERN_ERR "err %d\n", 3);
	umod_log_printk(log, "no level\n");
	umod_log_printk(log, KERN_DEBUG "debug\n");
	assert_int_equal(read_one(log, &seq, &level, buf), 5);
	assert_string_equal(buf, "err 3");
	assert_int_equal(level, 3);
	assert_int_equal(read_one(log, &seq, &level, buf), 8);
	assert_int_equal(level, 4);	/* MESSAGE_LOGLEVEL_DEFAULT */
	assert_int_equal(read_one(log, &seq, &level, buf), 5);
	assert_int_equal(level, 7);
	assert_int_equal(read_one(log, &seq, &level, buf), -EAGAIN);
	umod_log_free(log);
}

static void continuation_joins_lines(void **state)
{
	struct umod_log *log;
	uint64_t seq = 0;
	char buf[256];
	int level;

	assert_int_equal(umod_log_new(&log, 0), 0);
	umod_log_printk(log, KERN_INFO "a");
	umod_log_printk(log, KERN_CONT "b");
	umod_log_printk(log, KERN_CONT "c\n");
	umod_log_printk(log, KERN_INFO "open");
	umod_log_printk(log, KERN_WARNING "next\n");	/* not KERN_CONT: a new line */
	assert_int_equal(read_one(log, &seq, &level, buf), 3);
	assert_string_equal(buf, "abc");
	assert_int_equal(level, 6);
	read_one(log, &seq, &level, buf);
	assert_string_equal(buf, "open");
	read_one(log, &seq, &level, buf);
	assert_string_equal(buf, "next");
	assert_int_equal(level, 4);
	umod_log_free(log);
}

static void wrapping_drops_oldest(void **state)
{
	struct umod_log *log;
	struct sunk s = { .n = 0 };
	uint64_t seq = 0, prev;
	char buf[256];
	int n = 0;

	assert_int_equal(umod_log_new(&log, 4096), 0);
	umod_log_set_sink(log, sink, &s);
	for (int i = 0; i < 1000; i++)
		umod_log_printk(log, KERN_INFO "record %04d with some padding text\n", i);
	/* the sink saw every record, in order */
	assert_int_equal(s.n, 1000);
	for (int i = 0; i < 1000; i++)
		assert_true(s.seq[i] == (uint64_t)i);

	/* the ring kept only the newest, contiguous, ending with the last */
	assert_true(read_one(log, &seq, NULL, buf) > 0);
	assert_true(seq > 1);		/* record 0 is long gone */
	assert_true(strncmp(buf, "record ", 7) == 0);
	assert_int_equal(atoi(buf + 7), (int)seq - 1);
	for (prev = seq; read_one(log, &seq, NULL, buf) > 0; prev = seq, n++) {
		assert_true(seq == prev + 1);
		assert_int_equal(atoi(buf + 7), (int)seq - 1);
	}
	assert_string_equal(buf, "record 0999 with some padding text");
	assert_true(n > 10 && n < 200);
	umod_log_free(log);
}

static void clear_hides_what_was_read(void **state)
{
	struct umod_log *log;
	uint64_t seq = 0;
	char buf[256];

	assert_int_equal(umod_log_new(&log, 0), 0);
	umod_log_printk(log, "one\n");
	umod_log_clear_read(log);
	umod_log_printk(log, "two\n");
	assert_int_equal(read_one(log, &seq, NULL, buf), 3);
	assert_string_equal(buf, "two");
	umod_log_free(log);
}

static void long_line_is_truncated(void **state)
{
	struct umod_log *log;
	uint64_t seq = 0;
	char big[3000], buf[2048];

	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(umod_log_new(&log, 0), 0);
	umod_log_printk(log, "%s\n", big);
	assert_int_equal(umod_log_read_record(log, &seq, NULL, NULL, buf, sizeof(buf)), 991);
	/* the level prefix counts against the limit, as in Linux 6.1 */
	umod_log_printk(log, KERN_ERR "%s\n", big);
	assert_int_equal(umod_log_read_record(log, &seq, NULL, NULL, buf, sizeof(buf)), 989);
	umod_log_free(log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(levels_and_default),
		cmocka_unit_test(continuation_joins_lines),
		cmocka_unit_test(wrapping_drops_oldest),
		cmocka_unit_test(clear_hides_what_was_read),
		cmocka_unit_test(long_line_is_truncated),
	};

	return cmocka_run_group_tests_name("log", tests, NULL, NULL);
}
