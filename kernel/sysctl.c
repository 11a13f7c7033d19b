// SPDX-License-Identifier: MIT
/*
 * The proc_handler library of Linux 6.1's kernel/sysctl.c: how a /proc/sys
 * entry turns its variable into text and back. Each handler gets the
 * kernel's copy of one read(2) or write(2) (@buffer, *@lenp bytes) and the
 * file position (*@ppos), and answers as 6.1's does:
 *   - a read at a non-zero position reads nothing (numbers are made whole
 *     in one read); a string is read from *@ppos on;
 *   - sysctl_writes_strict is 6.1's default, 1 (strict): a number written
 *     at a non-zero position is ignored (the write "succeeds"), a string
 *     written there continues the one already stored;
 *   - numbers take C prefixes ("0x10", "010"), a '-' where the type allows
 *     one, whitespace between them; anything else, a value out of the
 *     type's or the table's range, or no number at all is -EINVAL
 *     (proc_douintvec_minmax too: 6.1 turns its -ERANGE into -EINVAL);
 *   - a vector stops at maxlen's count: what follows is ignored, and the
 *     values before a bad one stay written.
 * Pure code: nothing here knows a host, so the unit tests call it directly.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/time/timekeeping.h"
#include "kernel/kapi.h"
#include "fs/proc/internal.h"
#include "lib/kstrtox.h"

#define USER_HZ		100u
#define PAGE_LIMIT	(UMOD_PAGE_SIZE - 1)	/* a write is parsed up to a page */

const int umod_sysctl_vals[] = { 0, 1, 2, 3, 4, 100, 200, 1000, 3000, INT_MAX, 65535, -1 };
const unsigned long umod_sysctl_long_vals[] = { 0, 1, LONG_MAX };

/* ---- text ---------------------------------------------------------------------- */

static void skip_spaces(char **p, size_t *left)
{
	while (*left && isspace((unsigned char)**p)) {
		(*p)++;
		(*left)--;
	}
}

static void skip_char(char **p, size_t *left, char c)
{
	while (*left && **p == c) {
		(*p)++;
		(*left)--;
	}
}

/*
 * One number at *@p (at most 21 characters of it are looked at): its
 * magnitude in *@val, its sign in *@neg. What follows it must be one of
 * @trailers (if any are given), and is stored in *@tr. -EINVAL for no
 * digit, an overflow, or a number too long to tell where it ends.
 */
static int get_long(char **p, size_t *left, unsigned long *val, bool *neg,
		    const char *trailers, size_t ntrailers, char *tr)
{
	char tmp[22], *s = tmp;
	unsigned long long v;
	unsigned int base = 0, rv;
	size_t len = *left;

	if (!len)
		return -EINVAL;
	if (len > sizeof(tmp) - 1)
		len = sizeof(tmp) - 1;
	memcpy(tmp, *p, len);
	tmp[len] = '\0';
	*neg = *s == '-' && *left > 1;
	if (*neg)
		s++;
	if (!isdigit((unsigned char)*s))
		return -EINVAL;
	s = (char *)umod_parse_integer_fixup_radix(s, &base);
	rv = umod_parse_integer(s, base, &v);
	if ((rv & UMOD_KSTRTOX_OVERFLOW) || v != (unsigned long)v)
		return -EINVAL;
	s += rv;
	len = (size_t)(s - tmp);
	if (len == sizeof(tmp) - 1)	/* more digits may follow: refuse */
		return -EINVAL;
	if (len < *left && ntrailers && !memchr(trailers, *s, ntrailers))
		return -EINVAL;
	if (tr && len < *left)
		*tr = *s;
	*val = (unsigned long)v;
	*p += len;
	*left -= len;
	return 0;
}

/* at most *@left bytes of the number: a short buffer cuts it */
static void put_long(char **p, size_t *left, unsigned long val, bool neg)
{
	char tmp[24];
	size_t len = (size_t)snprintf(tmp, sizeof(tmp), "%s%lu", neg ? "-" : "", val);

	if (len > *left)
		len = *left;
	memcpy(*p, tmp, len);
	*p += len;
	*left -= len;
}

static void put_char(char **p, size_t *left, char c)
{
	if (*left) {
		*(*p)++ = c;
		(*left)--;
	}
}

