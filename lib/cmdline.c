// SPDX-License-Identifier: MIT
/*
 * Parsing option strings (lib/cmdline.c): get_option() and get_options()
 * for comma-separated integers and ranges ("1,3-5,8"), memparse() for
 * sizes with K/M/G/T/P/E suffixes. Numbers are read as simple_strtoull()
 * reads them (0x and 0 prefixes), as the kernel's are.
 */
#include <stdbool.h>
#include <stddef.h>

#include "kernel/kapi.h"
#include "lib/vsprintf.h"

/*
 * One integer from *@str, a leading '-' negating it. 0: none (a lone
 * '-' is consumed all the same); 1: the string ends there; 2: a comma
 * followed and was taken; 3: a '-' follows, a range.
 */
static int kapi_get_option(char **str, int *pint)
{
	char *cur = *str;
	int value;

	if (!cur || !*cur)
		return 0;
	if (*cur == '-')
		value = (int)-umod_simple_strtoull(++cur, str, 0);
	else
		value = (int)umod_simple_strtoull(cur, str, 0);
	if (pint)
		*pint = value;
	if (cur == *str)
		return 0;
	if (**str == ',') {
		(*str)++;
		return 2;
	}
	return **str == '-' ? 3 : 1;
}

/* "M-N" at *@str, M already in *@pint: M .. N-1 stored (at most @n), N - M returned */
static int get_range(char **str, int *pint, int n)
{
	int upper, count;

	(*str)++;
	upper = (int)umod_simple_strtol(*str, NULL, 0);
	count = upper - *pint;
	for (int x = *pint; n && x < upper; x++, n--)
		*pint++ = x;
	return count;
}

/*
 * Integers into ints[1..nints-1], their count into ints[0]; @nints 0
 * only counts them (into ints[0]). Returns where the parse stopped.
 */
static char *kapi_get_options(const char *str, int nints, int *ints)
{
	bool count_only = nints == 0;
	char *s = (char *)str;
	int i = 1;

	while (i < nints || count_only) {
		int *pint = count_only ? ints : ints + i;
		int res = kapi_get_option(&s, pint);

		if (!res)
			break;
		if (res == 3) {
			/* the range's last number is the next round's */
			int n = get_range(&s, pint, count_only ? 0 : nints - i);

			if (n < 0)
				break;
			i += n - 1;
		}
		i++;
		if (res == 1)
			break;
	}
	ints[0] = i - 1;
	return s;
}

/* a number, times 1024 per step of K, M, G, T, P, E (either case) after it */
static unsigned long long kapi_memparse(const char *ptr, char **retptr)
{
	static const char units[] = "kmgtpe";
	char *end;
	unsigned long long ret = umod_simple_strtoull(ptr, &end, 0);
	char c = (char)(*end | 0x20);

	for (unsigned int i = 0; units[i]; i++) {
		if (*end && c == units[i]) {
			ret <<= 10 * (i + 1);
			end++;
			break;
		}
	}
	if (retptr)
		*retptr = end;
	return ret;
}

static const struct umod_kapi_export cmdline_exports[] = {
	UMOD_KAPI("get_option", kapi_get_option),
	UMOD_KAPI("get_options", kapi_get_options),
	UMOD_KAPI("memparse", kapi_memparse),
};

const struct umod_kapi_table umod_kapi_cmdline = UMOD_KAPI_TABLE(cmdline_exports);
