// SPDX-License-Identifier: MIT
/*
 * The bitmap functions Linux keeps out of line (lib/bitmap.c): the hex
 * and list parsers and printers that sysfs files and module parameters
 * speak ("f,ffffffff", "0-3,8,16-31:2/4", "N" for the last bit), the
 * 32-bit array conversions, regions and allocation. The rest of the
 * bitmap API is inline in linux/bitmap.h.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kernel/kapi.h"
#include "lib/klib.h"
#include "lib/usercopy.h"
#include "lib/vsprintf.h"
#include "mm/internal.h"

#define LONG_BITS	(8 * sizeof(long))
#define PAGE_BYTES	4096ul

static bool test(const unsigned long *map, unsigned int bit)
{
	return (map[bit / LONG_BITS] >> (bit % LONG_BITS)) & 1;
}

static void set_bits(unsigned long *map, unsigned int start, unsigned int n)
{
	for (unsigned int i = start; i < start + n; i++)
		map[i / LONG_BITS] |= 1ul << (i % LONG_BITS);
}

static void clear_bits(unsigned long *map, unsigned int start, unsigned int n)
{
	for (unsigned int i = start; i < start + n; i++)
		map[i / LONG_BITS] &= ~(1ul << (i % LONG_BITS));
}

static bool kspace(char c)
{
	return umod_ctype[(unsigned char)c] & 0x20;
}

/* a region ends at white space or a comma; the string at NUL or newline */
static bool end_of_str(char c)
{
	return c == '\0' || c == '\n';
}

static bool region_sep(char c)
{
	return kspace(c) || c == ',';
}

static bool end_of_region(char c)
{
	return region_sep(c) || end_of_str(c);
}

/*
 * One region of a list: bits start..end, of which the first @used of
 * every @group (counted from start) are set. "9-38:4/10" sets 9-12,
 * 19-22, 29-32.
 */
struct region {
	unsigned int start, end, used, group, nbits;
};

/* a decimal number, or N for the last bit; NULL with *@err set on failure */
static const char *getnum(const char *s, unsigned int *num, unsigned int last, int *err)
{
	unsigned long long n = 0;
	const char *p = s;

	if (*s == 'N') {
		*num = last;
		return s + 1;
	}
	for (; *p >= '0' && *p <= '9'; p++) {
		n = n * 10 + (unsigned int)(*p - '0');
		if (n > UINT_MAX) {
			*err = -EOVERFLOW;
			return NULL;
		}
	}
	if (p == s) {
		*err = -EINVAL;
		return NULL;
	}
	*num = (unsigned int)n;
	return p;
}

/* "all", "a", "a-b", each optionally followed by ":used/group" */
static const char *parse_region(const char *s, struct region *r, int *err)
{
	unsigned int last = r->nbits - 1;

	if (!strncasecmp(s, "all", 3)) {
		r->start = 0;
		r->end = last;
		s += 3;
	} else {
		s = getnum(s, &r->start, last, err);
		if (!s)
			return NULL;
		r->end = r->start;
		if (*s == '-') {
			s = getnum(s + 1, &r->end, last, err);
			if (!s)
				return NULL;
		} else if (!end_of_region(*s)) {
			*err = -EINVAL;
			return NULL;
		}
	}
	r->used = r->group = r->end + 1;
	if (end_of_region(*s))
		return s;
	/* what follows the group size is the next region's to judge */
	if (*s != ':' || !(s = getnum(s + 1, &r->used, last, err)))
		goto bad;
	if (*s != '/' || !(s = getnum(s + 1, &r->group, last, err)))
		goto bad;
	return s;
bad:
	if (s)
		*err = -EINVAL;
	return NULL;
}

static int check_region(const struct region *r)
{
	if (r->start > r->end || !r->group || r->used > r->group)
		return -EINVAL;
	if (r->end >= r->nbits)
		return -ERANGE;
	return 0;
}

