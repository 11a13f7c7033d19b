// SPDX-License-Identifier: MIT
/*
 * The kernel's lib/string.c where the C library lacks it or spells it
 * differently: strlcpy and strlcat with the kernel's return values,
 * strscpy, strnchr, strnstr, memchr_inv, memscan. The C
 * library's strsep/strpbrk/strspn/strcspn behave as the kernel's and are
 * exported as they are (kernel/kapi.c holds the older ones); the helpers
 * 6.1 keeps in lib/string_helpers.c are there.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include "kernel/kapi.h"
#include "lib/klib.h"

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
ssize_t umod_strscpy(char *dest, const char *src, size_t count)
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

static const struct umod_kapi_export string_exports[] = {
	UMOD_KAPI("strlcpy", kapi_strlcpy),
	UMOD_KAPI("strlcat", kapi_strlcat),
	UMOD_KAPI("strscpy", umod_strscpy),
	UMOD_KAPI("strnchr", kapi_strnchr),
	UMOD_KAPI("strchrnul", strchrnul),
	UMOD_KAPI("strnstr", kapi_strnstr),
	UMOD_KAPI("strpbrk", strpbrk),
	UMOD_KAPI("strsep", strsep),
	UMOD_KAPI("strspn", strspn),
	UMOD_KAPI("strcspn", strcspn),
	UMOD_KAPI("memchr_inv", kapi_memchr_inv),
	UMOD_KAPI("memscan", kapi_memscan),
};

const struct umod_kapi_table umod_kapi_string = UMOD_KAPI_TABLE(string_exports);
