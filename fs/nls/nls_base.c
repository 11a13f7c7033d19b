// SPDX-License-Identifier: MIT
/*
 * Native language support (6.1's fs/nls/nls_base.c): the registry of
 * codepage tables and the UTF-8/UTF-16 conversions. A codepage module
 * (umod's, or one of a genuine kernel's 48 nls_*.ko) registers its
 * struct nls_table; load_nls("cp437") finds it by name or alias, taking
 * a reference on its module, and asks for module nls_cp437 first when
 * nothing of that name is registered, as the kernel's
 * try_then_request_module() does. The built-in "default" table (Latin-1
 * with ASCII case) is always there.
 *
 * The registry is the kernel's: one list linked through the tables'
 * own next fields, no allocation. Each host sees the tables of its own
 * modules only (and the default one): two hosts in one process have a
 * codepage each.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <string.h>

#include <umod/kabi.h>
#include <umod/kabi/autoconf.h>
#include <umod/kabi/nls.h>

#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"

#define PLANE_SIZE	0x00010000u
#define SURROGATE_MASK	0xfffff800u
#define SURROGATE_PAIR	0x0000d800u
#define SURROGATE_LOW	0x00000400u
#define SURROGATE_BITS	0x000003ffu
#define UNICODE_MAX	0x0010ffffu

enum utf16_endian { UTF16_HOST_ENDIAN, UTF16_LITTLE_ENDIAN, UTF16_BIG_ENDIAN };

/* ---- the default table: Latin-1 both ways, ASCII letters change case ---- */

static unsigned char default_lower[256], default_upper[256];

static int default_uni2char(unsigned short uni, unsigned char *out, int boundlen)
{
	if (boundlen <= 0)
		return -ENAMETOOLONG;
	if (!uni || uni > 0xff)
		return -EINVAL;
	out[0] = (unsigned char)uni;
	return 1;
}

static int default_char2uni(const unsigned char *raw, int boundlen, unsigned short *uni)
{
	*uni = raw[0];
	return *uni ? 1 : -EINVAL;
}

static struct nls_table default_table = {
	.charset = "default",
	.uni2char = default_uni2char,
	.char2uni = default_char2uni,
	.charset2lower = default_lower,
	.charset2upper = default_upper,
};

__attribute__((constructor)) static void default_case_init(void)
{
	for (unsigned int c = 0; c < 256; c++) {
		default_lower[c] = (unsigned char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
		default_upper[c] = (unsigned char)(c >= 'a' && c <= 'z' ? c - 32 : c);
	}
}

/* ---- the registry ---------------------------------------------------------- */

static pthread_mutex_t nls_lock = PTHREAD_MUTEX_INITIALIZER;
static struct nls_table *tables = &default_table;

static int kapi___register_nls(struct nls_table *nls, struct module *owner)
{
	int err = 0;

	if (nls->next)
		return -EBUSY;
	nls->owner = owner;
	pthread_mutex_lock(&nls_lock);
	for (struct nls_table *t = tables; t && !err; t = t->next)
		err = t == nls ? -EBUSY : 0;
	if (!err) {
		nls->next = tables;
		tables = nls;
	}
	pthread_mutex_unlock(&nls_lock);
	return err;
}

static int kapi_unregister_nls(struct nls_table *nls)
{
	int err = -EINVAL;

	pthread_mutex_lock(&nls_lock);
	for (struct nls_table **p = &tables; *p; p = &(*p)->next) {
		if (*p == nls) {
			*p = nls->next;
			err = 0;
			break;
		}
	}
	pthread_mutex_unlock(&nls_lock);
	return err;
}

/* a table's module: NULL for the host's default one */
static struct umod_module *owner_of(const struct nls_table *t)
{
	return t->owner ? t->owner->umod : NULL;
}

/* @t, if @host may see it (its module is @host's, or it is the host's own) */
static bool visible(const struct nls_table *t, const struct umod_host *host)
{
	const struct umod_module *m = owner_of(t);

	return !m || m->host == host;
}

/* find_nls(): by name, then alias; with a reference on its module */
static struct nls_table *find_nls(struct umod_host *host, const char *charset)
{
	struct nls_table *t;

	pthread_mutex_lock(&nls_lock);
	for (t = tables; t; t = t->next)
		if (visible(t, host) &&
		    (!strcmp(t->charset, charset) || (t->alias && !strcmp(t->alias, charset))))
			break;
	if (t && owner_of(t) && !umod_refcount_try_get(owner_of(t)))
		t = NULL;
	pthread_mutex_unlock(&nls_lock);
	return t;
}

static void request(struct umod_host *host, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	umod_request_module(host, true, fmt, ap);
	va_end(ap);
}

static struct nls_table *kapi_load_nls(const char *charset)
{
	struct umod_host *host = umod_caller_host();
	struct nls_table *t = find_nls(host, charset);

	if (t || !host)
		return t;
	request(host, "nls_%s", charset);
	return find_nls(host, charset);
}

static void kapi_unload_nls(struct nls_table *nls)
{
	if (nls && owner_of(nls))
		umod_refcount_put(owner_of(nls));
}

static struct nls_table *kapi_load_nls_default(void)
{
	struct nls_table *t = kapi_load_nls(CONFIG_NLS_DEFAULT);

	return t ? t : &default_table;
}

/* ---- UTF-8 and UTF-16 ------------------------------------------------------ */

/* how many bytes a sequence led by @c takes (the kernel's six forms), or 0 */
static int utf8_len(unsigned char c)
{
	int n = 0;

	if (c < 0x80)
		return 1;
	while (n < 7 && (c << n) & 0x80)
		n++;
	return n >= 2 && n <= 6 ? n : 0;
}

static int kapi_utf8_to_utf32(const unsigned char *s, int inlen, unsigned int *pu)
{
	static const unsigned long least[7] = { 0, 0, 0x80, 0x800, 0x10000, 0x200000, 0x4000000 };
	int n = utf8_len(s[0]);
	unsigned long l;

	if (!n || inlen < n)
		return -1;
	l = n == 1 ? s[0] : s[0] & (0x7fu >> n);
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return -1;
		l = l << 6 | (s[i] & 0x3f);
	}
	if (l < least[n] || l > UNICODE_MAX || (l & SURROGATE_MASK) == SURROGATE_PAIR)
		return -1;
	*pu = (unsigned int)l;
	return n;
}

