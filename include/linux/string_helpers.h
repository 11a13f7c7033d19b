/* SPDX-License-Identifier: MIT */
/*
 * Helpers for formatting and printing strings (lib/string_helpers.c), as
 * 6.1's: human-readable sizes, escaping and unescaping, string arrays,
 * and the str_*() words.
 */
#ifndef _LINUX_STRING_HELPERS_H_
#define _LINUX_STRING_HELPERS_H_

#include <linux/bits.h>
#include <linux/ctype.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/bits.h>
#include <linux/ctype.h>

struct device;
struct file;
struct task_struct;

/* "true", "false", "yes", "no": what the kernel's str_*() helpers return */
static inline const char *str_yes_no(bool v)
{
	return v ? "yes" : "no";
}

static inline const char *str_on_off(bool v)
{
	return v ? "on" : "off";
}

static inline const char *str_true_false(bool v)
{
	return v ? "true" : "false";
}

static inline const char *str_enable_disable(bool v)
{
	return v ? "enable" : "disable";
}

static inline const char *str_enabled_disabled(bool v)
{
	return v ? "enabled" : "disabled";
}

static inline const char *str_read_write(bool v)
{
	return v ? "read" : "write";
}

enum string_size_units {
	STRING_UNITS_10,	/* powers of 10^3: kB, MB (SI) */
	STRING_UNITS_2,		/* powers of 2^10: KiB, MiB */
};

/* @size blocks of @blk_size bytes in three significant figures: "8.00 MiB" */
void string_get_size(u64 size, u64 blk_size, enum string_size_units units, char *buf, int len);

#define UNESCAPE_SPACE		BIT(0)
#define UNESCAPE_OCTAL		BIT(1)
#define UNESCAPE_HEX		BIT(2)
#define UNESCAPE_SPECIAL	BIT(3)
#define UNESCAPE_ANY		\
	(UNESCAPE_SPACE | UNESCAPE_OCTAL | UNESCAPE_HEX | UNESCAPE_SPECIAL)
#define UNESCAPE_ALL_MASK	GENMASK(3, 0)

/* \n \t ..., \NNN, \xHH, \" \\ \a \e turned back into bytes; @size 0: no limit */
int string_unescape(char *src, char *dst, size_t size, unsigned int flags);

static inline int string_unescape_inplace(char *buf, unsigned int flags)
{
	return string_unescape(buf, buf, 0, flags);
}

static inline int string_unescape_any(char *src, char *dst, size_t size)
{
	return string_unescape(src, dst, size, UNESCAPE_ANY);
}

static inline int string_unescape_any_inplace(char *buf)
{
	return string_unescape_any(buf, buf, 0);
}

#define ESCAPE_SPACE		BIT(0)
#define ESCAPE_SPECIAL		BIT(1)
#define ESCAPE_NULL		BIT(2)
#define ESCAPE_OCTAL		BIT(3)
#define ESCAPE_ANY		\
	(ESCAPE_SPACE | ESCAPE_OCTAL | ESCAPE_SPECIAL | ESCAPE_NULL)
#define ESCAPE_NP		BIT(4)
#define ESCAPE_ANY_NP		(ESCAPE_ANY | ESCAPE_NP)
#define ESCAPE_HEX		BIT(5)
#define ESCAPE_NA		BIT(6)
#define ESCAPE_NAP		BIT(7)
#define ESCAPE_APPEND		BIT(8)
#define ESCAPE_ALL_MASK		GENMASK(8, 0)

/*
 * @src's bytes escaped into @dst, which is not NUL-terminated; the
 * length the whole escape needs (more than @osz when it was cut). @only
 * limits escaping to its characters (or, with ESCAPE_APPEND, adds them).
 */
int string_escape_mem(const char *src, size_t isz, char *dst, size_t osz,
		      unsigned int flags, const char *only);

static inline int string_escape_mem_any_np(const char *src, size_t isz, char *dst,
					   size_t osz, const char *only)
{
	return string_escape_mem(src, isz, dst, osz, ESCAPE_ANY_NP, only);
}

static inline int string_escape_str(const char *src, char *dst, size_t sz,
				    unsigned int flags, const char *only)
{
	return string_escape_mem(src, strlen(src), dst, sz, flags, only);
}

static inline int string_escape_str_any_np(const char *src, char *dst, size_t sz,
					   const char *only)
{
	return string_escape_str(src, dst, sz, ESCAPE_ANY_NP, only);
}

static inline void string_upper(char *dst, const char *src)
{
	do {
		*dst++ = toupper(*src);
	} while (*src++);
}

static inline void string_lower(char *dst, const char *src)
{
	do {
		*dst++ = tolower(*src);
	} while (*src++);
}

/* a kmalloc'ed copy safe to print between quotes */
char *kstrdup_quotable(const char *src, gfp_t gfp);

/* "prefix-0" ... "prefix-(n-1)" and a NULL; kfree_strarray() frees them */
char **kasprintf_strarray(gfp_t gfp, const char *prefix, size_t n);
void kfree_strarray(char **array, size_t n);

#endif /* _LINUX_STRING_HELPERS_H_ */
