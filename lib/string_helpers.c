// SPDX-License-Identifier: MIT
/*
 * Helpers for formatting and printing strings (lib/string_helpers.c), as
 * 6.1 has them: string_get_size()'s three significant figures,
 * string_unescape() and string_escape_mem() with their classes and the
 * order 6.1 applies them in, kstrdup_quotable(), string arrays, the
 * sysfs string matchers and the white-space trimmers.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#include "kernel/kapi.h"
#include "lib/klib.h"
#include "lib/vsprintf.h"
#include "mm/internal.h"

/* the kernel's ctype classes (lib/ctype.c) */
#define K_UPPER		0x01
#define K_LOWER		0x02
#define K_DIGIT		0x04
#define K_CNTRL		0x08
#define K_PUNCT		0x10
#define K_SPACE		0x20
#define K_HEXDIGIT	0x40
#define K_HARDSPACE	0x80

static bool kspace(unsigned char c)
{
	return umod_ctype[c] & K_SPACE;
}

/* isprint(): anything but control characters, Latin-1's included */
static bool kprint(unsigned char c)
{
	return umod_ctype[c] & (K_PUNCT | K_UPPER | K_LOWER | K_DIGIT | K_HARDSPACE);
}

/* ---- string_get_size() ------------------------------------------------------ */

enum { UNITS_10, UNITS_2 };

/*
 * @size blocks of @blk_size bytes in three significant figures: "8.00 MiB",
 * "1.23 GB", "999 B". Both factors are first scaled down below 2^32 so
 * their product fits in 64 bits (Napier's reduction); the last
 * remainder gives the decimals, rounded half up.
 */
static void kapi_string_get_size(uint64_t size, uint64_t blk_size, int units, char *buf,
				 int len)
{
	static const char *const names[2][9] = {
		{ "B", "kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB" },
		{ "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB" },
	};
	static const unsigned int rounding[] = { 500, 50, 5 };
	unsigned int div = units == UNITS_2 ? 1024 : 1000, i = 0, digits = 0;
	uint32_t remainder = 0;
	char frac[16] = "";

	if (!blk_size)
		size = 0;
	if (size) {
		for (; blk_size >> 32; i++)
			blk_size /= div;
		for (; size >> 32; i++)
			size /= div;
		size *= blk_size;
		for (; size >= div; i++) {
			remainder = (uint32_t)(size % div);
			size /= div;
		}
		/* 1 to 999 in front: 2, 1 or 0 decimals make three figures */
		for (uint32_t cap = (uint32_t)size; cap * 10 < 1000; cap *= 10)
			digits++;
		if (units == UNITS_2)
			remainder = remainder * 1000 >> 10;
		remainder += rounding[digits];
		if (remainder >= 1000) {
			remainder -= 1000;
			size++;
		}
		if (digits) {
			snprintf(frac, sizeof(frac), ".%03u", remainder);
			frac[digits + 1] = '\0';
		}
	}
	snprintf(buf, (size_t)len, "%u%s %s", (uint32_t)size, frac,
		 i < 9 ? names[units == UNITS_2][i] : "UNK");
}

/* ---- string_unescape() -------------------------------------------------------- */

#define UNESCAPE_SPACE		0x01
#define UNESCAPE_OCTAL		0x02
#define UNESCAPE_HEX		0x04
#define UNESCAPE_SPECIAL	0x08

static bool is_octal(char c)
{
	return c >= '0' && c <= '7';
}

/*
 * The byte an escape after the backslash at *@src stands for, in the
 * classes of @flags; *@src moves past it. False: not one of those.
 */
static bool unescape_one(const char **src, unsigned int flags, char *out)
{
	static const char space_in[] = "nrtvf", space_out[] = "\n\r\t\v\f";
	static const char special_in[] = "\"\\ae", special_out[] = "\"\\\a\033";
	const char *q = *src, *hit;

	if ((flags & UNESCAPE_SPACE) && *q && (hit = strchr(space_in, *q))) {
		*out = space_out[hit - space_in];
		*src = q + 1;
		return true;
	}
	if ((flags & UNESCAPE_OCTAL) && is_octal(*q)) {
		unsigned char num = (unsigned char)(*q++ & 7);

		/* at most three digits, and no more once the byte would overflow */
		while (num < 32 && is_octal(*q) && q - *src < 3)
			num = (unsigned char)(num << 3 | (*q++ & 7));
		*out = (char)num;
		*src = q;
		return true;
	}
	if ((flags & UNESCAPE_HEX) && *q == 'x' && umod_hex_to_bin((unsigned char)q[1]) >= 0) {
		int lo = umod_hex_to_bin((unsigned char)q[2]);

		*out = (char)(lo >= 0 ? umod_hex_to_bin((unsigned char)q[1]) << 4 | lo :
				       umod_hex_to_bin((unsigned char)q[1]));
		*src = q + (lo >= 0 ? 3 : 2);
		return true;
	}
	if ((flags & UNESCAPE_SPECIAL) && *q && (hit = strchr(special_in, *q))) {
		*out = special_out[hit - special_in];
		*src = q + 1;
		return true;
	}
	return false;
}