static int kapi_utf32_to_utf8(unsigned int u, unsigned char *s, int maxout)
{
	static const unsigned char lead[5] = { 0, 0, 0xc0, 0xe0, 0xf0 };
	int n = u < 0x80 ? 1 : u < 0x800 ? 2 : u < 0x10000 ? 3 : 4;

	if (!s)
		return 0;
	if (u > UNICODE_MAX || (u & SURROGATE_MASK) == SURROGATE_PAIR || maxout < n)
		return -1;
	if (n == 1) {
		s[0] = (unsigned char)u;
		return 1;
	}
	for (int i = n - 1; i > 0; i--, u >>= 6)
		s[i] = (unsigned char)(0x80 | (u & 0x3f));
	s[0] = (unsigned char)(lead[n] | u);
	return n;
}

static unsigned short to_endian(unsigned int c, enum utf16_endian endian)
{
	unsigned short v = (unsigned short)c;

	if (endian == UTF16_BIG_ENDIAN)
		return __builtin_bswap16(v);	/* x86-64 and arm64 are little-endian */
	return v;
}

static int kapi_utf8s_to_utf16s(const unsigned char *s, int inlen, enum utf16_endian endian,
				unsigned short *pwcs, int maxout)
{
	unsigned short *op = pwcs;
	unsigned int u;

	while (inlen > 0 && maxout > 0 && *s) {
		int size = *s & 0x80 ? kapi_utf8_to_utf32(s, inlen, &u) : 1;

		if (size < 0)
			return -EINVAL;
		u = size == 1 ? *s : u;
		if (u >= PLANE_SIZE && maxout < 2)
			break;
		s += size;
		inlen -= size;
		if (u >= PLANE_SIZE) {
			u -= PLANE_SIZE;
			*op++ = to_endian(SURROGATE_PAIR | ((u >> 10) & SURROGATE_BITS), endian);
			*op++ = to_endian(SURROGATE_PAIR | SURROGATE_LOW | (u & SURROGATE_BITS),
					  endian);
			maxout -= 2;
		} else {
			*op++ = to_endian(u, endian);
			maxout--;
		}
	}
	return (int)(op - pwcs);
}

/* a pair's low half at *@pwcs (@inlen left): the character, or 0 to skip the high half */
static unsigned int join_pair(unsigned int high, const unsigned short *pwcs, int inlen,
			      enum utf16_endian endian)
{
	unsigned int low = inlen > 0 ? to_endian(*pwcs, endian) : 0;

	if ((low & SURROGATE_MASK) != SURROGATE_PAIR || !(low & SURROGATE_LOW))
		return 0;
	return PLANE_SIZE + ((high & SURROGATE_BITS) << 10) + (low & SURROGATE_BITS);
}

static int kapi_utf16s_to_utf8s(const unsigned short *pwcs, int inlen, enum utf16_endian endian,
				unsigned char *s, int maxout)
{
	unsigned char *op = s;

	while (inlen > 0 && maxout > 0) {
		unsigned int u = to_endian(*pwcs, endian);
		int size;

		if (!u)
			break;
		pwcs++;
		inlen--;
		if (u < 0x80) {
			*op++ = (unsigned char)u;
			maxout--;
			continue;
		}
		if ((u & SURROGATE_MASK) == SURROGATE_PAIR) {
			if (u & SURROGATE_LOW)
				continue;	/* a low half alone: skipped, as the kernel */
			if (inlen <= 0)
				break;
			u = join_pair(u, pwcs, inlen, endian);
			if (!u)
				continue;
			pwcs++;
			inlen--;
		}
		size = kapi_utf32_to_utf8(u, op, maxout);
		if (size > 0) {
			op += size;
			maxout -= size;
		}
	}
	return (int)(op - s);
}

static const struct umod_kapi_export nls_exports[] = {
	UMOD_KAPI("__register_nls", kapi___register_nls),
	UMOD_KAPI("unregister_nls", kapi_unregister_nls),
	UMOD_KAPI("load_nls", kapi_load_nls),
	UMOD_KAPI("unload_nls", kapi_unload_nls),
	UMOD_KAPI("load_nls_default", kapi_load_nls_default),
	UMOD_KAPI("utf8_to_utf32", kapi_utf8_to_utf32),
	UMOD_KAPI("utf32_to_utf8", kapi_utf32_to_utf8),
	UMOD_KAPI("utf8s_to_utf16s", kapi_utf8s_to_utf16s),
	UMOD_KAPI("utf16s_to_utf8s", kapi_utf16s_to_utf8s),
};

const struct umod_kapi_table umod_kapi_nls = UMOD_KAPI_TABLE(nls_exports);
