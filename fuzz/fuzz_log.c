// SPDX-License-Identifier: MIT
/*
 * The printk ring driven by a byte program: each op logs text (with any
 * KERN_* prefixes and KERN_CONT it carries), logs through one of a few
 * formats with fuzzed widths, reads records back into buffers of fuzzed
 * size, or clears. Invariants: records come back in sequence order, no
 * longer than a line may be, their text NUL-terminated within the buffer;
 * the sink sees each committed line exactly once.
 */
#include <errno.h>
#include <string.h>

#include "kernel/printk/internal.h"

#include "fuzz.h"

#define LINE_MAX_TEXT	992	/* kernel/printk/printk.c's LOG_LINE_MAX */

struct prog {
	const uint8_t *p, *end;
};

static unsigned int take(struct prog *pr)
{
	return pr->p < pr->end ? *pr->p++ : 0;
}

static uint64_t sink_next;

static void sink(void *data, uint64_t seq, int level, uint64_t ts,
		 const char *text, size_t len)
{
	fuzz_assert(seq == sink_next);
	sink_next++;
	fuzz_assert(level >= 0 && level <= 7);
	/* printk("%c", 0) puts a NUL inside a record, as in the kernel */
	fuzz_assert(len <= LINE_MAX_TEXT && text[len] == '\0' && strlen(text) <= len);
}

static void op_text(struct umod_log *log, struct prog *pr)
{
	size_t n = take(pr) * 8 + take(pr) % 8;
	char buf[2048 + 1];

	if (n > (size_t)(pr->end - pr->p))
		n = (size_t)(pr->end - pr->p);
	memcpy(buf, pr->p, n);
	buf[n] = '\0';
	pr->p += n;
	umod_log_printk(log, "%s", buf);
}

static void op_format(struct umod_log *log, struct prog *pr)
{
	int width = (int)(take(pr) << 4), v = (int)take(pr) - 128;
	char level[3] = { KERN_SOH_ASCII, (char)('0' + take(pr) % 8), '\0' };

	switch (take(pr) % 4) {
	case 0:
		umod_log_printk(log, "%s%*d\n", level, width, v);
		break;
	case 1:
		umod_log_printk(log, KERN_CONT "%*s", width, "c");
		break;
	case 2:
		umod_log_printk(log, "%s%.*s", level, width, "no newline");
		break;
	default:
		umod_log_printk(log, KERN_CONT "%c\n", v);
		break;
	}
}

static void op_read(struct umod_log *log, struct prog *pr, uint64_t *seq)
{
	size_t size = take(pr) * 5;
	char buf[256 * 5 + 1];
	uint64_t s = *seq;
	int level, len;

	memset(buf, 'x', sizeof(buf));
	len = umod_log_read_record(log, &s, &level, NULL, size ? buf : NULL, size);
	if (len == -EAGAIN)
		return;
	fuzz_assert(len >= 0 && len <= LINE_MAX_TEXT);
	fuzz_assert(s > *seq);
	fuzz_assert(level >= 0 && level <= 7);
	if (size) {
		size_t n = (size_t)len < size ? (size_t)len : size - 1;

		fuzz_assert(buf[n] == '\0' && strlen(buf) <= n);
	}
	*seq = s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct prog pr = { data, data + size };
	struct umod_log *log;
	uint64_t seq = 0;

	if (umod_log_new(&log, 4096 + take(&pr) * 64))
		return 0;
	sink_next = 0;
	umod_log_set_sink(log, sink, NULL);
	while (pr.p < pr.end) {
		switch (take(&pr) % 5) {
		case 0:
		case 1:
			op_text(log, &pr);
			break;
		case 2:
			op_format(log, &pr);
			break;
		case 3:
			op_read(log, &pr, &seq);
			break;
		default:
			if (take(&pr) % 4 == 0)
				umod_log_clear_read(log);
			else
				seq = take(&pr);
			break;
		}
	}
	umod_log_free(log);
	return 0;
}