/*
 * In place is allowed (the output is never longer); @size 0 means no
 * limit. An unknown escape keeps its backslash. The length written.
 */
static int kapi_string_unescape(char *src, char *dst, size_t size, unsigned int flags)
{
	const char *in = src;
	char *out = dst;

	while (*in && --size) {
		if (in[0] == '\\' && in[1] && size > 1) {
			in++;
			size--;
			if (unescape_one(&in, flags, out)) {
				out++;
				continue;
			}
			*out++ = '\\';
		}
		*out++ = *in++;
	}
	*out = '\0';
	return (int)(out - dst);
}

/* ---- string_escape_mem() --------------------------------------------------------- */

#define ESCAPE_SPACE		0x01
#define ESCAPE_SPECIAL		0x02
#define ESCAPE_NULL		0x04
#define ESCAPE_OCTAL		0x08
#define ESCAPE_NP		0x10
#define ESCAPE_HEX		0x20
#define ESCAPE_NA		0x40
#define ESCAPE_NAP		0x80
#define ESCAPE_APPEND		0x100

struct esc_out {
	char *p, *end;		/* past @end only counted */
};

static void put(struct esc_out *o, char c)
{
	if (o->p < o->end)
		*o->p = c;
	o->p++;
}

/* the letter after the backslash for @c in the class of @flag, or 0 */
static char escape_letter(unsigned char c, unsigned int flag)
{
	static const char space_in[] = "\n\r\t\v\f", space_out[] = "nrtvf";
	static const char special_in[] = "\\\a\033\"", special_out[] = "\\ae\"";
	const char *in = flag == ESCAPE_SPACE ? space_in : special_in;
	const char *hit = c ? strchr(in, c) : NULL;

	if (!hit)
		return 0;
	return (flag == ESCAPE_SPACE ? space_out : special_out)[hit - in];
}

/* @c escaped by the first class of @flags that covers it; false if none does */
static bool escape_one(struct esc_out *o, unsigned char c, unsigned int flags)
{
	char letter = 0;

	if (flags & ESCAPE_SPACE)
		letter = escape_letter(c, ESCAPE_SPACE);
	if (!letter && (flags & ESCAPE_SPECIAL))
		letter = escape_letter(c, ESCAPE_SPECIAL);
	if (!letter && (flags & ESCAPE_NULL) && !c)
		letter = '0';
	if (letter) {
		put(o, '\\');
		put(o, letter);
		return true;
	}
	/* octal and hex cover every byte: they come last, octal first */
	if (flags & ESCAPE_OCTAL) {
		put(o, '\\');
		put(o, (char)('0' + (c >> 6)));
		put(o, (char)('0' + ((c >> 3) & 7)));
		put(o, (char)('0' + (c & 7)));
		return true;
	}
	if (flags & ESCAPE_HEX) {
		put(o, '\\');
		put(o, 'x');
		put(o, umod_hex_asc[c >> 4]);
		put(o, umod_hex_asc[c & 15]);
		return true;
	}
	return false;
}

/* does @c pass through unescaped, before any class is tried? */
static bool passes(unsigned char c, unsigned int flags, const char *only, bool in_only)
{
	bool append = flags & ESCAPE_APPEND;
	bool ascii = c < 0x80;

	/* an @only list limits escaping to its characters, unless it appends */
	if (only && *only && !append && !in_only)
		return true;
	/* with ESCAPE_APPEND, @only's characters are escaped whatever they are */
	if (append && in_only)
		return false;
	return ((flags & ESCAPE_NAP) && ascii && kprint(c)) ||
	       ((flags & ESCAPE_NP) && kprint(c)) ||
	       ((flags & ESCAPE_NA) && ascii);
}

/*
 * Not NUL-terminated; returns the length the whole escape needs, which
 * is more than @osz when it was cut.
 */
static int kapi_string_escape_mem(const char *src, size_t isz, char *dst, size_t osz,
				  unsigned int flags, const char *only)
{
	struct esc_out o = { dst, dst + osz };

	while (isz--) {
		unsigned char c = (unsigned char)*src++;
		bool in_only = only && *only && strchr(only, c);

		if (passes(c, flags, only, in_only) || !escape_one(&o, c, flags))
			put(&o, (char)c);
	}
	return (int)(o.p - dst);
}

/* @src with control characters, the backslash and '"' as \xHH: safe in quotes */
static char *kapi_kstrdup_quotable(const char *src, unsigned int gfp)
{
	static const char esc[] = "\f\n\r\t\v\a\033\\\"";
	size_t slen, dlen;
	char *dst;

	if (!src)
		return NULL;
	slen = strlen(src);
	dlen = (size_t)kapi_string_escape_mem(src, slen, NULL, 0, ESCAPE_HEX, esc);
	dst = umod_kmalloc_lib(dlen + 1, gfp, __builtin_return_address(0));
	if (!dst)
		return NULL;
	kapi_string_escape_mem(src, slen, dst, dlen, ESCAPE_HEX, esc);
	dst[dlen] = '\0';
	return dst;
}

