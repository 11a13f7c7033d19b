/* SPDX-License-Identifier: MIT */
/* String and memory functions: exported by the host. */
#ifndef _LINUX_STRING_H
#define _LINUX_STRING_H

#include <linux/compiler.h>
#include <linux/types.h>

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

/* modules build with -ffreestanding: keep gcc's inline expansions */
#define memcpy(d, s, n)		__builtin_memcpy(d, s, n)
#define memset(s, c, n)		__builtin_memset(s, c, n)
#define memmove(d, s, n)	__builtin_memmove(d, s, n)
#define memcmp(a, b, n)		__builtin_memcmp(a, b, n)
#define strlen(s)		__builtin_strlen(s)

#endif /* _LINUX_STRING_H */
