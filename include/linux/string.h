/* SPDX-License-Identifier: MIT */
/* String and memory functions: exported by the host. */
#ifndef _LINUX_STRING_H
#define _LINUX_STRING_H

#include <linux/compiler.h>
#include <linux/array_size.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/stddef.h>
#include <linux/types.h>
#include <linux/overflow.h>
#include <linux/stdarg.h>
#include <linux/stringify.h>

void *memcpy(void *dest, const void *src, size_t n);
void *memmove(void *dest, const void *src, size_t n);
void *memset(void *s, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
void *memchr(const void *s, int c, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t maxlen);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
int strcasecmp(const char *a, const char *b);
int strncasecmp(const char *a, const char *b, size_t n);
char *strcpy(char *dest, const char *src);
char *strncpy(char *dest, const char *src, size_t n);
char *strcat(char *dest, const char *src);
char *strncat(char *dest, const char *src, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strstr(const char *haystack, const char *needle);
ssize_t strscpy(char *dest, const char *src, size_t count);
ssize_t strscpy_pad(char *dest, const char *src, size_t count);
size_t strlcpy(char *dest, const char *src, size_t size);
size_t strlcat(char *dest, const char *src, size_t count);
char *strnchr(const char *s, size_t count, int c);
char *strchrnul(const char *s, int c);
char *strnstr(const char *s1, const char *s2, size_t len);
char *strpbrk(const char *cs, const char *ct);
char *strsep(char **s, const char *ct);
size_t strspn(const char *s, const char *accept);
size_t strcspn(const char *s, const char *reject);
void *memscan(void *addr, int c, size_t size);
char *strreplace(char *s, char old, char new);

/* lib/string_helpers.c and lib/string.c: the kernel's own */
char *skip_spaces(const char *str);
char *strim(char *s);
void *memchr_inv(const void *s, int c, size_t n);
bool sysfs_streq(const char *s1, const char *s2);
int match_string(const char * const *array, size_t n, const char *string);
int __sysfs_match_string(const char * const *array, size_t n, const char *s);
#define sysfs_match_string(_a, _s) __sysfs_match_string(_a, ARRAY_SIZE(_a), _s)

/* strim() without its result: leading white space stays */
static inline __must_check char *strstrip(char *str)
{
	return strim(str);
}

static inline bool strstarts(const char *str, const char *prefix)
{
	return strncmp(str, prefix, __builtin_strlen(prefix)) == 0;
}

/* modules build with -ffreestanding: keep gcc's inline expansions */
#define memcpy(d, s, n)		__builtin_memcpy(d, s, n)
#define memset(s, c, n)		__builtin_memset(s, c, n)
#define memmove(d, s, n)	__builtin_memmove(d, s, n)
#define memcmp(a, b, n)		__builtin_memcmp(a, b, n)
#define strlen(s)		__builtin_strlen(s)

#endif /* _LINUX_STRING_H */