/* ---- string arrays --------------------------------------------------------------- */

static void kapi_kfree_strarray(char **array, size_t n)
{
	if (!array)
		return;
	for (size_t i = 0; i < n; i++)
		umod_kfree(array[i]);
	umod_kfree(array);
}

/* "prefix-0" ... "prefix-(n-1)", and a NULL after them */
static char **kapi_kasprintf_strarray(unsigned int gfp, const char *prefix, size_t n)
{
	const void *caller = __builtin_return_address(0);
	char **names = umod_kmalloc_lib((n + 1) * sizeof(char *), gfp | UMOD_GFP_ZERO, caller);

	if (!names)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		int len = umod_snprintf(NULL, 0, "%s-%zu", prefix, i);

		names[i] = umod_kmalloc_lib((size_t)len + 1, gfp, caller);
		if (!names[i]) {
			kapi_kfree_strarray(names, i);
			return NULL;
		}
		umod_snprintf(names[i], (size_t)len + 1, "%s-%zu", prefix, i);
	}
	return names;
}

/* ---- copying, trimming, matching --------------------------------------------------- */

/* strscpy() and the rest of @dest zeroed */
static ssize_t kapi_strscpy_pad(char *dest, const char *src, size_t count)
{
	ssize_t ret = umod_strscpy(dest, src, count);
	size_t used = ret >= 0 ? (size_t)ret + 1 : count;

	if (used < count)
		memset(dest + used, 0, count - used);
	return ret;
}

static void kapi_memcpy_and_pad(void *dest, size_t dest_len, const void *src, size_t count,
				int pad)
{
	if (dest_len > count) {
		memcpy(dest, src, count);
		memset((char *)dest + count, pad, dest_len - count);
	} else {
		memcpy(dest, src, dest_len);
	}
}

char *umod_skip_spaces(const char *str)
{
	while (kspace((unsigned char)*str))
		str++;
	return (char *)str;
}

/* trailing white space cut off in place; the first non-space returned */
char *umod_strim(char *s)
{
	size_t size = strlen(s);
	char *end;

	if (!size)
		return s;
	end = s + size - 1;
	while (end >= s && kspace((unsigned char)*end))
		end--;
	end[1] = '\0';
	return umod_skip_spaces(s);
}

static char *kapi_strreplace(char *s, char old, char new)
{
	for (char *p = s; *p; p++)
		if (*p == old)
			*p = new;
	return s;
}

/* equal, but for one trailing newline on either: what "echo" writes to sysfs */
bool umod_sysfs_streq(const char *s1, const char *s2)
{
	while (*s1 && *s1 == *s2) {
		s1++;
		s2++;
	}
	if (*s1 == *s2)
		return true;
	if (!*s1 && *s2 == '\n' && !s2[1])
		return true;
	if (*s1 == '\n' && !s1[1] && !*s2)
		return true;
	return false;
}

/* the index of @string in the first @n of @array, which a NULL ends; -EINVAL */
int umod_match_string(const char *const *array, size_t n, const char *string)
{
	for (size_t i = 0; i < n && array[i]; i++)
		if (!strcmp(array[i], string))
			return (int)i;
	return -EINVAL;
}

int umod_sysfs_match_string(const char *const *array, size_t n, const char *s)
{
	for (size_t i = 0; i < n && array[i]; i++)
		if (umod_sysfs_streq(array[i], s))
			return (int)i;
	return -EINVAL;
}

static const struct umod_kapi_export string_helpers_exports[] = {
	UMOD_KAPI("string_get_size", kapi_string_get_size),
	UMOD_KAPI("string_unescape", kapi_string_unescape),
	UMOD_KAPI("string_escape_mem", kapi_string_escape_mem),
	UMOD_KAPI_GPL("kstrdup_quotable", kapi_kstrdup_quotable),
	UMOD_KAPI_GPL("kasprintf_strarray", kapi_kasprintf_strarray),
	UMOD_KAPI_GPL("kfree_strarray", kapi_kfree_strarray),
	UMOD_KAPI("strscpy_pad", kapi_strscpy_pad),
	UMOD_KAPI("memcpy_and_pad", kapi_memcpy_and_pad),
	UMOD_KAPI("skip_spaces", umod_skip_spaces),
	UMOD_KAPI("strim", umod_strim),
	UMOD_KAPI("strreplace", kapi_strreplace),
	UMOD_KAPI("sysfs_streq", umod_sysfs_streq),
	UMOD_KAPI("match_string", umod_match_string),
	UMOD_KAPI("__sysfs_match_string", umod_sysfs_match_string),
};

const struct umod_kapi_table umod_kapi_string_helpers = UMOD_KAPI_TABLE(string_helpers_exports);