/* strict mode: a number is written at position 0 only */
static bool pos_ignored(const long long *ppos)
{
	return *ppos != 0;
}

/* ---- vectors of ints and unsigned longs ---------------------------------------- */

/* one value between text (*lval, *neg) and the variable at @v, as @write says */
typedef int vec_conv(bool *neg, unsigned long *lval, void *v, int write, void *data);

static const char wspace[] = { ' ', '\t', '\n' };

static int int_from_sign(bool *neg, unsigned long *lval, int *valp, int write)
{
	if (write) {
		if (*lval > (unsigned long)INT_MAX + (*neg ? 1 : 0))
			return -EINVAL;
		__atomic_store_n(valp, *neg ? (int)(0 - *lval) : (int)*lval, __ATOMIC_RELAXED);
	} else {
		int v = __atomic_load_n(valp, __ATOMIC_RELAXED);

		*neg = v < 0;
		*lval = v < 0 ? 0 - (unsigned long)(long)v : (unsigned long)v;
	}
	return 0;
}

static int conv_int(bool *neg, unsigned long *lval, void *valp, int write, void *data)
{
	return int_from_sign(neg, lval, valp, write);
}

static int conv_bool(bool *neg, unsigned long *lval, void *valp, int write, void *data)
{
	if (write) {
		*(bool *)valp = *lval != 0;
	} else {
		*lval = *(bool *)valp;
		*neg = false;
	}
	return 0;
}

struct int_bounds {
	const int *min, *max;
	vec_conv *inner;	/* NULL: plain ints */
};

/* into a temporary first, so that an out-of-range value leaves *valp alone */
static int conv_int_minmax(bool *neg, unsigned long *lval, void *v, int write, void *data)
{
	struct int_bounds *b = data;
	vec_conv *inner = b->inner ? b->inner : conv_int;
	int *valp = v;
	int tmp, err = inner(neg, lval, write ? &tmp : valp, write, NULL);

	if (err || !write)
		return err;
	if ((b->min && tmp < *b->min) || (b->max && tmp > *b->max))
		return -EINVAL;
	__atomic_store_n(valp, tmp, __ATOMIC_RELAXED);
	return 0;
}

static unsigned long magnitude(int v, bool *neg)
{
	*neg = v < 0;
	return v < 0 ? 0 - (unsigned long)(long)v : (unsigned long)v;
}

/* seconds to jiffies */
static int conv_jiffies(bool *neg, unsigned long *lval, void *v, int write, void *data)
{
	int *valp = v;

	if (!write) {
		*lval = magnitude(*valp, neg) / UMOD_HZ;
		return 0;
	}
	if (*lval > INT_MAX / UMOD_HZ)
		return 1;
	*valp = (int)(*neg ? 0 - *lval * UMOD_HZ : *lval * UMOD_HZ);
	return 0;
}

/*
 * 1/USER_HZ seconds to jiffies. HZ 250 is no multiple of USER_HZ 100, so
 * clock_t_to_jiffies() and jiffies_to_clock_t() scale through 64 bits
 * (a jiffy is 4 ms, a clock tick 10 ms).
 */
static int conv_userhz(bool *neg, unsigned long *lval, void *v, int write, void *data)
{
	int *valp = v;
	unsigned long x;

	if (!write) {
		*lval = (unsigned long)((unsigned long long)magnitude(*valp, neg) * 4000000u /
					10000000u);
		return 0;
	}
	if (USER_HZ < UMOD_HZ && *lval > (LONG_MAX / UMOD_HZ) * USER_HZ)
		return 1;
	x = *neg ? 0 - *lval : *lval;
	x = x >= ~0ul / UMOD_HZ * USER_HZ ? ~0ul :
	    (unsigned long)((unsigned long long)x * UMOD_HZ / USER_HZ);
	*valp = (int)x;
	return 0;
}

/* msecs_to_jiffies() as include/linux/jiffies.h has it for HZ 250 */
static unsigned long ms_to_jiffies(unsigned int m)
{
	if ((int)m < 0)
		return (LONG_MAX >> 1) - 1;	/* MAX_JIFFY_OFFSET */
	return (m + (1000u / UMOD_HZ) - 1) / (1000u / UMOD_HZ);
}

