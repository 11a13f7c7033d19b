// SPDX-License-Identifier: MIT
/*
 * The kernel's formatter (lib/vsprintf.c): C's conversions, no floating
 * point, and the %p extensions of Linux 6.1 — symbols (%pS %ps %pB), hashed
 * pointers (%p %pK), raw ones (%px), error names (%pe), hex buffers
 * (%*ph), MAC, IPv4/IPv6 and UUID addresses, bitmaps (%*pb %*pbl),
 * nested formats (%pV) and physical addresses (%pa). printk() formats
 * with it too, so a module's format string prints as on Linux.
 *
 * Integer, character and string conversions are handed, one at a time,
 * to the C library's snprintf(): the same rules as the kernel's number()
 * but for "%#x" of 0, which the kernel prints as "0x0". An unknown
 * conversion ends the output there, as in the kernel: the arguments after
 * it cannot be fetched safely.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/sched/sched.h"
#include "lib/klib.h"
#include "lib/vsprintf.h"

#define PTR_WIDTH	16		/* 2 * sizeof(void *) */
#define PAGE_LIMIT	4096		/* below it a pointer is no string */
#define MAX_ERRNO	4095
#define HEX_MAX		64		/* %*ph prints at most 64 bytes */

struct out {
	char *buf;
	size_t size;
	size_t len;		/* what would have been written */
};

struct spec {
	char flags[8];		/* "-+ #0" as given */
	int width;		/* -1: none */
	int prec;		/* -1: none */
	char qual[3];		/* "", "h", "hh", "l", "ll", "z", "t", "j" */
	char conv;
};

static void put_c(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

/* as put_c() @n times, in one copy (a module's printk is mostly literal text) */
static void put_n(struct out *o, const char *s, size_t n)
{
	size_t room = o->len + 1 < o->size ? o->size - 1 - o->len : 0;

	if (room)	/* never memcpy() to vsnprintf(NULL, 0, ...)'s buffer */
		memcpy(o->buf + o->len, s, n < room ? n : room);
	o->len += n;
}

static void put_s(struct out *o, const char *s)
{
	put_n(o, s, strlen(s));
}

static bool has_flag(const struct spec *sp, char f)
{
	return sp->flags[0] && strchr(sp->flags, f);
}

/* @s padded to the spec's width (right-aligned unless '-') */
static void put_padded(struct out *o, const struct spec *sp, const char *s, size_t n)
{
	size_t pad = sp->width > 0 && (size_t)sp->width > n ? (size_t)sp->width - n : 0;
	bool left = has_flag(sp, '-');

	for (size_t i = 0; !left && i < pad; i++)
		put_c(o, ' ');
	put_n(o, s, n);
	for (size_t i = 0; left && i < pad; i++)
		put_c(o, ' ');
}

/* ---- one C conversion through the C library ---------------------------------- */

static void c_format(char *f, size_t size, const struct spec *sp)
{
	int n = snprintf(f, size, "%%%s", sp->flags);

	if (sp->width >= 0)
		n += snprintf(f + n, size - (size_t)n, "%d", sp->width);
	if (sp->prec >= 0)
		n += snprintf(f + n, size - (size_t)n, ".%d", sp->prec);
	snprintf(f + n, size - (size_t)n, "%s%c", sp->qual, sp->conv);
}

/* formats one value with snprintf() and appends it */
#define PUT_C_CONVERSION(o, sp, val) do {					\
	char __f[48], __small[128], *__p = __small;				\
	int __n;								\
										\
	c_format(__f, sizeof(__f), sp);						\
	__n = snprintf(__small, sizeof(__small), __f, val);			\
	if (__n >= (int)sizeof(__small)) {					\
		__p = malloc((size_t)__n + 1);					\
		if (__p)							\
			snprintf(__p, (size_t)__n + 1, __f, val);		\
	}									\
	if (__p && __n > 0)							\
		put_n(o, __p, (size_t)__n);					\
	if (__p != __small)							\
		free(__p);							\
} while (0)

