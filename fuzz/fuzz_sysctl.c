// SPDX-License-Identifier: MIT
/*
 * kernel/sysctl.c's handlers over arbitrary writes and reads. The first
 * byte picks the handler (and a read or a write, at position 0 or not),
 * the rest is the user's buffer. Invariants: a handler never claims more
 * bytes than it got, a minmax value stays within its bounds whatever was
 * written, a string stays NUL-terminated within maxlen, and a read gives
 * text only.
 */
#include <ctype.h>
#include <string.h>

#include "fuzz.h"
#include "fs/proc/internal.h"

struct values {
	int ints[3];
	int bounded;
	unsigned int uint, ubounded;
	unsigned char u8;
	unsigned long ulongs[2];
	char str[16];
	unsigned long bits[2], *map;
};

static const int lo = -5, hi = 100;
static const unsigned int ulo = 3, uhi = 300;

/* the tables, pointing into @v; the returned one is @which's */
static struct ctl_table table_for(struct values *v, unsigned int which, proc_handler **h)
{
	static proc_handler *const handlers[] = {
		umod_proc_dointvec, umod_proc_dointvec_minmax, umod_proc_douintvec,
		umod_proc_douintvec_minmax, umod_proc_dou8vec_minmax,
		umod_proc_doulongvec_minmax, umod_proc_dostring, umod_proc_do_large_bitmap,
		umod_proc_dointvec_jiffies, umod_proc_dointvec_ms_jiffies,
		umod_proc_dointvec_userhz_jiffies, umod_proc_dobool,
	};
	struct ctl_table t = { .procname = "f", .mode = 0644 };

	which %= sizeof(handlers) / sizeof(handlers[0]);
	*h = handlers[which];
	switch (which) {
	case 1: t.data = &v->bounded; t.maxlen = sizeof(int);
		t.extra1 = (void *)&lo; t.extra2 = (void *)&hi; break;
	case 2: t.data = &v->uint; t.maxlen = sizeof(unsigned int); break;
	case 3: t.data = &v->ubounded; t.maxlen = sizeof(unsigned int);
		t.extra1 = (void *)&ulo; t.extra2 = (void *)&uhi; break;
	case 4: t.data = &v->u8; t.maxlen = 1; break;
	case 5: t.data = v->ulongs; t.maxlen = sizeof(v->ulongs); break;
	case 6: t.data = v->str; t.maxlen = sizeof(v->str); break;
	case 7: v->map = v->bits; t.data = &v->map; t.maxlen = 100; break;
	default: t.data = v->ints; t.maxlen = sizeof(v->ints); break;
	}
	return t;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct values v = { .bounded = 7, .ubounded = 7, .str = "abc" };
	char buf[8192];
	struct ctl_table t;
	proc_handler *h;
	long long pos;
	size_t len;

	if (!size || size > sizeof(buf) - 1)
		return 0;
	t = table_for(&v, data[0] & 0x0f, &h);
	pos = (data[0] & 0x40) ? (data[0] >> 7) + 1 : 0;
	len = size - 1;
	memcpy(buf, data + 1, len);
	buf[len] = '\0';
	if (data[0] & 0x20) {
		h(&t, 1, buf, &len, &pos);
		fuzz_assert(len <= size - 1);
		fuzz_assert(v.bounded >= lo && v.bounded <= hi);
		fuzz_assert(v.ubounded >= ulo && v.ubounded <= uhi);
		fuzz_assert(memchr(v.str, '\0', sizeof(v.str)));
		return 0;
	}
	len = len < sizeof(buf) ? len : sizeof(buf) - 1;
	if (!h(&t, 0, buf, &len, &pos)) {
		fuzz_assert(len <= size - 1);
		for (size_t i = 0; i < len; i++)
			fuzz_assert(isprint((unsigned char)buf[i]) || isspace((unsigned char)buf[i]));
	}
	return 0;
}