/* milliseconds to jiffies */
static int conv_ms_jiffies(bool *neg, unsigned long *lval, void *v, int write, void *data)
{
	int *valp = v;
	unsigned long j;

	if (!write) {
		*lval = (unsigned int)(magnitude(*valp, neg) * (1000u / UMOD_HZ));
		return 0;
	}
	j = ms_to_jiffies((unsigned int)(*neg ? 0 - *lval : *lval));
	if (j > INT_MAX)
		return 1;
	*valp = (int)j;
	return 0;
}

/*
 * __do_proc_dointvec() and __do_proc_doulongvec_minmax(): maxlen / @elem
 * values, tab-separated with a newline on reading; whitespace-separated
 * on writing.
 */
static int do_vec(void *data, size_t elem, struct ctl_table *table, int write, void *buffer,
		  size_t *lenp, long long *ppos, vec_conv *conv, void *param)
{
	int vleft, first = 1, err = 0;
	size_t left;
	char *p = buffer;

	if (!data || !table->maxlen || !*lenp || (*ppos && !write)) {
		*lenp = 0;
		return 0;
	}
	vleft = table->maxlen / (int)elem;
	left = *lenp;
	if (write) {
		if (pos_ignored(ppos))
			goto out;
		if (left > PAGE_LIMIT)
			left = PAGE_LIMIT;
	}
	for (; left && vleft--; data = (char *)data + elem, first = 0) {
		unsigned long lval;
		bool neg;

		if (!write) {
			if (conv(&neg, &lval, data, 0, param)) {
				err = -EINVAL;
				break;
			}
			if (!first)
				put_char(&p, &left, '\t');
			put_long(&p, &left, lval, neg);
			continue;
		}
		skip_spaces(&p, &left);
		if (!left)
			break;
		err = get_long(&p, &left, &lval, &neg, wspace, sizeof(wspace), NULL);
		if (err)
			break;
		if (conv(&neg, &lval, data, 1, param)) {
			err = -EINVAL;
			break;
		}
	}
	if (!write && !first && left && !err)
		put_char(&p, &left, '\n');
	if (write && !err)
		skip_spaces(&p, &left);
	if (write && first)
		return err ? err : -EINVAL;
	*lenp -= left;
out:
	*ppos += (long long)*lenp;
	return err;
}

#define do_intvec(data, table, write, buffer, lenp, ppos, conv, param) \
	do_vec(data, sizeof(int), table, write, buffer, lenp, ppos, conv, param)

int umod_proc_dointvec(struct ctl_table *table, int write, void *buffer, size_t *lenp,
		       long long *ppos)
{
	return do_intvec(table->data, table, write, buffer, lenp, ppos, conv_int, NULL);
}

int umod_proc_dobool(struct ctl_table *table, int write, void *buffer, size_t *lenp,
		     long long *ppos)
{
	return do_intvec(table->data, table, write, buffer, lenp, ppos, conv_bool, NULL);
}

int umod_proc_dointvec_minmax(struct ctl_table *table, int write, void *buffer,
			      size_t *lenp, long long *ppos)
{
	struct int_bounds b = { table->extra1, table->extra2, NULL };

	return do_intvec(table->data, table, write, buffer, lenp, ppos, conv_int_minmax, &b);
}

int umod_proc_dointvec_jiffies(struct ctl_table *table, int write, void *buffer,
			       size_t *lenp, long long *ppos)
{
	return do_intvec(table->data, table, write, buffer, lenp, ppos, conv_jiffies, NULL);
}

int umod_proc_dointvec_userhz_jiffies(struct ctl_table *table, int write, void *buffer,
				      size_t *lenp, long long *ppos)
{
	return do_intvec(table->data, table, write, buffer, lenp, ppos, conv_userhz, NULL);
}

int umod_proc_dointvec_ms_jiffies(struct ctl_table *table, int write, void *buffer,
				  size_t *lenp, long long *ppos)
{
	return do_intvec(table->data, table, write, buffer, lenp, ppos, conv_ms_jiffies, NULL);
}