/* the kernel's number() prints "%#x" of 0 as "0x0" (padded as any other) */
static void put_hex_zero_special(struct out *o, const struct spec *sp)
{
	char digits[80];
	int prec = sp->prec < 0 ? 1 : sp->prec > 64 ? 64 : sp->prec;
	bool zero = has_flag(sp, '0') && !has_flag(sp, '-') && sp->prec < 0;
	int width = sp->width - 2;
	int n = 0;

	digits[n++] = '0';
	digits[n++] = sp->conv;
	while (zero && width > prec) {
		digits[n++] = '0';
		width--;
	}
	for (int i = 0; i < prec; i++)
		digits[n++] = '0';
	put_padded(o, sp, digits, (size_t)n);
}

static bool is_unsigned_conv(char c)
{
	return c == 'u' || c == 'x' || c == 'X' || c == 'o';
}

/* the common case, no flags, width or precision: no snprintf() round trip */
static bool put_plain_number(struct out *o, const struct spec *sp, unsigned long long u,
			     long long s)
{
	unsigned int base = sp->conv == 'o' ? 8 : sp->conv == 'x' || sp->conv == 'X' ? 16 : 10;
	const char *digits = sp->conv == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int n = 0;

	if (sp->flags[0] || sp->width >= 0 || sp->prec >= 0)
		return false;
	if (!is_unsigned_conv(sp->conv) && s < 0) {
		put_c(o, '-');
		u = -(unsigned long long)s;
	} else if (!is_unsigned_conv(sp->conv)) {
		u = (unsigned long long)s;
	}
	do {
		tmp[n++] = digits[u % base];
		u /= base;
	} while (u);
	while (n)
		put_c(o, tmp[--n]);
	return true;
}

static void put_integer(struct out *o, const struct spec *sp, va_list *ap)
{
	const char *q = sp->qual;
	unsigned long long u;
	long long s;

	if (!strcmp(q, "ll") || !strcmp(q, "L") || !strcmp(q, "q") || !strcmp(q, "l") ||
	    !strcmp(q, "z") || !strcmp(q, "t") || !strcmp(q, "j")) {
		u = (unsigned long long)va_arg(*ap, long long);
		s = (long long)u;
	} else {
		unsigned int v = va_arg(*ap, unsigned int);

		u = v;
		s = (int)v;
		if (!strcmp(q, "h")) {
			u = (unsigned short)v;
			s = (short)v;
		} else if (!strcmp(q, "hh")) {
			u = (unsigned char)v;
			s = (signed char)v;
		}
	}
	if (put_plain_number(o, sp, u, s))
		return;
	if (is_unsigned_conv(sp->conv)) {
		struct spec ll = *sp;

		if (u == 0 && (sp->conv == 'x' || sp->conv == 'X') && has_flag(sp, '#')) {
			put_hex_zero_special(o, sp);
			return;
		}
		strcpy(ll.qual, "ll");
		PUT_C_CONVERSION(o, &ll, u);
	} else {
		struct spec ll = *sp;

		strcpy(ll.qual, "ll");
		PUT_C_CONVERSION(o, &ll, s);
	}
}

/* %s: NULL prints "(null)", a pointer into the first page or an error "(efault)" */
static void put_string(struct out *o, const struct spec *sp, const char *s)
{
	struct spec str = *sp;
	size_t n;

	if (!s || (uintptr_t)s < PAGE_LIMIT || (uintptr_t)s >= (uintptr_t)-MAX_ERRNO) {
		str.prec = -1;
		s = s ? "(efault)" : "(null)";
	}
	n = str.prec >= 0 ? strnlen(s, (size_t)str.prec) : strlen(s);
	put_padded(o, &str, s, n);
}

/* ---- pointers ----------------------------------------------------------------- */

