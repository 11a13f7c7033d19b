// SPDX-License-Identifier: MIT
/*
 * glob_match() (lib/glob.c): shell-style patterns as the kernel reads
 * them. '*' matches any run of characters, '/' included; '?' any one
 * character; "[...]" a class of characters and ranges, inverted by a
 * leading '!' (not '^'), where a ']' right after the '[' or '!' is a
 * member and a range whose end is ']' is just its start and '-'; a
 * class that never closes is a literal '['; a backslash makes the next
 * character literal.
 */
#include <stdbool.h>

#include "kernel/kapi.h"

/*
 * Whether the class at @class (just past the '[') matches @c: *@next is
 * set past its ']'. -1 when the class is malformed (no closing ']').
 */
static int match_class(const char *class, unsigned char c, const char **next)
{
	bool inverted = *class == '!', match = false;
	const char *p = class + inverted;

	for (;;) {
		unsigned char lo = (unsigned char)*p++, hi = lo;

		if (!lo)
			return -1;
		if (p[0] == '-' && p[1] != ']') {
			hi = (unsigned char)p[1];
			if (!hi)
				return -1;
			p += 2;
		}
		/* a range from high to low matches nothing, as in the kernel */
		match |= lo <= c && c <= hi;
		if (*p == ']')
			break;
	}
	*next = p + 1;
	return match != inverted;
}

static bool kapi_glob_match(const char *pat, const char *str)
{
	/*
	 * On a mismatch, go back to the last '*' and let it take one more
	 * character: as '*' matches anything, that one level of retry is
	 * enough, however many '*' there are.
	 */
	const char *star_pat = NULL, *star_str = NULL;

	for (;;) {
		unsigned char c = (unsigned char)*str++, d = (unsigned char)*pat++;
		const char *next;
		int m;

		switch (d) {
		case '?':
			if (!c)
				return false;
			continue;
		case '*':
			if (!*pat)
				return true;
			star_pat = pat;
			star_str = --str;
			continue;
		case '[':
			m = match_class(pat, c, &next);
			if (m > 0) {
				pat = next;
				continue;
			}
			if (m == 0)
				goto retry;
			break;		/* malformed: a literal '[' */
		case '\\':
			d = (unsigned char)*pat++;
			break;
		}
		if (c == d) {
			if (!d)
				return true;
			continue;
		}
retry:
		if (!c || !star_pat)
			return false;
		pat = star_pat;
		str = ++star_str;
	}
}

static const struct umod_kapi_export glob_exports[] = {
	UMOD_KAPI("glob_match", kapi_glob_match),
};

const struct umod_kapi_table umod_kapi_glob = UMOD_KAPI_TABLE(glob_exports);