int umod_proc_dointvec_ms_jiffies_minmax(struct ctl_table *table, int write, void *buffer,
					 size_t *lenp, long long *ppos)
{
	struct int_bounds b = { table->extra1, table->extra2, conv_ms_jiffies };

	return do_intvec(table->data, table, write, buffer, lenp, ppos, conv_int_minmax, &b);
}

/* ---- one unsigned int ---------------------------------------------------------- */

struct uint_bounds {
	const unsigned int *min, *max;
};

static int uint_store(unsigned long lval, unsigned int *valp, const struct uint_bounds *b)
{
	if (lval > UINT_MAX)
		return -EINVAL;
	if (b && ((b->min && lval < *b->min) || (b->max && lval > *b->max)))
		return -ERANGE;
	__atomic_store_n(valp, (unsigned int)lval, __ATOMIC_RELAXED);
	return 0;
}

/*
 * __do_proc_douintvec(): one value (an array is -EINVAL); a write parses
 * one number and says it took the whole buffer, -EINVAL for anything the
 * value refuses; a read is the number and a newline.
 */
static int do_uint(unsigned int *data, struct ctl_table *table, int write, void *buffer,
		   size_t *lenp, long long *ppos, const struct uint_bounds *b)
{
	size_t left = *lenp;
	unsigned long lval;
	char *p = buffer;
	bool neg;

	if (!data || !table->maxlen || !*lenp || (*ppos && !write)) {
		*lenp = 0;
		return 0;
	}
	if (table->maxlen / (int)sizeof(*data) != 1) {
		*lenp = 0;
		return -EINVAL;
	}
	if (!write) {
		put_long(&p, &left, __atomic_load_n(data, __ATOMIC_RELAXED), false);
		put_char(&p, &left, '\n');
		*lenp -= left;
		*ppos += (long long)*lenp;
		return 0;
	}
	if (pos_ignored(ppos)) {
		*ppos += (long long)*lenp;
		return 0;
	}
	if (left > PAGE_LIMIT)
		left = PAGE_LIMIT;
	skip_spaces(&p, &left);
	if (!left || get_long(&p, &left, &lval, &neg, wspace, sizeof(wspace), NULL) || neg ||
	    uint_store(lval, data, b))
		return -EINVAL;
	return 0;
}

int umod_proc_douintvec(struct ctl_table *table, int write, void *buffer, size_t *lenp,
			long long *ppos)
{
	return do_uint(table->data, table, write, buffer, lenp, ppos, NULL);
}

int umod_proc_douintvec_minmax(struct ctl_table *table, int write, void *buffer,
			       size_t *lenp, long long *ppos)
{
	struct uint_bounds b = { table->extra1, table->extra2 };

	return do_uint(table->data, table, write, buffer, lenp, ppos, &b);
}

/* one u8 (an array is -EINVAL), bounded by 0-255 and the table's bounds */
int umod_proc_dou8vec_minmax(struct ctl_table *table, int write, void *buffer,
			     size_t *lenp, long long *ppos)
{
	unsigned int min = 0, max = 255, val;
	struct uint_bounds b = { &min, &max };
	struct ctl_table tmp;
	unsigned char *data = table->data;
	int err;

	if (table->maxlen != 1)
		return -EINVAL;
	if ((table->extra1 && (min = *(unsigned int *)table->extra1) > 255) ||
	    (table->extra2 && (max = *(unsigned int *)table->extra2) > 255))
		return -EINVAL;
	tmp = *table;
	tmp.maxlen = sizeof(val);
	val = __atomic_load_n(data, __ATOMIC_RELAXED);
	err = do_uint(&val, &tmp, write, buffer, lenp, ppos, &b);
	if (!err && write)
		__atomic_store_n(data, (unsigned char)val, __ATOMIC_RELAXED);
	return err;
}

/* ---- unsigned long vectors ----------------------------------------------------- */

struct ulong_scale {
	const unsigned long *min, *max;
	unsigned long mul, div;		/* stored as value * mul / div */
};