static void put_hex_fixed(struct out *o, uint64_t v, int digits, bool upper)
{
	const char *hex = upper ? "0123456789ABCDEF" : "0123456789abcdef";

	for (int i = digits - 1; i >= 0; i--)
		put_c(o, hex[(v >> (4 * i)) & 15]);
}

/* pointer_string(): zero-padded hex, 16 digits unless a width says otherwise */
static void put_pointer_raw(struct out *o, const struct spec *sp, uintptr_t v)
{
	char tmp[80];
	int digits = 1, n = 0, width = sp->width < 0 ? PTR_WIDTH : sp->width;

	for (uintptr_t t = v >> 4; t; t >>= 4)
		digits++;
	if (width > (int)sizeof(tmp) - 1)
		width = (int)sizeof(tmp) - 1;
	if (sp->width < 0 || (has_flag(sp, '0') && !has_flag(sp, '-')))
		while (n + digits < width)
			tmp[n++] = '0';
	for (int i = digits - 1; i >= 0; i--)
		tmp[n++] = "0123456789abcdef"[(v >> (4 * i)) & 15];
	put_padded(o, sp, tmp, (size_t)n);
}

static uint64_t ptr_key[2];
static pthread_once_t ptr_key_once = PTHREAD_ONCE_INIT;

static void ptr_key_init(void)
{
	if (getrandom(ptr_key, sizeof(ptr_key), 0) != sizeof(ptr_key))
		ptr_key[0] = (uint64_t)(uintptr_t)&ptr_key ^ 0x9e3779b97f4a7c15ull;
}

/* what %p prints for @p: the low 32 bits of its keyed hash */
unsigned long umod_ptr_to_hashval(const void *p)
{
	pthread_once(&ptr_key_once, ptr_key_init);
	return (unsigned long)(umod_siphash_1u64((uint64_t)(uintptr_t)p, ptr_key) & 0xffffffffu);
}

/* %p: NULL and error pointers as they are, anything else hashed */
static void put_pointer_hashed(struct out *o, const struct spec *sp, const void *p)
{
	uintptr_t v = (uintptr_t)p;

	if (v && v < (uintptr_t)-MAX_ERRNO)
		v = umod_ptr_to_hashval(p);
	put_pointer_raw(o, sp, v);
}

/* "(null)" or "(efault)" for what cannot be dereferenced; true if so */
static bool bad_pointer(struct out *o, const struct spec *sp, const void *p)
{
	struct spec s = *sp;

	if (p && (uintptr_t)p >= PAGE_LIMIT && (uintptr_t)p < (uintptr_t)-MAX_ERRNO)
		return false;
	s.prec = -1;
	put_string(o, &s, p);
	return true;
}

/* the host whose modules' symbols %pS can name: the calling module's */
static struct umod_host *current_host(void)
{
	struct umod_task *t = umod_task_peek();

	return t && t->call && t->call->mod ? t->call->mod->host : NULL;
}

