/* SPDX-License-Identifier: MIT */
/*
 * Native language support: codepage tables (fs/nls/), with 6.1's
 * interface. A codepage module registers its table with register_nls();
 * a user looks one up by name with load_nls(), which loads module
 * nls_NAME first when no table of that name is registered, and gives it
 * back with unload_nls().
 */
#ifndef _LINUX_NLS_H
#define _LINUX_NLS_H

#include <linux/init.h>
#include <linux/types.h>
#include <umod/kabi/nls.h>

/* a character of Unicode's plane 0, as the tables convert them */
typedef u16 wchar_t;
#define MAX_WCHAR_T	0xffff

/* any Unicode character */
typedef u32 unicode_t;

/* the most bytes one character takes in any charset (UTF-8's 6) */
#define NLS_MAX_CHARSET_SIZE 6

enum utf16_endian {
	UTF16_HOST_ENDIAN,
	UTF16_LITTLE_ENDIAN,
	UTF16_BIG_ENDIAN
};

struct module;

/* 0, or -EBUSY when @nls is registered already (or linked elsewhere) */
int __register_nls(struct nls_table *nls, struct module *owner);
/* 0, or -EINVAL when @nls is not registered */
int unregister_nls(struct nls_table *nls);
/* the table named or aliased @charset, with a reference on its module; NULL */
struct nls_table *load_nls(const char *charset);
void unload_nls(struct nls_table *nls);
/* load_nls(CONFIG_NLS_DEFAULT), else a built-in Latin-1 table */
struct nls_table *load_nls_default(void);
#define register_nls(nls) __register_nls((nls), THIS_MODULE)

/* one character of UTF-8 in @s (at most @len bytes): its length, or -1 */
int utf8_to_utf32(const u8 *s, int len, unicode_t *pu);
/* @u as UTF-8 in @s (at most @maxlen bytes): its length, or -1 */
int utf32_to_utf8(unicode_t u, u8 *s, int maxlen);
/* strings: UTF-8 to UTF-16 and back; the count of units written */
int utf8s_to_utf16s(const u8 *s, int len, enum utf16_endian endian, wchar_t *pwcs,
		    int maxlen);
int utf16s_to_utf8s(const wchar_t *pwcs, int len, enum utf16_endian endian, u8 *s,
		    int maxlen);

static inline unsigned char nls_tolower(struct nls_table *t, unsigned char c)
{
	unsigned char nc = t->charset2lower[c];

	return nc ? nc : c;
}

static inline unsigned char nls_toupper(struct nls_table *t, unsigned char c)
{
	unsigned char nc = t->charset2upper[c];

	return nc ? nc : c;
}

/* 0 when the first @len bytes of @s1 and @s2 are equal ignoring case, else 1 */
static inline int nls_strnicmp(struct nls_table *t, const unsigned char *s1,
			       const unsigned char *s2, int len)
{
	while (len--)
		if (nls_tolower(t, *s1++) != nls_tolower(t, *s2++))
			return 1;
	return 0;
}

/* the bytes of the charset's NUL (1 but for multi-byte charsets) */
static inline int nls_nullsize(const struct nls_table *codepage)
{
	unsigned char tmp[NLS_MAX_CHARSET_SIZE];
	int charlen = codepage->uni2char(0, tmp, NLS_MAX_CHARSET_SIZE);

	return charlen > 0 ? charlen : 1;
}

#define MODULE_ALIAS_NLS(name)	MODULE_ALIAS("nls_" __stringify(name))

#endif /* _LINUX_NLS_H */