static int conv_ulong(bool *neg, unsigned long *lval, void *v, int write, void *data)
{
	const struct ulong_scale *sc = data;
	unsigned long *valp = v, val;

	if (!write) {
		*lval = sc->div * __atomic_load_n(valp, __ATOMIC_RELAXED) / sc->mul;
		*neg = false;
		return 0;
	}
	val = sc->mul * *lval / sc->div;
	if (*neg || (sc->min && val < *sc->min) || (sc->max && val > *sc->max))
		return -EINVAL;
	__atomic_store_n(valp, val, __ATOMIC_RELAXED);
	return 0;
}

static int do_ulongvec(struct ctl_table *table, int write, void *buffer, size_t *lenp,
		       long long *ppos, unsigned long mul, unsigned long div)
{
	struct ulong_scale sc = { table->extra1, table->extra2, mul, div };

	return do_vec(table->data, sizeof(unsigned long), table, write, buffer, lenp, ppos,
		      conv_ulong, &sc);
}

int umod_proc_doulongvec_minmax(struct ctl_table *table, int write, void *buffer,
				size_t *lenp, long long *ppos)
{
	return do_ulongvec(table, write, buffer, lenp, ppos, 1, 1);
}

int umod_proc_doulongvec_ms_jiffies_minmax(struct ctl_table *table, int write, void *buffer,
					   size_t *lenp, long long *ppos)
{
	return do_ulongvec(table, write, buffer, lenp, ppos, UMOD_HZ, 1000);
}

/* ---- strings ------------------------------------------------------------------- */

/*
 * A NUL-terminated string of at most maxlen - 1 bytes. Read from *@ppos
 * on, with a newline when the buffer has room. Written up to the first
 * newline or NUL; strict mode continues from *@ppos when that is within
 * the string, and ignores a write beyond its end.
 */
int umod_proc_dostring(struct ctl_table *table, int write, void *buffer, size_t *lenp,
		       long long *ppos)
{
	char *data = table->data, *buf = buffer;
	size_t maxlen = table->maxlen > 0 ? (size_t)table->maxlen : 0, len;

	if (!data || !maxlen || !*lenp) {
		*lenp = 0;
		return 0;
	}
	len = strnlen(data, maxlen);
	if (write) {
		if (len > maxlen - 1)
			len = maxlen - 1;
		if (*ppos > (long long)len)
			return 0;
		len = (size_t)*ppos;
		*ppos += (long long)*lenp;
		for (size_t i = 0; i < *lenp && len < maxlen - 1 && buf[i] && buf[i] != '\n'; i++)
			data[len++] = buf[i];
		data[len] = '\0';
		return 0;
	}
	if (*ppos > (long long)len) {
		*lenp = 0;
		return 0;
	}
	len -= (size_t)*ppos;
	if (len > *lenp)
		len = *lenp;
	memcpy(buf, data + *ppos, len);
	if (len < *lenp)
		buf[len++] = '\n';
	*lenp = len;
	*ppos += (long long)len;
	return 0;
}

/* ---- a large bitmap as ranges ("1,3-4,10") ------------------------------------- */

#define BITS_PER_LONG	(8 * sizeof(unsigned long))

static bool bit_test(const unsigned long *map, unsigned long bit)
{
	return map[bit / BITS_PER_LONG] >> (bit % BITS_PER_LONG) & 1;
}

static void bitmap_read_ranges(const unsigned long *map, unsigned long nbits, char **p,
			       size_t *left)
{
	bool first = true;

	for (unsigned long a = 0; *left && a < nbits; a++) {
		unsigned long b = a;

		if (!bit_test(map, a))
			continue;
		while (b + 1 < nbits && bit_test(map, b + 1))
			b++;
		if (!first)
			put_char(p, left, ',');
		put_long(p, left, a, false);
		if (a != b) {
			put_char(p, left, '-');
			put_long(p, left, b, false);
		}
		first = false;
		a = b;
	}
	put_char(p, left, '\n');
}

/*
 * The ranges of one write into @tmp. A write longer than a page is taken
 * a page at a time: a number cut at the page's end is left for the next
 * write (*@left then counts it as not taken).
 */