static int kapi_bitmap_parselist(const char *buf, unsigned long *maskp, int nmaskbits)
{
	struct region r = { .nbits = (unsigned int)nmaskbits };

	memset(maskp, 0, (nmaskbits + LONG_BITS - 1) / LONG_BITS * sizeof(long));
	for (;;) {
		int err = 0;

		while (region_sep(*buf))
			buf++;
		if (end_of_str(*buf))
			return 0;
		buf = parse_region(buf, &r, &err);
		if (!buf)
			return err;
		err = check_region(&r);
		if (err)
			return err;
		for (unsigned int s = r.start; s <= r.end; s += r.group)
			set_bits(maskp, s, r.end - s + 1 < r.used ? r.end - s + 1 : r.used);
		/* a region that ends the string ends the list: "1\n5" is just 1 */
		if (end_of_str(*buf))
			return 0;
	}
}

/* the hex digits of one 32-bit chunk, read backwards from @end; NULL on error */
static const char *hex32_reverse(const char *start, const char *end, uint32_t *num, int *err)
{
	uint32_t v = 0;

	for (int shift = 0; shift < 32; shift += 4) {
		int d = umod_hex_to_bin((unsigned char)*end--);

		if (d < 0) {
			*err = -EINVAL;
			return NULL;
		}
		v |= (uint32_t)d << shift;
		if (start > end || region_sep(*end)) {
			*num = v;
			return end;
		}
	}
	*err = umod_hex_to_bin((unsigned char)*end) >= 0 ? -EOVERFLOW : -EINVAL;
	return NULL;
}

/*
 * Comma-separated chunks of up to 8 hex digits, the last one the lowest
 * 32 bits; white space and empty chunks are allowed. Parsed from the end.
 */
static int kapi_bitmap_parse(const char *start, unsigned int buflen, unsigned long *maskp,
			     int nmaskbits)
{
	unsigned int words = ((unsigned int)nmaskbits + 31) / 32, chunk = 0;
	uint32_t *u32s = (uint32_t *)maskp;
	const char *end = start;
	unsigned int unset;

	/* the last character before a newline, the NUL or @buflen */
	while ((unsigned int)(end - start) < buflen && !end_of_str(*end))
		end++;
	end--;
	for (;; chunk++) {
		int err = 0;

		while (start <= end && region_sep(*end))
			end--;
		if (start > end)
			break;
		if (chunk == words)
			return -EOVERFLOW;
		end = hex32_reverse(start, end, &u32s[chunk], &err);
		if (!end)
			return err;
	}
	unset = chunk * 32;
	if (unset < (unsigned int)nmaskbits) {
		clear_bits(maskp, unset, (unsigned int)nmaskbits - unset);
		return 0;
	}
	/* a digit for a bit past the map's end */
	for (unsigned int b = (unsigned int)nmaskbits; b < unset; b++)
		if (test(maskp, b))
			return -EOVERFLOW;
	return 0;
}

static char *copy_user_string(const char *ubuf, unsigned int ulen, int *err)
{
	char *buf = malloc((size_t)ulen + 1);

	if (!buf) {
		*err = -ENOMEM;
		return NULL;
	}
	if (umod_copy_from_user(buf, ubuf, ulen)) {
		free(buf);
		*err = -EFAULT;
		return NULL;
	}
	buf[ulen] = '\0';
	return buf;
}

static int kapi_bitmap_parse_user(const char *ubuf, unsigned int ulen, unsigned long *maskp,
				  int nmaskbits)
{
	int err = 0;
	char *buf = copy_user_string(ubuf, ulen, &err);

	if (!buf)
		return err;
	err = kapi_bitmap_parse(buf, UINT_MAX, maskp, nmaskbits);
	free(buf);
	return err;
}

static int kapi_bitmap_parselist_user(const char *ubuf, unsigned int ulen,
				      unsigned long *maskp, int nmaskbits)
{
	int err = 0;
	char *buf = copy_user_string(ubuf, ulen, &err);

	if (!buf)
		return err;
	err = kapi_bitmap_parselist(buf, maskp, nmaskbits);
	free(buf);
	return err;
}

/* what a sysfs show writes: "%*pbl\n" or "%*pb\n", cut at the end of buf's page */
static int kapi_bitmap_print_to_pagebuf(bool list, char *buf, const unsigned long *maskp,
					int nmaskbits)
{
	size_t len = PAGE_BYTES - ((uintptr_t)buf & (PAGE_BYTES - 1));
	int n = umod_snprintf(buf, len, list ? "%*pbl\n" : "%*pb\n", nmaskbits, maskp);

	return n < (int)len ? n : (int)len - 1;
}

