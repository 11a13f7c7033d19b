// SPDX-License-Identifier: MIT
/*
 * The kernel's string helpers that the C library lacks or spells
 * differently (lib/string.c, lib/string_helpers.c): strlcpy and strlcat
 * with the kernel's return values, strim/skip_spaces with the kernel's
 * isspace(), memchr_inv, sysfs_streq and match_string. The C library's
 * strsep/strpbrk/strspn/strcspn behave as the kernel's and are exported as
 * they are (kernel/kapi.c holds the older ones).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include "kernel/kapi.h"
#include "lib/klib.h"


static bool kspace(char c)
{
	return umod_ctype[(unsigned char)c] & 0x20;
}

/* the length of @src; copies what fits, always terminated if @size */
static size_t kapi_strlcpy(char *dest, const char *src, size_t size)
{
	size_t ret = strlen(src);

	if (size) {
		size_t len = ret >= size ? size - 1 : ret;

		memcpy(dest, src, len);
		dest[len] = '\0';
	}
	return ret;
}

/* the length it tried to make; the kernel BUG()s if @dest is already too long */
static size_t kapi_strlcat(char *dest, const char *src, size_t count)
{
	size_t dsize = strnlen(dest, count), len = strlen(src), res = dsize + len;

	if (dsize >= count)
		return res;
	dest += dsize;
	count -= dsize;
	if (len >= count)
		len = count - 1;
	memcpy(dest, src, len);
	dest[len] = '\0';
	return res;
}

/* copies at most count-1 bytes; -E2BIG when @src did not fit */
static ssize_t kapi_strscpy(char *dest, const char *src, size_t count)
{
	size_t len;

	if (!count)
		return -E2BIG;
	len = strnlen(src, count);
	if (len == count) {
		memcpy(dest, src, count - 1);
		dest[count - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dest, src, len + 1);
	return (ssize_t)len;
}

/* strscpy() and the rest of @dest zeroed */
static ssize_t kapi_strscpy_pad(char *dest, const char *src, size_t count)
{
	ssize_t ret = kapi_strscpy(dest, src, count);
	size_t used = ret >= 0 ? (size_t)ret + 1 : count;

	if (used < count)
		memset(dest + used, 0, count - used);
	return ret;
}

static char *kapi_strnchr(const char *s, size_t count, int c)
{
	while (count-- && *s) {
		if (*s == (char)c)
			return (char *)s;
		s++;
	}
	return NULL;
}

static char *kapi_strnstr(const char *s1, const char *s2, size_t len)
{
	size_t l2 = strlen(s2);

	if (!l2)
		return (char *)s1;
	while (len >= l2) {
		len--;
		if (!memcmp(s1, s2, l2))
			return (char *)s1;
		s1++;
	}
	return NULL;
}

/* like memchr(), for the first byte of @s that is *not* @c */
static void *kapi_memchr_inv(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (size_t i = 0; i < n; i++)
		if (p[i] != (unsigned char)c)
			return (void *)(p + i);
	return NULL;
}

static void *kapi_memscan(void *addr, int c, size_t size)
{
	unsigned char *p = addr;

	while (size && *p != (unsigned char)c) {
		p++;
		size--;
	}
	return p;
}

char *umod_skip_spaces(const char *str)
{
	while (kspace(*str))
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
	while (end >= s && kspace(*end))
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

/* the index of @string in @array (stops at a NULL entry), else -EINVAL */
int umod_match_string(const char *const *array, size_t n, const char *string)
{
	for (size_t i = 0; i < n; i++) {
		if (!array[i])
			break;
		if (!strcmp(array[i], string))
			return (int)i;
	}
	return -EINVAL;
}

int umod_sysfs_match_string(const char *const *array, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++) {
		if (!array[i])
			continue;
		if (umod_sysfs_streq(array[i], s))
			return (int)i;
	}
	return -EINVAL;
}

static const struct umod_kapi_export string_exports[] = {
	UMOD_KAPI("strlcpy", kapi_strlcpy),
	UMOD_KAPI("strlcat", kapi_strlcat),
	UMOD_KAPI("strscpy", kapi_strscpy),
	UMOD_KAPI("strscpy_pad", kapi_strscpy_pad),
	UMOD_KAPI("strnchr", kapi_strnchr),
	UMOD_KAPI("strchrnul", strchrnul),
	UMOD_KAPI("strnstr", kapi_strnstr),
	UMOD_KAPI("strpbrk", strpbrk),
	UMOD_KAPI("strsep", strsep),
	UMOD_KAPI("strspn", strspn),
	UMOD_KAPI("strcspn", strcspn),
	UMOD_KAPI("memchr_inv", kapi_memchr_inv),
	UMOD_KAPI("memscan", kapi_memscan),
	UMOD_KAPI("skip_spaces", umod_skip_spaces),
	UMOD_KAPI("strim", umod_strim),
	UMOD_KAPI("strreplace", kapi_strreplace),
	UMOD_KAPI("sysfs_streq", umod_sysfs_streq),
	UMOD_KAPI("match_string", umod_match_string),
	UMOD_KAPI("__sysfs_match_string", umod_sysfs_match_string),
};

const struct umod_kapi_table umod_kapi_string = UMOD_KAPI_TABLE(string_exports);