static int bitmap_parse_ranges(unsigned long *tmp, unsigned long nbits, char *p,
			       size_t *left, size_t skipped)
{
	static const char tr_a[] = { '-', ',', '\n' }, tr_b[] = { ',', '\n', 0 };
	int err = 0;
	char c = 0;

	skip_char(&p, left, '\n');
	while (!err && *left) {
		size_t saved = *left;
		unsigned long a, b;
		bool neg;

		err = get_long(&p, left, &a, &neg, tr_a, sizeof(tr_a), &c);
		if (*left <= 1 && skipped) {
			*left = saved;
			return err;
		}
		if (err)
			break;
		if (a >= nbits || neg)
			return -EINVAL;
		b = a;
		if (*left) {
			p++;
			(*left)--;
		}
		if (c == '-') {
			err = get_long(&p, left, &b, &neg, tr_b, sizeof(tr_b), &c);
			if (!*left && skipped) {
				*left = saved;
				return err;
			}
			if (err)
				break;
			if (b >= nbits || neg || a > b)
				return -EINVAL;
			if (*left) {
				p++;
				(*left)--;
			}
		}
		for (unsigned long i = a; i <= b; i++)
			tmp[i / BITS_PER_LONG] |= 1ul << (i % BITS_PER_LONG);
		skip_char(&p, left, '\n');
	}
	return err;
}

/* table->data points at the bitmap's pointer, maxlen is its size in bits */
int umod_proc_do_large_bitmap(struct ctl_table *table, int write, void *buffer,
			      size_t *lenp, long long *ppos)
{
	unsigned long nbits = (unsigned long)table->maxlen, *tmp = NULL;
	unsigned long *map = table->data ? *(unsigned long **)table->data : NULL;
	size_t left = *lenp, skipped = 0, words = (nbits + BITS_PER_LONG - 1) / BITS_PER_LONG;
	char *p = buffer;
	int err = 0;

	if (!map || !nbits || !left || (*ppos && !write)) {
		*lenp = 0;
		return 0;
	}
	if (!write) {
		bitmap_read_ranges(map, nbits, &p, &left);
	} else {
		if (left > PAGE_LIMIT) {
			skipped = left - PAGE_LIMIT;
			left = PAGE_LIMIT;
		}
		if (!(tmp = calloc(words, sizeof(*tmp))))
			return -ENOMEM;
		err = bitmap_parse_ranges(tmp, nbits, p, &left, skipped);
		left += skipped;
	}
	if (!err) {
		for (size_t i = 0; write && i < words; i++)
			map[i] = *ppos ? map[i] | tmp[i] : tmp[i];
		*lenp -= left;
		*ppos += (long long)*lenp;
	}
	free(tmp);
	return err;
}

static const struct umod_kapi_export sysctl_exports[] = {
	UMOD_KAPI("sysctl_vals", umod_sysctl_vals),
	UMOD_KAPI_GPL("sysctl_long_vals", umod_sysctl_long_vals),
	UMOD_KAPI("proc_dostring", umod_proc_dostring),
	UMOD_KAPI("proc_dobool", umod_proc_dobool),
	UMOD_KAPI("proc_dointvec", umod_proc_dointvec),
	UMOD_KAPI("proc_douintvec", umod_proc_douintvec),
	UMOD_KAPI("proc_dointvec_minmax", umod_proc_dointvec_minmax),
	UMOD_KAPI_GPL("proc_douintvec_minmax", umod_proc_douintvec_minmax),
	UMOD_KAPI_GPL("proc_dou8vec_minmax", umod_proc_dou8vec_minmax),
	UMOD_KAPI("proc_dointvec_jiffies", umod_proc_dointvec_jiffies),
	UMOD_KAPI("proc_dointvec_ms_jiffies_minmax", umod_proc_dointvec_ms_jiffies_minmax),
	UMOD_KAPI("proc_dointvec_userhz_jiffies", umod_proc_dointvec_userhz_jiffies),
	UMOD_KAPI("proc_dointvec_ms_jiffies", umod_proc_dointvec_ms_jiffies),
	UMOD_KAPI("proc_doulongvec_minmax", umod_proc_doulongvec_minmax),
	UMOD_KAPI("proc_doulongvec_ms_jiffies_minmax", umod_proc_doulongvec_ms_jiffies_minmax),
	UMOD_KAPI("proc_do_large_bitmap", umod_proc_do_large_bitmap),
};

const struct umod_kapi_table umod_kapi_sysctl = UMOD_KAPI_TABLE(sysctl_exports);