/* %pS "sym+0x1c/0x60 [mod]", %ps "sym [mod]", %pB for a return address */
static void put_symbol(struct out *o, const struct spec *sp, const void *p, char kind)
{
	struct umod_host *host = current_host();
	uint64_t addr = (uint64_t)(uintptr_t)p, at = kind == 'B' ? addr - 1 : addr;
	const char *name = NULL, *modname = NULL;
	uint64_t off = 0, size = 0;
	char buf[512];
	int n;

	if (!host || !umod_kallsyms_lookup_nolock(host, at, &name, &modname, &off, &size) ||
	    !name) {
		n = snprintf(buf, sizeof(buf), "0x%lx", (unsigned long)addr);
	} else if (kind == 's') {
		n = snprintf(buf, sizeof(buf), "%s [%s]", name, modname);
	} else {
		off += addr - at;
		n = snprintf(buf, sizeof(buf), "%s+0x%llx/0x%llx [%s]", name,
			     (unsigned long long)off, (unsigned long long)size, modname);
	}
	put_padded(o, sp, buf, n < 0 ? 0 : (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

/* lib/errname.c's names of the kernel-internal codes; the C library knows the rest */
static const char *const internal_errnames[] = {
	[512 - 512] = "ERESTARTSYS", [513 - 512] = "ERESTARTNOINTR",
	[514 - 512] = "ERESTARTNOHAND", [515 - 512] = "ENOIOCTLCMD",
	[516 - 512] = "ERESTART_RESTARTBLOCK", [517 - 512] = "EPROBE_DEFER",
	[518 - 512] = "EOPENSTALE", [519 - 512] = "ENOPARAM",
	[521 - 512] = "EBADHANDLE", [522 - 512] = "ENOTSYNC",
	[523 - 512] = "EBADCOOKIE", [524 - 512] = "ENOTSUPP",
	[525 - 512] = "ETOOSMALL", [526 - 512] = "ESERVERFAULT",
	[527 - 512] = "EBADTYPE", [528 - 512] = "EJUKEBOX",
	[529 - 512] = "EIOCBQUEUED", [530 - 512] = "ERECALLCONFLICT",
	[531 - 512] = "ENOGRACE",
};

/* "-ENOMEM" for -12, as the kernel's errname(); NULL for an unknown code */
const char *umod_errname(int err, char *buf, size_t size)
{
	unsigned int e = err < 0 ? (unsigned int)-err : (unsigned int)err;
	const char *name = NULL;

	if (e >= 512 && e - 512 < UMOD_ARRAY_SIZE(internal_errnames))
		name = internal_errnames[e - 512];
	else if (e > 0 && e < 512)
		name = strerrorname_np((int)e);
	if (!name)
		return NULL;
	snprintf(buf, size, "%s%s", err < 0 ? "-" : "", name);
	return buf;
}

static void put_err_ptr(struct out *o, const struct spec *sp, const void *p)
{
	long err = (long)(intptr_t)p;
	char name[40];

	if ((uintptr_t)p < (uintptr_t)-MAX_ERRNO) {
		put_pointer_hashed(o, sp, p);
		return;
	}
	if (umod_errname((int)err, name, sizeof(name))) {
		put_padded(o, sp, name, strlen(name));
	} else {
		snprintf(name, sizeof(name), "%ld", err);
		put_padded(o, sp, name, strlen(name));
	}
}

/* %*ph: bytes in hex, ' ' between them (C ':', D '-', N nothing) */
static void put_hex_bytes(struct out *o, const struct spec *sp, const uint8_t *p,
			  const char *ext)
{
	char sep = ext[1] == 'C' ? ':' : ext[1] == 'D' ? '-' : ext[1] == 'N' ? 0 : ' ';
	int len = sp->width < 0 ? 1 : sp->width > HEX_MAX ? HEX_MAX : sp->width;

	if (sp->width == 0 || bad_pointer(o, sp, p))
		return;
	for (int i = 0; i < len; i++) {
		if (i && sep)
			put_c(o, sep);
		put_hex_fixed(o, p[i], 2, false);
	}
}

/* %pM "00:01:02:03:04:05", %pMR reversed, %pMF with '-', %pm without separators */
static void put_mac(struct out *o, const struct spec *sp, const uint8_t *p, const char *ext)
{
	char buf[18], sep = ext[0] == 'm' ? 0 : ext[1] == 'F' ? '-' : ':';
	bool rev = ext[1] == 'R';
	int n = 0;

	if (bad_pointer(o, sp, p))
		return;
	for (int i = 0; i < 6; i++) {
		uint8_t b = p[rev ? 5 - i : i];

		if (i && sep)
			buf[n++] = sep;
		buf[n++] = "0123456789abcdef"[b >> 4];
		buf[n++] = "0123456789abcdef"[b & 15];
	}
	put_padded(o, sp, buf, (size_t)n);
}

static void put_ip4(struct out *o, const struct spec *sp, const uint8_t *p, bool lead0)
{
	char buf[16];
	int n;

	n = snprintf(buf, sizeof(buf), lead0 ? "%03u.%03u.%03u.%03u" : "%u.%u.%u.%u",
		     p[0], p[1], p[2], p[3]);
	put_padded(o, sp, buf, (size_t)n);
}

/* RFC 5952: the longest run (>= 2) of zero words becomes "::", no leading zeros */
static int ip6_compressed(char *buf, const uint8_t *p)
{
	int best = -1, best_len = 1, n = 0;

	for (int i = 0; i < 8;) {
		int j = i;

		while (j < 8 && !p[2 * j] && !p[2 * j + 1])
			j++;
		if (j - i > best_len) {
			best = i;
			best_len = j - i;
		}
		i = j > i ? j : i + 1;
	}
	for (int i = 0; i < 8; i++) {
		if (i == best) {
			n += sprintf(buf + n, "::");
			i += best_len - 1;
			continue;
		}
		if (i && i != best + best_len)
			buf[n++] = ':';
		n += sprintf(buf + n, "%x", (unsigned int)(p[2 * i] << 8 | p[2 * i + 1]));
	}
	buf[n] = '\0';
	return n;
}

static void put_ip6(struct out *o, const struct spec *sp, const uint8_t *p, const char *ext)
{
	char buf[48];
	int n = 0;

	if (ext[0] == 'I' && ext[2] == 'c') {
		n = ip6_compressed(buf, p);
	} else {
		for (int i = 0; i < 16; i++) {
			if (ext[0] == 'I' && i && !(i & 1))
				buf[n++] = ':';
			n += sprintf(buf + n, "%02x", p[i]);
		}
	}
	put_padded(o, sp, buf, (size_t)n);
}

static void put_ip(struct out *o, const struct spec *sp, const uint8_t *p, const char *ext)
{
	if (bad_pointer(o, sp, p))
		return;
	if (ext[1] == '6')
		put_ip6(o, sp, p, ext);
	else if (ext[1] == '4')
		put_ip4(o, sp, p, ext[0] == 'i');
	else
		put_pointer_hashed(o, sp, p);
}

/* %pU: 16 bytes as 8-4-4-4-12; 'l'/'L' little-endian fields, 'B'/'L' upper case */
static void put_uuid(struct out *o, const struct spec *sp, const uint8_t *p, const char *ext)
{
	static const int be[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
	static const int le[16] = { 3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15 };
	bool upper = ext[1] == 'B' || ext[1] == 'L';
	const int *idx = ext[1] == 'l' || ext[1] == 'L' ? le : be;
	const char *hex = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char buf[37];
	int n = 0;

	if (bad_pointer(o, sp, p))
		return;
	for (int i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			buf[n++] = '-';
		buf[n++] = hex[p[idx[i]] >> 4];
		buf[n++] = hex[p[idx[i]] & 15];
	}
	put_padded(o, sp, buf, (size_t)n);
}

/* %*pb: 32-bit hex chunks, most significant first; %*pbl: ranges "0-3,8" */
static void put_bitmap(struct out *o, const struct spec *sp, const unsigned long *map,
		       bool list)
{
	int nbits = sp->width < 0 ? 0 : sp->width;
	bool first = true;

	if (bad_pointer(o, sp, map))
		return;
	if (!list) {
		for (int chunk = (nbits + 31) / 32 - 1; chunk >= 0; chunk--) {
			uint32_t v = (uint32_t)(map[chunk / 2] >> (32 * (chunk % 2)));
			int bits = nbits - chunk * 32 < 32 ? nbits - chunk * 32 : 32;
			int digits = (bits + 3) / 4;

			if (bits < 32)
				v &= (1u << bits) - 1;
			if (!first)
				put_c(o, ',');
			put_hex_fixed(o, v, digits, false);
			first = false;
		}
		return;
	}
	for (int i = 0; i < nbits; i++) {
		int j = i;

		if (!(map[i / 64] >> (i % 64) & 1))
			continue;
		while (j + 1 < nbits && (map[(j + 1) / 64] >> ((j + 1) % 64) & 1))
			j++;
		if (!first)
			put_c(o, ',');
		first = false;
		if (j > i) {
			char buf[32];

			put_n(o, buf, (size_t)snprintf(buf, sizeof(buf), "%d-%d", i, j));
		} else {
			char buf[16];

			put_n(o, buf, (size_t)snprintf(buf, sizeof(buf), "%d", i));
		}
		i = j;
	}
}

struct umod_va_format {
	const char *fmt;
	va_list *va;
};

static void put_formatted(struct out *o, const char *fmt, va_list ap);

/* %pV: a struct va_format's format and arguments, nested */
static void put_va_format(struct out *o, const struct spec *sp, const struct umod_va_format *vaf)
{
	va_list va;

	if (bad_pointer(o, sp, vaf))
		return;
	va_copy(va, *vaf->va);
	put_formatted(o, vaf->fmt, va);
	va_end(va);
}

/* %pa / %pad: the value the pointer points to, "0x" and 16 digits */
static void put_addr(struct out *o, const struct spec *sp, const uint64_t *p)
{
	if (bad_pointer(o, sp, p))
		return;
	put_s(o, "0x");
	put_hex_fixed(o, *p, 16, false);
}

/* resource_string()'s number: "0x", zero-padded to @width characters in all */
static void put_res_hex(struct out *o, uint64_t v, int width)
{
	int digits = 1;

	while (digits < 16 && (v >> (4 * digits)))
		digits++;
	put_s(o, "0x");
	for (int i = digits + 2; i < width; i++)
		put_c(o, '0');
	put_hex_fixed(o, v, digits, false);
}

/* %pR (decoded flags) / %pr (raw flags): a struct resource, as 6.1's resource_string() */
static void put_resource(struct out *o, const struct spec *sp, const void *p, bool decode)
{
	/* umod/kabi/device.h's struct resource: start, end, name, flags */
	const struct { unsigned long long start, end; const char *name; unsigned long flags; } *r = p;
	bool io = r->flags & 0x100, mem = r->flags & 0x200;
	int width = io ? 6 : 10;

	if (bad_pointer(o, sp, p))
		return;
	put_s(o, io ? "[io  " : mem ? "[mem " : (r->flags & 0x400) ? "[irq " : "[??? ");
	if (!io && !mem)
		width = -1;
	put_res_hex(o, r->start, width);
	if (r->start != r->end) {
		put_c(o, '-');
		put_res_hex(o, r->end, width);
	}
	if (decode) {
		if (r->flags & 0x00100000)
			put_s(o, " 64bit");
		if (r->flags & 0x00002000)
			put_s(o, " pref");
		if (r->flags & 0x00200000)
			put_s(o, " window");
		if (r->flags & 0x10000000)
			put_s(o, " disabled");
	} else {
		put_s(o, " flags ");
		put_res_hex(o, r->flags, -1);
	}
	put_c(o, ']');
}

/* one %p conversion; @ext: the characters after the 'p' */
static void put_pointer(struct out *o, const struct spec *sp, const char *ext, const void *p)
{
	switch (ext[0]) {
	case 'S':
	case 's':
	case 'B':
		put_symbol(o, sp, p, ext[0]);
		return;
	case 'x':
		put_pointer_raw(o, sp, (uintptr_t)p);
		return;
	case 'e':
		put_err_ptr(o, sp, p);
		return;
	case 'h':
		put_hex_bytes(o, sp, p, ext);
		return;
	case 'M':
	case 'm':
		put_mac(o, sp, p, ext);
		return;
	case 'I':
	case 'i':
		put_ip(o, sp, p, ext);
		return;
	case 'U':
		put_uuid(o, sp, p, ext);
		return;
	case 'V':
		put_va_format(o, sp, p);
		return;
	case 'a':
		put_addr(o, sp, p);
		return;
	case 'R':
	case 'r':
		put_resource(o, sp, p, ext[0] == 'R');
		return;
	case 'b':
		put_bitmap(o, sp, p, ext[1] == 'l');
		return;
	default:	/* %p, %pK (kptr_restrict 0 hashes it too), anything unknown */
		put_pointer_hashed(o, sp, p);
		return;
	}
}

/* ---- the format string ----------------------------------------------------------- */

/* parses "%[flags][width][.prec][qual]conv" after the '%'; NULL if it is not one */
static const char *parse_spec(const char *f, struct spec *sp, va_list *ap)
{
	size_t nf = 0;

	memset(sp, 0, sizeof(*sp));
	while (*f == '-' || *f == '+' || *f == ' ' || *f == '#' || *f == '0') {
		if (nf < sizeof(sp->flags) - 1 && !strchr(sp->flags, *f))
			sp->flags[nf++] = *f;
		f++;
	}
	sp->width = -1;
	if (*f == '*') {
		sp->width = va_arg(*ap, int);
		if (sp->width < 0) {
			sp->width = -sp->width;
			if (nf < sizeof(sp->flags) - 1 && !strchr(sp->flags, '-'))
				sp->flags[nf++] = '-';
		}
		f++;
	} else if (*f >= '0' && *f <= '9') {
		sp->width = (int)strtol(f, (char **)&f, 10);
	}
	sp->prec = -1;
	if (*f == '.') {
		f++;
		if (*f == '*') {
			sp->prec = va_arg(*ap, int);
			f++;
		} else {
			sp->prec = (int)strtol(f, (char **)&f, 10);
		}
		if (sp->prec < 0)	/* a negative precision is none */
			sp->prec = -1;
	}
	if (sp->width > 32767)
		sp->width = 32767;
	if (sp->prec > 32767)
		sp->prec = 32767;
	if ((f[0] == 'h' && f[1] == 'h') || (f[0] == 'l' && f[1] == 'l')) {
		memcpy(sp->qual, f, 2);
		f += 2;
	} else if (*f && strchr("hlLqzZtj", *f)) {
		sp->qual[0] = *f == 'Z' ? 'z' : *f;
		f++;
	}
	sp->conv = *f;
	return *f ? f + 1 : NULL;
}

static void put_formatted(struct out *o, const char *fmt, va_list ap)
{
	struct spec sp;
	va_list args;

	va_copy(args, ap);
	while (*fmt) {
		const char *next;

		if (*fmt != '%') {
			const char *pct = strchrnul(fmt, '%');

			put_n(o, fmt, (size_t)(pct - fmt));
			fmt = pct;
			continue;
		}
		if (fmt[1] == '%') {
			put_c(o, '%');
			fmt += 2;
			continue;
		}
		next = parse_spec(fmt + 1, &sp, &args);
		if (!next)
			break;
		switch (sp.conv) {
		case 'd': case 'i': case 'u': case 'x': case 'X': case 'o':
			put_integer(o, &sp, &args);
			break;
		case 'c': {
			int c = va_arg(args, int);
			char ch = (char)c;

			put_padded(o, &sp, &ch, 1);
			break;
		}
		case 's':
			put_string(o, &sp, va_arg(args, const char *));
			break;
		case 'p':
			put_pointer(o, &sp, next, va_arg(args, const void *));
			while ((*next >= '0' && *next <= '9') || (*next >= 'a' && *next <= 'z') ||
			       (*next >= 'A' && *next <= 'Z'))
				next++;
			break;
		default:	/* %n, floating point, garbage: the kernel stops here */
			va_end(args);
			return;
		}
		fmt = next;
	}
	va_end(args);
}

int umod_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { .buf = buf, .size = size, .len = 0 };

	if (size > INT_MAX)
		return 0;
	put_formatted(&o, fmt, ap);
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return o.len > INT_MAX ? INT_MAX : (int)o.len;
}

int umod_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = umod_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

/* what was written, not what would have been: at most size - 1 */
int umod_vscnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	int n = umod_vsnprintf(buf, size, fmt, ap);

	if (!size)
		return 0;
	return (size_t)n < size ? n : (int)(size - 1);
}

/* ---- parsing -------------------------------------------------------------------- */

/*
 * The C library's scanner: a superset of the kernel's conversions. The
 * kernel's returns 0, never EOF, when the input ends before a conversion.
 */
int umod_vsscanf(const char *buf, const char *fmt, va_list ap)
{
	int n = vsscanf(buf, fmt, ap);

	return n < 0 ? 0 : n;
}

int umod_sscanf(const char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = umod_vsscanf(buf, fmt, ap);
	va_end(ap);
	return n;
}

static int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'z' ? c - 'a' + 10 : 99;
}

/*
 * simple_strtoull(): base 0 picks 16 for "0x" followed by a hex digit, 8
 * for a leading 0, else 10; base 16 skips a "0x". No white space is
 * skipped, no sign taken, overflow wraps: the kernel's lenient parser.
 */
unsigned long long umod_simple_strtoull(const char *cp, char **endp, unsigned int base)
{
	unsigned long long v = 0;
	int d;

	if (!base) {
		base = 10;
		if (cp[0] == '0') {
			base = 8;
			if ((cp[1] | 0x20) == 'x' && digit_value(cp[2]) < 16)
				base = 16;
		}
	}
	if (base == 16 && cp[0] == '0' && (cp[1] | 0x20) == 'x' && digit_value(cp[2]) < 16)
		cp += 2;
	while ((d = digit_value(*cp)) < (int)base) {
		v = v * base + (unsigned int)d;
		cp++;
	}
	if (endp)
		*endp = (char *)cp;
	return v;
}

unsigned long umod_simple_strtoul(const char *cp, char **endp, unsigned int base)
{
	return (unsigned long)umod_simple_strtoull(cp, endp, base);
}

long long umod_simple_strtoll(const char *cp, char **endp, unsigned int base)
{
	if (*cp == '-')
		return -(long long)umod_simple_strtoull(cp + 1, endp, base);
	return (long long)umod_simple_strtoull(cp, endp, base);
}

long umod_simple_strtol(const char *cp, char **endp, unsigned int base)
{
	return (long)umod_simple_strtoll(cp, endp, base);
}

/* ---- the exports ---------------------------------------------------------------- */

int umod_scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = umod_vscnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

/* sprintf(): the kernel's has no bound either; INT_MAX as it passes */
static int kapi_vsprintf(char *buf, const char *fmt, va_list ap)
{
	return umod_vsnprintf(buf, INT_MAX, fmt, ap);
}

static int kapi_sprintf(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = kapi_vsprintf(buf, fmt, ap);
	va_end(ap);
	return n;
}

static const struct umod_kapi_export vsprintf_exports[] = {
	UMOD_KAPI("vsnprintf", umod_vsnprintf),
	UMOD_KAPI("snprintf", umod_snprintf),
	UMOD_KAPI("vscnprintf", umod_vscnprintf),
	UMOD_KAPI("scnprintf", umod_scnprintf),
	UMOD_KAPI("vsprintf", kapi_vsprintf),
	UMOD_KAPI("sprintf", kapi_sprintf),
	UMOD_KAPI("sscanf", umod_sscanf),
	UMOD_KAPI("vsscanf", umod_vsscanf),
	UMOD_KAPI("simple_strtoul", umod_simple_strtoul),
	UMOD_KAPI("simple_strtol", umod_simple_strtol),
	UMOD_KAPI("simple_strtoull", umod_simple_strtoull),
	UMOD_KAPI("simple_strtoll", umod_simple_strtoll),
};

const struct umod_kapi_table umod_kapi_vsprintf = UMOD_KAPI_TABLE(vsprintf_exports);
