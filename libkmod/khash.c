// SPDX-License-Identifier: MIT
/*
 * A string-keyed hash table that iterates in the same order as kmod's.
 *
 * kmod's depmod writes modules.symbols (and orders modules missing from
 * modules.order) by walking its own hash tables, so a byte-identical
 * output needs the same walk: Paul Hsieh's SuperFastHash of the key, a
 * power-of-two number of buckets, and each bucket kept sorted by strcmp().
 * Iteration goes bucket by bucket, each in key order.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libkmod/libkmod.h"

struct khash_entry {
	const char *key;
	void *value;
};

struct khash_bucket {
	struct khash_entry *e;
	unsigned int used, total;
};

struct umod_khash {
	unsigned int n_buckets;
	unsigned int step;	/* bucket growth, as kmod sizes it */
	unsigned int count;
	struct khash_bucket b[];
};

static inline unsigned int get16(const char *p)
{
	return (unsigned int)(unsigned char)p[0] | (unsigned int)(unsigned char)p[1] << 8;
}

/* SuperFastHash; the tail bytes are read as (signed) char, as kmod's are */
static unsigned int superfast(const char *key, unsigned int len)
{
	unsigned int h = len, tmp, rem = len & 3;

	for (len /= 4; len > 0; len--, key += 4) {
		h += get16(key);
		tmp = (get16(key + 2) << 11) ^ h;
		h = (h << 16) ^ tmp;
		h += h >> 11;
	}
	switch (rem) {
	case 3:
		h += get16(key);
		h ^= h << 16;
		h ^= (unsigned int)(signed char)key[2] << 18;
		h += h >> 11;
		break;
	case 2:
		h += get16(key);
		h ^= h << 11;
		h += h >> 17;
		break;
	case 1:
		h += (unsigned int)(signed char)key[0];
		h ^= h << 10;
		h += h >> 1;
	}
	h ^= h << 3;
	h += h >> 5;
	h ^= h << 4;
	h += h >> 17;
	h ^= h << 25;
	h += h >> 6;
	return h;
}

int umod_khash_new(struct umod_khash **hp, unsigned int n_buckets)
{
	struct umod_khash *h;
	unsigned int n = 1;

	while (n < n_buckets)
		n <<= 1;
	h = calloc(1, sizeof(*h) + n * sizeof(h->b[0]));
	if (!h)
		return -ENOMEM;
	h->n_buckets = n;
	h->step = n / 32;
	if (h->step == 0)
		h->step = 4;
	else if (h->step > 64)
		h->step = 64;
	*hp = h;
	return 0;
}

void umod_khash_free(struct umod_khash *h)
{
	if (!h)
		return;
	for (unsigned int i = 0; i < h->n_buckets; i++)
		free(h->b[i].e);
	free(h);
}

static struct khash_bucket *bucket_of(const struct umod_khash *h, const char *key)
{
	unsigned int len = (unsigned int)strlen(key);

	return (struct khash_bucket *)&h->b[superfast(key, len) & (h->n_buckets - 1)];
}

/* first entry whose key is >= @key */
static unsigned int lower_bound(const struct khash_bucket *b, const char *key)
{
	unsigned int lo = 0, hi = b->used;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (strcmp(b->e[mid].key, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int umod_khash_add(struct umod_khash *h, const char *key, void *value, void **oldp)
{
	struct khash_bucket *b = bucket_of(h, key);
	unsigned int i = lower_bound(b, key);

	if (oldp)
		*oldp = NULL;
	if (i < b->used && !strcmp(b->e[i].key, key)) {
		if (oldp)
			*oldp = b->e[i].value;
		b->e[i].key = key;
		b->e[i].value = value;
		return 0;
	}
	if (b->used + 1 >= b->total) {
		struct khash_entry *e = realloc(b->e, (b->total + h->step) * sizeof(*e));

		if (!e)
			return -ENOMEM;
		b->e = e;
		b->total += h->step;
	}
	memmove(&b->e[i + 1], &b->e[i], (b->used - i) * sizeof(b->e[0]));
	b->e[i].key = key;
	b->e[i].value = value;
	b->used++;
	h->count++;
	return 0;
}

void *umod_khash_find(const struct umod_khash *h, const char *key)
{
	const struct khash_bucket *b = bucket_of(h, key);
	unsigned int i = lower_bound(b, key);

	if (i < b->used && !strcmp(b->e[i].key, key))
		return b->e[i].value;
	return NULL;
}

int umod_khash_del(struct umod_khash *h, const char *key)
{
	struct khash_bucket *b = bucket_of(h, key);
	unsigned int i = lower_bound(b, key);

	if (i >= b->used || strcmp(b->e[i].key, key))
		return -ENOENT;
	memmove(&b->e[i], &b->e[i + 1], (b->used - i - 1) * sizeof(b->e[0]));
	b->used--;
	h->count--;
	return 0;
}

unsigned int umod_khash_count(const struct umod_khash *h)
{
	return h->count;
}

int umod_khash_for_each(const struct umod_khash *h,
			int (*fn)(const char *key, void *value, void *data), void *data)
{
	for (unsigned int i = 0; i < h->n_buckets; i++)
		for (unsigned int j = 0; j < h->b[i].used; j++) {
			int ret = fn(h->b[i].e[j].key, h->b[i].e[j].value, data);

			if (ret)
				return ret;
		}
	return 0;
}