static void kapi_bitmap_from_arr32(unsigned long *bitmap, const uint32_t *buf,
				   unsigned int nbits)
{
	unsigned int halves = (nbits + 31) / 32;

	for (unsigned int i = 0; i < halves; i++) {
		if (i % 2 == 0)
			bitmap[i / 2] = buf[i];
		else
			bitmap[i / 2] |= (unsigned long)buf[i] << 32;
	}
	if (nbits % LONG_BITS)
		bitmap[(halves - 1) / 2] &= ~0ul >> (LONG_BITS - nbits % LONG_BITS);
}

static void kapi_bitmap_to_arr32(uint32_t *buf, const unsigned long *bitmap,
				 unsigned int nbits)
{
	unsigned int halves = (nbits + 31) / 32;

	for (unsigned int i = 0; i < halves; i++)
		buf[i] = (uint32_t)(bitmap[i / 2] >> (i % 2 ? 32 : 0));
	if (nbits % 32)
		buf[halves - 1] &= ~0u >> (32 - nbits % 32);
}

static unsigned long *bitmap_kmalloc(unsigned int nbits, unsigned int flags, const void *caller)
{
	return umod_kmalloc_lib((nbits + LONG_BITS - 1) / LONG_BITS * sizeof(long), flags, caller);
}

static unsigned long *kapi_bitmap_alloc(unsigned int nbits, unsigned int flags)
{
	return bitmap_kmalloc(nbits, flags, __builtin_return_address(0));
}

static unsigned long *kapi_bitmap_zalloc(unsigned int nbits, unsigned int flags)
{
	return bitmap_kmalloc(nbits, flags | UMOD_GFP_ZERO, __builtin_return_address(0));
}

static void kapi_bitmap_free(const unsigned long *bitmap)
{
	umod_kfree(bitmap);
}

/* is the aligned region of 2^order bits at @pos all clear? */
static bool region_free(const unsigned long *map, unsigned int pos, int order)
{
	for (unsigned int i = pos; i < pos + (1u << order); i++)
		if (test(map, i))
			return false;
	return true;
}

/* the first free aligned region of 2^order bits, taken: its position, or -ENOMEM */
static int kapi_bitmap_find_free_region(unsigned long *bitmap, unsigned int bits, int order)
{
	for (unsigned int pos = 0; pos + (1u << order) <= bits; pos += 1u << order) {
		if (region_free(bitmap, pos, order)) {
			set_bits(bitmap, pos, 1u << order);
			return (int)pos;
		}
	}
	return -ENOMEM;
}

static void kapi_bitmap_release_region(unsigned long *bitmap, unsigned int pos, int order)
{
	clear_bits(bitmap, pos, 1u << order);
}

static int kapi_bitmap_allocate_region(unsigned long *bitmap, unsigned int pos, int order)
{
	if (!region_free(bitmap, pos, order))
		return -EBUSY;
	set_bits(bitmap, pos, 1u << order);
	return 0;
}

static const struct umod_kapi_export bitmap_exports[] = {
	UMOD_KAPI("bitmap_parse", kapi_bitmap_parse),
	UMOD_KAPI("bitmap_parselist", kapi_bitmap_parselist),
	UMOD_KAPI("bitmap_parse_user", kapi_bitmap_parse_user),
	UMOD_KAPI("bitmap_parselist_user", kapi_bitmap_parselist_user),
	UMOD_KAPI("bitmap_print_to_pagebuf", kapi_bitmap_print_to_pagebuf),
	UMOD_KAPI("bitmap_from_arr32", kapi_bitmap_from_arr32),
	UMOD_KAPI("bitmap_to_arr32", kapi_bitmap_to_arr32),
	UMOD_KAPI("bitmap_alloc", kapi_bitmap_alloc),
	UMOD_KAPI("bitmap_zalloc", kapi_bitmap_zalloc),
	UMOD_KAPI("bitmap_free", kapi_bitmap_free),
	UMOD_KAPI("bitmap_find_free_region", kapi_bitmap_find_free_region),
	UMOD_KAPI("bitmap_release_region", kapi_bitmap_release_region),
	UMOD_KAPI("bitmap_allocate_region", kapi_bitmap_allocate_region),
};

const struct umod_kapi_table umod_kapi_bitmap = UMOD_KAPI_TABLE(bitmap_exports);
