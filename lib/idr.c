// SPDX-License-Identifier: MIT
/*
 * ID allocation (lib/idr.c): struct idr's idr_rt points at a host table
 * of (id, pointer) pairs sorted by id, allocated on the first id and
 * freed with the last, so that DEFINE_IDR() is plain data and
 * idr_is_empty() a test for NULL. One lock serialises every call, which
 * makes idr_find() safe beside idr_alloc() as RCU makes it in Linux;
 * callbacks (idr_for_each) run without it. An ida is an idr whose
 * pointers are all the same marker.
 *
 * Lookup and allocation are binary searches (the lowest free id is the end
 * of the run of consecutive ids at the start); inserting moves the pairs
 * above it, nothing when ids are handed out in order.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <umod/kabi/idr.h>

#include "kernel/kapi.h"
#include "kernel/panic.h"
#include "lib/klib.h"

struct idr_slot {
	unsigned long id;
	void *ptr;
};

struct idr_table {
	size_t n, cap;
	struct idr_slot *v;
};

static pthread_mutex_t idr_lock = PTHREAD_MUTEX_INITIALIZER;
static char ida_marker;

/* the first slot whose id is >= @id */
static size_t find_pos(const struct idr_table *t, unsigned long id)
{
	size_t lo = 0, hi = t ? t->n : 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->v[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static struct idr_slot *find_slot(const struct idr *idr, unsigned long id)
{
	struct idr_table *t = idr->idr_rt;
	size_t pos = find_pos(t, id);

	return t && pos < t->n && t->v[pos].id == id ? &t->v[pos] : NULL;
}

/*
 * The lowest id in [@start, @max] not in use; false if none. Ids are
 * sorted and unique, so id - index never decreases and stays constant
 * along a run of consecutive ids: a binary search finds the run's end.
 */
static bool lowest_free(const struct idr_table *t, unsigned long start, unsigned long max,
			unsigned long *id)
{
	size_t pos = find_pos(t, start), lo, hi;
	unsigned long want = start;

	if (t && pos < t->n && t->v[pos].id == start) {
		unsigned long base = t->v[pos].id - pos;

		lo = pos;
		hi = t->n;
		while (lo + 1 < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (t->v[mid].id - mid == base)
				lo = mid;
			else
				hi = mid;
		}
		want = t->v[lo].id + 1;
	}
	if (want > max || want < start)
		return false;
	*id = want;
	return true;
}

static int insert(struct idr *idr, unsigned long id, void *ptr)
{
	struct idr_table *t = idr->idr_rt;
	size_t pos;

	if (!t) {
		t = calloc(1, sizeof(*t));
		if (!t)
			return -ENOMEM;
		idr->idr_rt = t;
	}
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		struct idr_slot *v = realloc(t->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		t->v = v;
		t->cap = cap;
	}
	pos = find_pos(t, id);
	memmove(&t->v[pos + 1], &t->v[pos], (t->n - pos) * sizeof(*t->v));
	t->v[pos].id = id;
	t->v[pos].ptr = ptr;
	t->n++;
	return 0;
}

static void table_free(struct idr *idr)
{
	struct idr_table *t = idr->idr_rt;

	if (t)
		free(t->v);
	free(t);
	idr->idr_rt = NULL;
}

static void *remove_id(struct idr *idr, unsigned long id)
{
	struct idr_table *t = idr->idr_rt;
	struct idr_slot *s = find_slot(idr, id);
	void *ptr;

	if (!s)
		return NULL;
	ptr = s->ptr;
	memmove(s, s + 1, (size_t)(&t->v[t->n] - (s + 1)) * sizeof(*s));
	if (--t->n == 0)
		table_free(idr);
	return ptr;
}

/* an id in [max(*nextid, base), max] for @ptr, into *nextid: 0, -ENOSPC, -ENOMEM */
static int alloc_locked(struct idr *idr, void *ptr, unsigned long start, unsigned long max,
			unsigned long *out)
{
	if (start < idr->idr_base)
		start = idr->idr_base;
	if (start > max || !lowest_free(idr->idr_rt, start, max, out))
		return -ENOSPC;
	return insert(idr, *out, ptr);
}

int umod_idr_alloc_u32(struct idr *idr, void *ptr, uint32_t *nextid, unsigned long max,
		       unsigned int gfp)
{
	unsigned long id;
	int err;

	pthread_mutex_lock(&idr_lock);
	err = alloc_locked(idr, ptr, *nextid, max, &id);
	pthread_mutex_unlock(&idr_lock);
	if (!err)
		*nextid = (uint32_t)id;
	return err;
}

/* the lowest free id in [@start, @end), @end <= 0 meaning INT_MAX + 1 */
int umod_idr_alloc(struct idr *idr, void *ptr, int start, int end, unsigned int gfp)
{
	unsigned long max = end > 0 ? (unsigned long)end - 1 : INT_MAX, id;
	int err;

	if (start < 0)
		return -EINVAL;
	pthread_mutex_lock(&idr_lock);
	err = alloc_locked(idr, ptr, (unsigned long)start, max, &id);
	pthread_mutex_unlock(&idr_lock);
	return err ? err : (int)id;
}

/* from where the last one left off, wrapping round to @start */
int umod_idr_alloc_cyclic(struct idr *idr, void *ptr, int start, int end, unsigned int gfp)
{
	unsigned long max = end > 0 ? (unsigned long)end - 1 : INT_MAX, id;
	unsigned long from;
	int err;

	if (start < 0)
		return -EINVAL;
	pthread_mutex_lock(&idr_lock);
	from = idr->idr_next > (unsigned int)start ? idr->idr_next : (unsigned long)start;
	err = alloc_locked(idr, ptr, from > max ? (unsigned long)start : from, max, &id);
	if (err == -ENOSPC && from > (unsigned long)start)
		err = alloc_locked(idr, ptr, (unsigned long)start, max, &id);
	if (!err)
		idr->idr_next = (unsigned int)id + 1;
	pthread_mutex_unlock(&idr_lock);
	return err ? err : (int)id;
}

void *umod_idr_find(const struct idr *idr, unsigned long id)
{
	struct idr_slot *s;
	void *ptr;

	pthread_mutex_lock(&idr_lock);
	s = find_slot(idr, id);
	ptr = s ? s->ptr : NULL;
	pthread_mutex_unlock(&idr_lock);
	return ptr;
}

void *umod_idr_remove(struct idr *idr, unsigned long id)
{
	void *ptr;

	pthread_mutex_lock(&idr_lock);
	ptr = remove_id(idr, id);
	pthread_mutex_unlock(&idr_lock);
	return ptr;
}

/* the old pointer, or ERR_PTR(-ENOENT) if @id is not allocated */
static void *kapi_idr_replace(struct idr *idr, void *ptr, unsigned long id)
{
	struct idr_slot *s;
	void *old = (void *)(intptr_t)-ENOENT;

	pthread_mutex_lock(&idr_lock);
	s = find_slot(idr, id);
	if (s) {
		old = s->ptr;
		s->ptr = ptr;
	}
	pthread_mutex_unlock(&idr_lock);
	return old;
}

/* the first non-NULL entry with an id >= *@nextid, its id into *@nextid */
void *umod_idr_get_next_ul(struct idr *idr, unsigned long *nextid)
{
	struct idr_table *t;
	void *ptr = NULL;

	pthread_mutex_lock(&idr_lock);
	t = idr->idr_rt;
	for (size_t pos = find_pos(t, *nextid); t && pos < t->n; pos++) {
		if (t->v[pos].ptr) {
			ptr = t->v[pos].ptr;
			*nextid = t->v[pos].id;
			break;
		}
	}
	pthread_mutex_unlock(&idr_lock);
	return ptr;
}

void *umod_idr_get_next(struct idr *idr, int *nextid)
{
	unsigned long id = (unsigned long)*nextid;
	void *ptr = umod_idr_get_next_ul(idr, &id);

	if (!ptr || id > INT_MAX)
		return NULL;
	*nextid = (int)id;
	return ptr;
}

/* @fn for each entry, in id order, until it returns non-zero */
static int kapi_idr_for_each(const struct idr *idr, int (*fn)(int id, void *p, void *data),
			     void *data)
{
	unsigned long id = 0;
	void *p;

	while ((p = umod_idr_get_next_ul((struct idr *)idr, &id)) && id <= INT_MAX) {
		int ret = fn((int)id, p, data);

		if (ret)
			return ret;
		id++;
	}
	return 0;
}

void umod_idr_destroy(struct idr *idr)
{
	pthread_mutex_lock(&idr_lock);
	table_free(idr);
	pthread_mutex_unlock(&idr_lock);
}

/* ---- ida ---------------------------------------------------------------------- */

int umod_ida_alloc_range(struct ida *ida, unsigned int min, unsigned int max, unsigned int gfp)
{
	unsigned long id;
	int err;

	if ((int)min < 0)
		return -ENOSPC;
	if ((int)max < 0)
		max = INT_MAX;
	pthread_mutex_lock(&idr_lock);
	err = alloc_locked(&ida->idr, &ida_marker, min, max, &id);
	pthread_mutex_unlock(&idr_lock);
	return err ? err : (int)id;
}

void umod_ida_free(struct ida *ida, unsigned int id)
{
	void *p;

	pthread_mutex_lock(&idr_lock);
	p = remove_id(&ida->idr, id);
	pthread_mutex_unlock(&idr_lock);
	if (!p)
		umod_warn_host("lib/idr.c", 525, "ida_free",
			       "ida_free called for id=%d which is not allocated.\n", (int)id);
}

static void kapi_ida_destroy(struct ida *ida)
{
	umod_idr_destroy(&ida->idr);
}

static const struct umod_kapi_export idr_exports[] = {
	UMOD_KAPI_GPL("idr_alloc", umod_idr_alloc),
	UMOD_KAPI_GPL("idr_alloc_u32", umod_idr_alloc_u32),
	UMOD_KAPI("idr_alloc_cyclic", umod_idr_alloc_cyclic),
	UMOD_KAPI_GPL("idr_find", umod_idr_find),
	UMOD_KAPI_GPL("idr_remove", umod_idr_remove),
	UMOD_KAPI("idr_replace", kapi_idr_replace),
	UMOD_KAPI("idr_get_next", umod_idr_get_next),
	UMOD_KAPI("idr_get_next_ul", umod_idr_get_next_ul),
	UMOD_KAPI("idr_for_each", kapi_idr_for_each),
	UMOD_KAPI("idr_destroy", umod_idr_destroy),
	UMOD_KAPI("ida_alloc_range", umod_ida_alloc_range),
	UMOD_KAPI("ida_free", umod_ida_free),
	UMOD_KAPI("ida_destroy", kapi_ida_destroy),
};

const struct umod_kapi_table umod_kapi_idr = UMOD_KAPI_TABLE(idr_exports);
