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
#include <linux/build_bug.h>
#include <linux/jump_label.h>	/* 6.1: through asm/string_64.h */

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

/* ---- 6.1's string.h extras (lib/string_helpers.c, lib/memcat_p.c) ---- */

/* @n 16-, 32- and 64-bit copies of @v from @s on: inline, as x86-64's are */
static inline void *memset16(u16 *s, u16 v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		s[i] = v;
	return s;
}

static inline void *memset32(u32 *s, u32 v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		s[i] = v;
	return s;
}

static inline void *memset64(u64 *s, u64 v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		s[i] = v;
	return s;
}

static inline void *memset_l(unsigned long *p, unsigned long v, size_t n)
{
	return memset64((u64 *)p, v, n);
}

static inline void *memset_p(void **p, void *v, size_t n)
{
	return memset64((u64 *)p, (uintptr_t)v, n);
}

/* @src's @count bytes into @dest's @dest_len, the rest filled with @pad */
void memcpy_and_pad(void *dest, size_t dest_len, const void *src, size_t count, int pad);

/* the struct at @obj from just after @member (or from @member) to its end, set to @v */
#define memset_after(obj, v, member)					\
({									\
	u8 *__ptr = (u8 *)(obj);					\
	__typeof__(v) __val = (v);					\
	__builtin_memset(__ptr + offsetofend(__typeof__(*(obj)), member), __val, \
	       sizeof(*(obj)) - offsetofend(__typeof__(*(obj)), member)); \
})

#define memset_startat(obj, v, member)					\
({									\
	u8 *__ptr = (u8 *)(obj);					\
	__typeof__(v) __val = (v);					\
	__builtin_memset(__ptr + offsetof(__typeof__(*(obj)), member), __val, \
	       sizeof(*(obj)) - offsetof(__typeof__(*(obj)), member));	\
})

/*
 * A string into a fixed-size array that is not NUL-terminated (a
 * hardware field): the size is the array's, known at compile time;
 * strtomem_pad() fills the rest with @pad, strtomem() leaves it.
 */
#define strtomem_pad(dest, src, pad)	do {				\
	const size_t _dest_len = __builtin_object_size(dest, 1);	\
									\
	BUILD_BUG_ON(!__builtin_constant_p(_dest_len) ||		\
		     _dest_len == (size_t)-1);				\
	memcpy_and_pad(dest, _dest_len, src, strnlen(src, _dest_len), pad); \
} while (0)

#define strtomem(dest, src)	do {					\
	const size_t _dest_len = __builtin_object_size(dest, 1);	\
									\
	BUILD_BUG_ON(!__builtin_constant_p(_dest_len) ||		\
		     _dest_len == (size_t)-1);				\
	__builtin_memcpy(dest, src, strnlen(src, _dest_len));		\
} while (0)

/* two NULL-terminated pointer arrays joined in a new one (kfree() it) */
void **__memcat_p(void **a, void **b);
#define memcat_p(a, b) ({						\
	BUILD_BUG_ON_MSG(!__same_type(*(a), *(b)),			\
			 "type mismatch in memcat_p()");		\
	(__typeof__(*a) *)__memcat_p((void **)(a), (void **)(b));	\
})

/* strlen(@prefix) if @str starts with it, else 0 */
static __always_inline size_t str_has_prefix(const char *str, const char *prefix)
{
	size_t len = __builtin_strlen(prefix);

	return strncmp(str, prefix, len) == 0 ? len : 0;
}

/* a memset() the compiler cannot drop as a dead store (key material) */
static inline void memzero_explicit(void *s, size_t count)
{
	__builtin_memset(s, 0, count);
	__asm__ __volatile__("" : : "r"(s) : "memory");
}

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
