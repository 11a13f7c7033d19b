// SPDX-License-Identifier: MIT
/*
 * The kernel's kstrto*() family: strict conversion of a whole string (one
 * trailing newline allowed) with overflow detection. Base 0 takes C
 * prefixes: "0x" (only when a hex digit follows) for 16, "0" for 8.
 * Returns 0, -EINVAL (not a number) or -ERANGE (does not fit the type).
 */
#include <errno.h>
#include <limits.h>

#include "lib/kstrtox.h"

static int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return 16;
}

const char *umod_parse_integer_fixup_radix(const char *s, unsigned int *base)
{
	if (*base == 0) {
		if (s[0] != '0')
			*base = 10;
		else if ((s[1] | 0x20) == 'x' && digit_value(s[2]) < 16)
			*base = 16;
		else
			*base = 8;
	}
	if (*base == 16 && s[0] == '0' && (s[1] | 0x20) == 'x')
		s += 2;
	return s;
}

unsigned int umod_parse_integer(const char *s, unsigned int base, unsigned long long *res)
{
	unsigned long long v = 0;
	unsigned int n = 0;
	bool overflow = false;
	int d;

	for (; (d = digit_value(s[n])) < (int)base; n++) {
		if (v > (~0ull - (unsigned)d) / base)
			overflow = true;
		v = v * base + (unsigned)d;
	}
	*res = v;
	return n | (overflow ? UMOD_KSTRTOX_OVERFLOW : 0);
}

/* unsigned digits only: no sign is accepted here */
static int parse_ull(const char *s, unsigned int base, unsigned long long *res)
{
	unsigned long long v;
	unsigned int rv;

	if (base == 1 || base > 16)
		return -EINVAL;
	s = umod_parse_integer_fixup_radix(s, &base);
	rv = umod_parse_integer(s, base, &v);
	if (!(rv & ~UMOD_KSTRTOX_OVERFLOW))
		return -EINVAL;
	if (rv & UMOD_KSTRTOX_OVERFLOW)
		return -ERANGE;
	s += rv;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = v;
	return 0;
}

int umod_kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	if (s[0] == '+')
		s++;
	return parse_ull(s, base, res);
}

int umod_kstrtoll(const char *s, unsigned int base, long long *res)
{
	unsigned long long v;
	int err;

	if (s[0] == '-') {
		err = parse_ull(s + 1, base, &v);
		if (err)
			return err;
		if (v > (unsigned long long)LLONG_MAX + 1)
			return -ERANGE;
		*res = (long long)(0 - v);
		return 0;
	}
	err = umod_kstrtoull(s, base, &v);
	if (err)
		return err;
	if (v > LLONG_MAX)
		return -ERANGE;
	*res = (long long)v;
	return 0;
}

/* one range-checked wrapper per type, through the 64-bit parsers */
#define KSTRTO_UNSIGNED(fn, type, max)					\
int fn(const char *s, unsigned int base, type *res)			\
{									\
	unsigned long long v;						\
	int err = umod_kstrtoull(s, base, &v);				\
									\
	if (err)							\
		return err;						\
	if (v > (max))							\
		return -ERANGE;						\
	*res = (type)v;							\
	return 0;							\
}

#define KSTRTO_SIGNED(fn, type, min, max)				\
int fn(const char *s, unsigned int base, type *res)			\
{									\
	long long v;							\
	int err = umod_kstrtoll(s, base, &v);				\
									\
	if (err)							\
		return err;						\
	if (v < (min) || v > (max))					\
		return -ERANGE;						\
	*res = (type)v;							\
	return 0;							\
}

KSTRTO_UNSIGNED(umod_kstrtoul, unsigned long, ULONG_MAX)
KSTRTO_UNSIGNED(umod_kstrtouint, unsigned int, UINT_MAX)
KSTRTO_UNSIGNED(umod_kstrtou16, uint16_t, UINT16_MAX)
KSTRTO_UNSIGNED(umod_kstrtou8, uint8_t, UINT8_MAX)
KSTRTO_SIGNED(umod_kstrtol, long, LONG_MIN, LONG_MAX)
KSTRTO_SIGNED(umod_kstrtoint, int, INT_MIN, INT_MAX)
KSTRTO_SIGNED(umod_kstrtos16, int16_t, INT16_MIN, INT16_MAX)
KSTRTO_SIGNED(umod_kstrtos8, int8_t, INT8_MIN, INT8_MAX)

/* only the first character (two for "on"/"of") decides, as in Linux 6.x */
int umod_kstrtobool(const char *s, bool *res)
{
	if (!s)
		return -EINVAL;
	switch (s[0]) {
	case 'y': case 'Y': case 't': case 'T': case '1':
		*res = true;
		return 0;
	case 'n': case 'N': case 'f': case 'F': case '0':
		*res = false;
		return 0;
	case 'o': case 'O':
		if ((s[1] | 0x20) == 'n') {
			*res = true;
			return 0;
		}
		if ((s[1] | 0x20) == 'f') {
			*res = false;
			return 0;
		}
		break;
	}
	return -EINVAL;
}
